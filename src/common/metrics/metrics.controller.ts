import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '../http/swagger.js';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { MetricsService } from './metrics.service.js';

/** GET /metrics for Prometheus: a METRICS_TOKEN or an operator token as the bearer (checked by the service). */
@ApiExcludeController()
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { contentType, body } = await this.metrics.scrape(authorization);
    void reply.header('content-type', contentType).header('cache-control', 'no-store');
    return body;
  }
}
