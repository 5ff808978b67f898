import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import type { LRUCache } from 'lru-cache';
import { countBoundedLru } from '../cache/count-bounded-lru.js';

interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

// Fixed window per key, counted atomically on the server, so every instance shares one budget.
const INCREMENT = `
local hits = redis.call('INCRBY', KEYS[1], ARGV[2])
if hits == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}
`;

/**
 * A ThrottlerStorage on Redis. Written here rather than taken from @nest-lab/throttler-storage-redis
 * because that package does not yet declare support for Nest 12; this is one Lua script.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'agentry:rl:',
  ) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, name: string) {
    return this.incrementBy(key, ttl, limit, name, 1);
  }

  async incrementBy(key: string, ttl: number, limit: number, name: string, cost: number): Promise<ThrottlerStorageRecord> {
    const [hits, pttl] = (await this.redis.eval(INCREMENT, 1, `${this.prefix}${name}:${key}`, ttl, cost)) as [number, number];
    const seconds = Math.ceil(pttl / 1000);
    return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? seconds : 0 };
  }
}

interface CountWindow {
  hits: number;
  expiresAt: number;
}

/** Keys kept per budget in process; past it the least recently counted key is forgotten (its window restarts). */
export const MEMORY_STORE_MAX_KEYS = 100_000;

/**
 * The in-process equivalent (one instance only): fixed windows per budget name and key, in a bounded LRU
 * (lru-cache) per budget. Expiry is checked when a key is read (O(1)); nothing sweeps the whole store on
 * the event loop, and a flood of fresh keys (rotating addresses) cannot grow it past MEMORY_STORE_MAX_KEYS.
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, LRUCache<string, CountWindow>>();

  constructor(private readonly maxKeys = MEMORY_STORE_MAX_KEYS) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, name: string) {
    return this.incrementBy(key, ttl, limit, name, 1);
  }

  async incrementBy(key: string, ttl: number, limit: number, name: string, cost: number): Promise<ThrottlerStorageRecord> {
    return this.incrementNow(key, ttl, limit, name, cost);
  }

  /** The same count without a promise: the in-process store never waits. */
  incrementNow(key: string, ttl: number, limit: number, name: string, cost: number): ThrottlerStorageRecord {
    const window = this.countNow(key, ttl, name, cost);
    const seconds = Math.max(1, Math.ceil((window.expiresAt - Date.now()) / 1000));
    const blocked = window.hits > limit;
    return { totalHits: window.hits, timeToExpire: seconds, isBlocked: blocked, timeToBlockExpire: blocked ? seconds : 0 };
  }

  /**
   * Adds `cost` to a key's current window and returns that window (live: read it, do not keep it).
   * Allocates nothing while the window lasts; per-request callers that only need the verdict use it.
   */
  countNow(key: string, ttl: number, name: string, cost: number): Readonly<CountWindow> {
    const now = Date.now();
    let byKey = this.windows.get(name);
    if (byKey === undefined) {
      byKey = countBoundedLru<string, CountWindow>(this.maxKeys);
      this.windows.set(name, byKey);
    }
    const renewed = now + ttl;
    let window = byKey.get(key);
    if (window === undefined) {
      window = { hits: 0, expiresAt: renewed };
      byKey.set(key, window);
    }
    // A window that has run out restarts here. Written without a branch of its own: every count runs
    // the same operations whether or not the window rolls over (a branch first taken a minute after
    // start would deoptimize the optimized request path — docs/benchmarks.md, "MCP engine: session 10").
    const expired = window.expiresAt <= now;
    window.hits = (expired ? 0 : window.hits) + cost;
    window.expiresAt = expired ? renewed : window.expiresAt;
    return window;
  }

  /** Keys held for a budget (tests). */
  size(name: string): number {
    return this.windows.get(name)?.size ?? 0;
  }
}

export type CountingThrottlerStorage = RedisThrottlerStorage | MemoryThrottlerStorage;
