import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { timingSafeEqual } from 'node:crypto';
import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { bearerToken } from '../auth/token.js';
import { OperatorsService } from '../auth/operators.service.js';
import { MailService } from '../mail/mail.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { RedisService } from '../redis/redis.service.js';
import { metricsRegistry } from './http-metrics.js';

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Operator metrics in the Prometheus text format: HTTP requests and latency per surface (from the
 * hooks), rate-limit refusals and fallbacks, Redis reachability, outbox depth and delivery
 * outcomes, database pool usage, and the process metrics (event-loop delay included).
 */
@Injectable()
export class MetricsService implements OnModuleInit {
  constructor(
    private readonly config: AppConfig,
    private readonly operators: OperatorsService,
    private readonly rateLimits: RateLimitService,
    private readonly redis: RedisService,
    private readonly mail: MailService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    // Gauges read the current instances at scrape time; re-registering (a second app in one process) replaces them.
    for (const name of [
      'agentry_rate_limit_refusals',
      'agentry_rate_limit_local_fallbacks',
      'agentry_redis_up',
      'agentry_outbox_messages',
      'agentry_outbox_queue_jobs',
      'agentry_outbox_attempts',
      'agentry_db_pool_connections',
    ]) {
      metricsRegistry.removeSingleMetric(name);
    }
    const { rateLimits, redis, mail } = this;
    const pool = (): PgPool | undefined => (this.dataSource.driver as unknown as { master?: PgPool }).master;
    new Gauge({
      name: 'agentry_rate_limit_refusals',
      help: 'Requests refused by a rate-limit budget since start, per budget.',
      labelNames: ['budget'],
      registers: [metricsRegistry],
      collect() {
        for (const [budget, n] of rateLimits.refusals) this.set({ budget }, n);
      },
    });
    new Gauge({
      name: 'agentry_rate_limit_local_fallbacks',
      help: 'Budget checks counted in process because Redis was unreachable, since start.',
      registers: [metricsRegistry],
      collect() {
        this.set(rateLimits.fallbackCount);
      },
    });
    new Gauge({
      name: 'agentry_redis_up',
      help: '1 while Redis answers, 0 while it is configured but unreachable (absent without REDIS_URL).',
      registers: [metricsRegistry],
      collect() {
        if (redis.client) this.set(redis.available ? 1 : 0);
      },
    });
    new Gauge({
      name: 'agentry_outbox_messages',
      help: 'Messages in the outbox per status (queued is the depth; dead is the dead letter).',
      labelNames: ['status'],
      registers: [metricsRegistry],
      async collect() {
        const counts = await mail.counts().catch(() => undefined);
        if (!counts) return;
        for (const status of ['queued', 'sent', 'held', 'failed', 'dead']) this.set({ status }, counts.byStatus[status] ?? 0);
      },
    });
    new Gauge({
      name: 'agentry_outbox_attempts',
      help: 'Delivery attempts by this process since start, per outcome (sent, retry, failed, dead).',
      labelNames: ['outcome'],
      registers: [metricsRegistry],
      collect() {
        for (const [outcome, n] of Object.entries(mail.attempts)) this.set({ outcome }, n);
      },
    });
    new Gauge({
      name: 'agentry_db_pool_connections',
      help: 'Database pool connections of this process: total, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [metricsRegistry],
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'total' }, p.totalCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
      },
    });
  }

  /**
   * The metrics text for an authorised scraper: METRICS_TOKEN when set, or any operator token.
   * @throws unauthorized (401), forbidden (403, revoked operator)
   */
  async scrape(authorization: string | undefined): Promise<{ contentType: string; body: string }> {
    const token = bearerToken(authorization);
    const scrapeToken = this.config.metricsToken;
    const matches =
      token !== undefined &&
      scrapeToken !== undefined &&
      token.length === scrapeToken.length &&
      timingSafeEqual(Buffer.from(token), Buffer.from(scrapeToken));
    if (!matches) await this.operators.authenticate(token);
    return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
  }
}
