import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from './swagger.js';
import { ApiOp, apiSchema, enumOf, mapOf, obj, str } from './openapi-kit.js';
import { SkipThrottle } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator.js';
import { RedisService } from '../redis/redis.service.js';
import { SearchReadiness } from '../search/search-readiness.js';

const Readiness = apiSchema(
  'Readiness',
  obj(
    {
      status: enumOf(['ready', 'degraded', 'unavailable']),
      checks: mapOf(enumOf(['up', 'down']), {
        description: 'database; redis when REDIS_URL is set; search (the in-process search indexes).',
      }),
    },
    { optional: { error: str({ enum: ['not_ready'] }), message: str() } },
  ),
);

/** Liveness and readiness probes. Never rate-limited. */
@ApiTags('Service')
@Public()
@SkipThrottle()
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisService,
    private readonly search: SearchReadiness,
  ) {}

  @Get('healthz')
  @ApiOp('getHealth', 'Liveness probe', 'Answers 200 while the process serves HTTP; checks no dependency. Never rate-limited.')
  @ApiOkResponse({ schema: apiSchema('Health', obj({ status: str({ enum: ['ok'] }) })) })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * 200 `ready`; 200 `degraded` while only Redis is down (requests are served with per-instance
   * budgets and caches, so a load balancer keeps sending traffic); 503 when the database is down, and
   * 503 with `checks.search: down` until the in-process search indexes are built after boot.
   */
  @Get('readyz')
  @ApiOp(
    'getReadiness',
    'Readiness probe',
    '200 `ready`; 200 `degraded` while only Redis is down (requests are served with per-instance budgets and caches); 503 `unavailable` when the database is down, or until the in-process search indexes have been built once after boot (`checks.search: down`). Never rate-limited.',
  )
  @ApiOkResponse({ schema: Readiness })
  @ApiServiceUnavailableResponse({
    description: 'The database is down, or the search indexes are still being built after boot.',
    schema: Readiness,
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, unknown>> {
    const [database, redis, building] = await Promise.all([this.databaseUp(), this.redis.ping(), this.search.pending(1000)]);
    const checks: Record<string, 'up' | 'down'> = { database: database ? 'up' : 'down' };
    if (this.redis.client) checks.redis = redis ? 'up' : 'down';
    if (!database) {
      void reply.status(503);
      return { status: 'unavailable', checks, error: 'not_ready', message: 'Not ready: database unavailable' };
    }
    if (building.length) {
      checks.search = 'down';
      void reply.status(503);
      return { status: 'unavailable', checks, error: 'not_ready', message: `Not ready: search index being built (${building.join(', ')})` };
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
