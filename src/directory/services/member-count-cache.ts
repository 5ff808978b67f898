import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../../common/redis/redis.service.js';

/** How long a member count may be reused; the published contract is "at most 20 minutes". */
export const MEMBER_COUNT_TTL_MS = 20 * 60 * 1000;
const REDIS_KEY = 'agentry:directory:member-count';

export interface CountedValue {
  count: number;
  countedAt: Date;
}

/**
 * The cached count of active members. With Redis configured the value is shared by every instance
 * (one SET with an expiry); otherwise each process keeps its own copy. A Redis failure falls back
 * to the in-process copy rather than failing the caller.
 */
@Injectable()
export class MemberCountCache {
  private readonly logger = new Logger('MemberCountCache');
  private local?: CountedValue;
  private pending?: Promise<CountedValue>;

  constructor(private readonly redis: RedisService) {}

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
        const value = { count: await count(), countedAt: new Date() };
        this.local = value;
        await this.writeShared(value);
        return value;
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }

  /** Forgets the cached count (after an operator changes the directory). */
  async invalidate(): Promise<void> {
    this.local = undefined;
    if (!this.redis.client || !this.redis.available) return;
    try {
      await this.redis.client.del(REDIS_KEY);
    } catch (e) {
      this.redis.reportFailure(e);
      this.logger.debug(`Could not clear the shared member count: ${(e as Error).message}`);
    }
  }

  private async readShared(now: Date): Promise<CountedValue | undefined> {
    if (!this.redis.client || !this.redis.available) return undefined;
    try {
      const raw = await this.redis.client.get(REDIS_KEY);
      if (!raw) return undefined;
      const parsed = JSON.parse(raw) as { count?: unknown; countedAt?: unknown };
      if (typeof parsed.count !== 'number' || typeof parsed.countedAt !== 'string') return undefined;
      const countedAt = new Date(parsed.countedAt);
      if (Number.isNaN(countedAt.getTime()) || now.getTime() - countedAt.getTime() >= MEMBER_COUNT_TTL_MS) return undefined;
      return { count: parsed.count, countedAt };
    } catch (e) {
      this.redis.reportFailure(e);
      this.logger.debug(`Shared member count unavailable, using the local one: ${(e as Error).message}`);
      return undefined;
    }
  }

  private async writeShared(value: CountedValue): Promise<void> {
    if (!this.redis.client || !this.redis.available) return;
    try {
      await this.redis.client.set(
        REDIS_KEY,
        JSON.stringify({ count: value.count, countedAt: value.countedAt.toISOString() }),
        'PX',
        MEMBER_COUNT_TTL_MS,
      );
    } catch (e) {
      this.redis.reportFailure(e);
      this.logger.debug(`Could not share the member count: ${(e as Error).message}`);
    }
  }
}
