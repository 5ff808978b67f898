import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../../config/app-config.js';

/**
 * The shared Redis connection when REDIS_URL is set; `client` is null otherwise and callers use
 * their in-process fallback. Commands fail fast instead of queueing while Redis is down.
 */
@Injectable()
export class RedisService implements OnModuleDestroy {
  readonly client: Redis | null;
  private readonly logger = new Logger('Redis');

  constructor(config: AppConfig) {
    if (!config.redisUrl) {
      this.client = null;
      return;
    }
    this.client = new Redis(config.redisUrl, {
      lazyConnect: false,
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 3000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.client.on('error', (e: Error) => this.logger.warn(`Redis error: ${e.message}`));
  }

  async ping(): Promise<boolean> {
    if (!this.client) return true;
    try {
      return (await Promise.race([
        this.client.ping(),
        new Promise<string>((_, reject) => setTimeout(() => reject(new Error('timeout')), 1500)),
      ])) === 'PONG';
    } catch {
      return false;
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.client) await this.client.quit().catch(() => this.client?.disconnect());
  }
}
