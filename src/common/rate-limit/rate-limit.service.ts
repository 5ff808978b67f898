import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { RatePolicySetting } from '../../config/app-config.js';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { MemoryThrottlerStorage, type CountingThrottlerStorage } from './redis-throttler.storage.js';

export interface RateLimitPolicy extends RatePolicySetting {
  name: string;
  /** Whether responses may show RateLimit-Remaining (only where the count is real and exact). */
  exposeRemaining: boolean;
}

/**
 * Every MCP message that is not a tool call (initialize, notifications, tools/list, pings, GET streams):
 * a flood guard, 20 times the general budget, so a host's chatter never spends the 30/60 call budget.
 */
export const MCP_FLOOD_POLICY = 'mcp_flood';
/** HTML pages, guides and static assets: 10 times the general budget (a browser fetches several per view). */
export const PAGES_POLICY = 'pages';

export interface RateLimitOutcome {
  allowed: boolean;
  policy: RateLimitPolicy;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Named rate-limit budgets over the throttler's storage (in-process, or Redis when configured).
 * The global guard uses it for the general policy; modules call it for stricter budgets and for
 * traffic outside Nest's pipeline (MCP, which counts each JSON-RPC request of a batch).
 */
@Injectable()
export class RateLimitService {
  private readonly policies = new Map<string, RateLimitPolicy>();

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: CountingThrottlerStorage,
    config: AppConfig,
  ) {
    this.define({ name: 'general', ...config.rateLimitGeneral, exposeRemaining: false });
    this.define({ name: 'register', ...config.rateLimitRegister, exposeRemaining: true });
    const general = config.rateLimitGeneral;
    this.define({ name: MCP_FLOOD_POLICY, ...general, limit: general.limit * 20, exposeRemaining: false });
    this.define({ name: PAGES_POLICY, ...general, limit: general.limit * 10, exposeRemaining: false });
  }

  /** Adds or replaces a named policy (modules define theirs at construction). */
  define(policy: RateLimitPolicy): void {
    this.policies.set(policy.name, policy);
  }

  policy(name: string): RateLimitPolicy {
    const policy = this.policies.get(name);
    if (!policy) throw new Error(`Unknown rate-limit policy ${name}`);
    return policy;
  }

  /** Counts `cost` requests against a policy for a key (usually the client IP). */
  async consume(name: string, key: string, cost = 1): Promise<RateLimitOutcome> {
    const now = this.consumeNow(name, key, cost);
    if (now) return now;
    const policy = this.policy(name);
    return this.outcome(policy, await this.storage.incrementBy(key, policy.windowSeconds * 1000, policy.limit, name, cost));
  }

  /**
   * The same count without a promise when the store is in-process; undefined when the count needs
   * a round trip (Redis), so the caller uses consume(). For per-request hot paths.
   */
  consumeNow(name: string, key: string, cost = 1): RateLimitOutcome | undefined {
    const policy = this.policy(name);
    if (!policy.enabled) return { allowed: true, policy, remaining: policy.limit, retryAfterSeconds: 0 };
    if (!(this.storage instanceof MemoryThrottlerStorage)) return undefined;
    return this.outcome(policy, this.storage.incrementNow(key, policy.windowSeconds * 1000, policy.limit, name, cost));
  }

  /**
   * The verdict alone, allocation-free with the in-process store: true when the request is within
   * the budget, false when refused (consumeNow(name, key, 0) then says until when), undefined when
   * the count needs a round trip (Redis; use consume()). For per-request hot paths.
   */
  passNow(name: string, key: string, cost = 1): boolean | undefined {
    const policy = this.policy(name);
    if (!policy.enabled) return true;
    if (!(this.storage instanceof MemoryThrottlerStorage)) return undefined;
    return this.storage.countNow(key, policy.windowSeconds * 1000, name, cost).hits <= policy.limit;
  }

  private outcome(policy: RateLimitPolicy, record: { totalHits: number; isBlocked: boolean; timeToBlockExpire: number }): RateLimitOutcome {
    return {
      allowed: !record.isBlocked,
      policy,
      remaining: Math.max(0, policy.limit - record.totalHits),
      retryAfterSeconds: record.isBlocked ? record.timeToBlockExpire : 0,
    };
  }

  /** The response headers that describe a policy (and its remaining budget where that is exposed). */
  headers(outcome: RateLimitOutcome): Record<string, string> {
    const { policy } = outcome;
    if (!policy.enabled) return {};
    const h: Record<string, string> = {
      'RateLimit-Policy': `${policy.limit};w=${policy.windowSeconds}`,
      'RateLimit-Limit': String(policy.limit),
      'X-RateLimit-Limit': String(policy.limit),
    };
    if (policy.exposeRemaining) h['RateLimit-Remaining'] = String(outcome.remaining);
    if (!outcome.allowed) h['Retry-After'] = String(policy.windowSeconds);
    return h;
  }

  /** The error for a refused request: 429 with Retry-After. */
  refusal(outcome: RateLimitOutcome): AppError {
    const { policy } = outcome;
    return new AppError(
      'rate_limited',
      `Rate limit exceeded for the ${policy.name} budget (${policy.limit} requests per ${policy.windowSeconds} s); retry after ${policy.windowSeconds} s.`,
      { status: 429, headers: this.headers(outcome), retryable: true },
    );
  }
}
