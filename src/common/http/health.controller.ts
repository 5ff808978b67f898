import { Controller, Get, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator.js';
import { RedisService } from '../redis/redis.service.js';

/** Liveness and readiness probes. Never rate-limited. */
@Public()
@SkipThrottle()
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisService,
  ) {}

  @Get('healthz')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * 200 `ready`; 200 `degraded` while only Redis is down (requests are served with per-instance
   * budgets and caches, so a load balancer keeps sending traffic); 503 when the database is down.
   */
  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, unknown>> {
    const [database, redis] = await Promise.all([this.databaseUp(), this.redis.ping()]);
    const checks: Record<string, 'up' | 'down'> = { database: database ? 'up' : 'down' };
    if (this.redis.client) checks.redis = redis ? 'up' : 'down';
    if (!database) {
      void reply.status(503);
      return { status: 'unavailable', checks, error: 'not_ready', message: 'Not ready: database unavailable' };
    }
    if (checks.redis === 'down') {
      return {
        status: 'degraded',
        checks,
        message: 'Redis is unavailable: rate limits are counted per instance and caches are local until it returns',
      };
    }
    return { status: 'ready', checks };
  }

  private async databaseUp(): Promise<boolean> {
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      return true;
    } catch {
      return false;
    }
  }
}
