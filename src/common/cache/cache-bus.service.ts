import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisService } from '../redis/redis.service.js';

const CHANNEL = 'agentry:cache-invalidate';

/**
 * Cache invalidation across instances. A module registers what to forget per topic; after its
 * change commits it calls invalidate(topic): the listeners run here at once, and through Redis
 * pub/sub on every other instance. Shared values are versioned: `generation(topic)` lives in Redis
 * and invalidate bumps it, so a value computed before a change is never accepted after it.
 * Without Redis it is local only. While Redis is unreachable, messages can be missed, so when it
 * returns every topic is invalidated once here (and bumped, for the ones that failed to publish).
 */
@Injectable()
export class CacheBus implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CacheBus');
  private readonly listeners = new Map<string, Array<() => void>>();
  private readonly origin = randomUUID();
  private subscriber?: Redis;
  private readonly unpublished = new Set<string>();
  /** Invalidations received from other instances (for tests and metrics). */
  received = 0;

  constructor(private readonly redis: RedisService) {}

  onApplicationBootstrap(): void {
    const client = this.redis.client;
    if (!client) return;
    const sub = client.duplicate();
    this.subscriber = sub;
    sub.on('error', () => undefined);
    let wasReady = false;
    sub.on('ready', () => {
      sub.subscribe(CHANNEL).catch(() => undefined);
      if (wasReady) void this.recovered();
      wasReady = true;
    });
    sub.on('message', (_channel: string, raw: string) => {
      try {
        const { topic, origin } = JSON.parse(raw) as { topic?: string; origin?: string };
        if (typeof topic !== 'string' || origin === this.origin) return;
        this.received++;
        this.runLocal(topic);
      } catch {
        // Not one of ours.
      }
    });
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  /** What to forget in this process when `topic` changes (anywhere). */
  on(topic: string, listener: () => void): void {
    const list = this.listeners.get(topic) ?? [];
    list.push(listener);
    this.listeners.set(topic, list);
  }

  /** Call after the change committed: forgets here, bumps the shared generation, tells the other instances. */
  async invalidate(topic: string): Promise<void> {
    this.runLocal(topic);
    await this.publish(topic);
  }

  /** The shared generation of a topic (0 without Redis or while it is unreachable: callers then skip the shared value). */
  async generation(topic: string): Promise<number | undefined> {
    const client = this.redis.client;
    if (!client || !this.redis.available) return undefined;
    try {
      const value = await client.get(`agentry:gen:${topic}`);
      this.redis.reportSuccess();
      return Number(value ?? 0);
    } catch (error) {
      this.redis.reportFailure(error);
      return undefined;
    }
  }

  private runLocal(topic: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }

  private async publish(topic: string): Promise<void> {
    const client = this.redis.client;
    if (!client) return;
    try {
      if (!this.redis.available) throw new Error('Redis unavailable');
      await client.incr(`agentry:gen:${topic}`);
      await client.publish(CHANNEL, JSON.stringify({ topic, origin: this.origin }));
      this.redis.reportSuccess();
    } catch (error) {
      this.redis.reportFailure(error);
      this.unpublished.add(topic);
    }
  }

  private async recovered(): Promise<void> {
    this.logger.log('Redis is back: forgetting local caches once, in case an invalidation was missed');
    for (const topic of this.listeners.keys()) this.runLocal(topic);
    const pending = [...this.unpublished];
    this.unpublished.clear();
    for (const topic of pending) await this.publish(topic);
  }
}
