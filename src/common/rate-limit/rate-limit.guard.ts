import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../http/client-ip.js';
import { RateLimitService } from './rate-limit.service.js';
import { RATE_POLICY } from './rate-policy.decorator.js';

/**
 * The global throttler guard with the published headers: RateLimit-Policy, RateLimit-Limit and
 * X-RateLimit-Limit (no RateLimit-Remaining under the general policy), and on refusal 429 with
 * Retry-After and `{"error":"rate_limited"}`. Routes opt out with @SkipThrottle().
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly rateLimits: RateLimitService,
  ) {
    super(options, storage, reflector);
  }

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { context, throttler } = props;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const named = this.reflector.getAllAndOverride<string | undefined>(RATE_POLICY, [context.getHandler(), context.getClass()]);
    const policy = named ?? (!throttler.name || throttler.name === 'default' ? 'general' : throttler.name);
    const outcome = await this.rateLimits.consume(policy, clientKey(request.ip));
    for (const [name, value] of Object.entries(this.rateLimits.headers(outcome))) void reply.header(name, value);
    if (!outcome.allowed) throw this.rateLimits.refusal(outcome);
    return true;
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    return clientKey(String((req as unknown as FastifyRequest).ip));
  }

  protected override shouldSkip(_context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(false);
  }
}
