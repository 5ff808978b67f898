import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import { AppConfig } from '../../config/app-config.js';

/** How long one Redis command may take before the caller falls back to its in-process path. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The shared Redis connection when REDIS_URL is set; `client` is null otherwise and callers use
 * their in-process fallback. Redis is an accelerator, never a single point of failure:
 * - commands fail fast while it is unreachable (no offline queue, no retries per request, a
 *   command timeout), so callers fall back at once instead of waiting through reconnects;
 * - `available` says whether the connection is ready, so hot paths skip it without trying;
 * - it reconnects by itself forever (capped backoff), and logs once per outage, not per error.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: Redis | null;
  private readonly logger = new Logger('Redis');
  private up = false;
  private outageSince?: number;
  private suspendedUntil = 0;
  /** Outages that have ended so far (for metrics and tests). */
  outages = 0;

  constructor(config: AppConfig) {
    if (!config.redisUrl) {
      this.client = null;
      return;
    }
    // Loaded only with REDIS_URL: an instance without Redis never loads ioredis (~10 MB of heap).
    const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    this.client = new RedisClient(config.redisUrl, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 1000,
      // Keep trying forever, at most every two seconds: recovery needs no restart.
      retryStrategy: (times) => Math.min(times * 100, 2000),
    });
    this.client.on('ready', () => this.setUp(true));
    this.client.on('close', () => this.setUp(false));
    this.client.on('end', () => this.setUp(false));
    // One line per outage is logged by setUp; the per-attempt errors would be a storm.
    this.client.on('error', () => this.setUp(false));
  }

  /** True while the connection is ready and no command failed in the last second; false without REDIS_URL. */
  get available(): boolean {
    return this.client !== null && this.up && Date.now() >= this.suspendedUntil;
  }

  /** Whether Redis is configured but unreachable right now (requests are served degraded). */
  get degraded(): boolean {
    return this.client !== null && !this.available;
  }

  /**
   * Records that a command failed or timed out. The connection may still look ready while Redis
   * hangs, so callers skip it for a second instead of each waiting for the command timeout.
   */
  reportFailure(error: unknown): void {
    this.suspendedUntil = Date.now() + 1000;
    if (this.outageSince === undefined) {
      this.outageSince = Date.now();
      this.logger.warn(
        `Redis command failed (${error instanceof Error ? error.message : String(error)}); serving from in-process fallbacks until it answers again`,
      );
    }
  }

  /** Records that a command succeeded (ends an outage that only failed commands had shown). */
  reportSuccess(): void {
    if (this.outageSince !== undefined && this.up) this.recovered();
  }

  async ping(): Promise<boolean> {
    if (!this.client) return true;
    if (!this.up) return false;
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /** After the HTTP server drained: requests still in flight at SIGTERM keep their shared budgets. */
  async onApplicationShutdown(): Promise<void> {
    if (this.client) await this.client.quit().catch(() => this.client?.disconnect());
  }

  private setUp(up: boolean): void {
    this.up = up;
    if (up) {
      this.suspendedUntil = 0;
      if (this.outageSince !== undefined) this.recovered();
    } else if (this.outageSince === undefined) {
      this.outageSince = Date.now();
      this.logger.warn('Redis is unreachable: rate limits fall back to per-instance budgets and caches to this process until it returns');
    }
  }

  private recovered(): void {
    this.logger.log(`Redis answers again after ${Date.now() - (this.outageSince ?? Date.now())} ms; shared budgets and caches resume`);
    this.outageSince = undefined;
    this.outages++;
  }
}
