import { Injectable } from '@nestjs/common';
import { CacheBus } from '../../common/cache/cache-bus.service.js';
import { RedisService } from '../../common/redis/redis.service.js';

/** How long a member count may be reused; the published contract is "at most 20 minutes". */
export const MEMBER_COUNT_TTL_MS = 20 * 60 * 1000;
/** The cache topic of everything derived from the member table. */
export const DIRECTORY_CACHE_TOPIC = 'directory';
const REDIS_KEY = 'agentry:directory:member-count';
const GENERATION_KEY = `agentry:gen:${DIRECTORY_CACHE_TOPIC}`;

export interface CountedValue {
  count: number;
  countedAt: Date;
}

/**
 * The cached count of active members. With Redis configured the value is shared by every instance
 * (one SET with an expiry), tagged with the directory's cache generation: a count taken before a
 * change is never accepted after it, even if it is written late. Otherwise (or while Redis is
 * unreachable) each process keeps its own copy; a Redis failure never fails the caller.
 */
@Injectable()
export class MemberCountCache {
  private local?: CountedValue;
  private pending?: Promise<CountedValue>;
  /** Bumped whenever the directory changes here or on another instance. */
  private localGeneration = 0;

  constructor(
    private readonly redis: RedisService,
    private readonly bus: CacheBus,
  ) {
    bus.on(DIRECTORY_CACHE_TOPIC, () => {
      this.local = undefined;
      this.localGeneration++;
    });
  }

  /** The local count while it is fresh, without waiting for anything (the hot path). */
  fresh(now = Date.now()): CountedValue | undefined {
    const local = this.local;
    return local && now - local.countedAt.getTime() < MEMBER_COUNT_TTL_MS ? local : undefined;
  }

  async get(count: () => Promise<number>, now = new Date()): Promise<CountedValue> {
    const local = this.fresh(now.getTime());
    if (local) return local;
    const shared = await this.readShared(now);
    if (shared) {
      this.local = shared;
      return shared;
    }
    // One count at a time per process, however many callers arrive together.
    this.pending ??= (async () => {
      try {
        const generation = this.localGeneration;
        const sharedGeneration = await this.bus.generation(DIRECTORY_CACHE_TOPIC);
        const value = { count: await count(), countedAt: new Date() };
        // A change that committed while we counted makes this count stale: hand it out, keep nothing.
        if (generation === this.localGeneration) {
          this.local = value;
          if (sharedGeneration !== undefined) await this.writeShared(value, sharedGeneration);
        }
        return value;
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }

  /** Forgets the cached count everywhere (call after the change committed). */
  async invalidate(): Promise<void> {
    await this.bus.invalidate(DIRECTORY_CACHE_TOPIC);
  }

  private async readShared(now: Date): Promise<CountedValue | undefined> {
    const client = this.redis.client;
    if (!client || !this.redis.available) return undefined;
    try {
      const [raw, generation] = await client.mget(REDIS_KEY, GENERATION_KEY);
      this.redis.reportSuccess();
      if (!raw) return undefined;
      const parsed = JSON.parse(raw) as { count?: unknown; countedAt?: unknown; generation?: unknown };
      if (typeof parsed.count !== 'number' || typeof parsed.countedAt !== 'string') return undefined;
      if (parsed.generation !== Number(generation ?? 0)) return undefined;
      const countedAt = new Date(parsed.countedAt);
      if (Number.isNaN(countedAt.getTime()) || now.getTime() - countedAt.getTime() >= MEMBER_COUNT_TTL_MS) return undefined;
      return { count: parsed.count, countedAt };
    } catch (e) {
      this.redis.reportFailure(e);
      return undefined;
    }
  }

  private async writeShared(value: CountedValue, generation: number): Promise<void> {
    const client = this.redis.client;
    if (!client || !this.redis.available) return;
    try {
      await client.set(
        REDIS_KEY,
        JSON.stringify({ count: value.count, countedAt: value.countedAt.toISOString(), generation }),
        'PX',
        MEMBER_COUNT_TTL_MS,
      );
      this.redis.reportSuccess();
    } catch (e) {
      this.redis.reportFailure(e);
    }
  }
}
