import { Inject, Injectable, Optional } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { RatePolicySetting } from '../../config/app-config.js';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { clientKey } from '../http/client-ip.js';
import { RedisService } from '../redis/redis.service.js';
import { MemoryThrottlerStorage, type CountingThrottlerStorage } from './redis-throttler.storage.js';

export interface RateLimitPolicy extends RatePolicySetting {
  name: string;
  /** Whether responses may show RateLimit-Remaining (only where the count is real and exact). */
  exposeRemaining: boolean;
  /**
   * The keys are client addresses: counted per clientKey (IPv4 as is, IPv6 per /64), so callers may
   * pass `request.ip` and a client rotating through its /64 still spends one budget.
   */
  keyedByAddress?: boolean;
}

/**
 * Every MCP message that is not a tool call (initialize, notifications, tools/list, pings, GET streams):
 * a flood guard, 20 times the general budget, so a host's chatter never spends the 30/60 call budget.
 */
export const MCP_FLOOD_POLICY = 'mcp_flood';
/** HTML pages, guides and static assets: 10 times the general budget (a browser fetches several per view). */
export const PAGES_POLICY = 'pages';
/**
 * The owners' pages (sign-in, account, agreement, consent answers): sized for people, so an office
 * behind one address connecting hosts at once is never refused (RATE_LIMIT_OWNER_PAGES).
 */
export const OWNER_PAGES_POLICY = 'owner_pages';
/** The OAuth endpoints hosts call (/authorize, /token, /revoke, /register, metadata) (RATE_LIMIT_OAUTH). */
export const OAUTH_POLICY = 'oauth';
/** Dynamic client registrations per client address, on top of the OAuth endpoints' budget (RATE_LIMIT_OAUTH_REGISTER). */
export const OAUTH_REGISTER_POLICY = 'oauth_register';

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
 *
 * Redis is an accelerator: while it is unreachable (or a command fails or times out) every budget
 * is counted in this process instead — the same limits per instance, so N instances allow up to
 * N times a budget during the outage — and the shared count resumes when Redis answers again.
 */
@Injectable()
export class RateLimitService {
  private readonly policies = new Map<string, RateLimitPolicy>();
  /** The in-process store: the only one without Redis, the fallback while Redis is unreachable. */
  private readonly local: MemoryThrottlerStorage;
  /** Requests counted in the fallback store because Redis could not be used (for metrics and tests). */
  fallbackCount = 0;
  /** Refused budget checks per budget since start (for /metrics). */
  readonly refusals = new Map<string, number>();

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: CountingThrottlerStorage,
    config: AppConfig,
    @Optional() private readonly redis?: RedisService,
  ) {
    this.local = storage instanceof MemoryThrottlerStorage ? storage : new MemoryThrottlerStorage();
    this.define({ name: 'general', ...config.rateLimitGeneral, exposeRemaining: false });
    this.define({ name: 'register', ...config.rateLimitRegister, exposeRemaining: true });
    // The identity broker: sign-in attempts per IP and per address; calls per agent and per owner.
    this.define({ name: 'signin_ip', ...config.rateLimitSignin, exposeRemaining: false, keyedByAddress: true });
    this.define({ name: 'signin_email', ...config.rateLimitSigninEmail, exposeRemaining: false });
    this.define({ name: 'broker_agent', ...config.rateLimitBrokerAgent, exposeRemaining: true });
    this.define({ name: 'broker_owner', ...config.rateLimitBrokerOwner, exposeRemaining: false });
    const general = config.rateLimitGeneral;
    this.define({ name: MCP_FLOOD_POLICY, ...general, limit: general.limit * 20, exposeRemaining: false });
    this.define({ name: PAGES_POLICY, ...general, limit: general.limit * 10, exposeRemaining: false });
    this.define({ name: OWNER_PAGES_POLICY, ...config.rateLimitOwnerPages, exposeRemaining: false, keyedByAddress: true });
    this.define({ name: OAUTH_POLICY, ...config.rateLimitOauth, exposeRemaining: false, keyedByAddress: true });
    this.define({ name: OAUTH_REGISTER_POLICY, ...config.rateLimitOauthRegister, exposeRemaining: false, keyedByAddress: true });
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
  async consume(name: string, rawKey: string, cost = 1): Promise<RateLimitOutcome> {
    const now = this.consumeNow(name, rawKey, cost);
    if (now) return now;
    const policy = this.policy(name);
    const key = policy.keyedByAddress ? clientKey(rawKey) : rawKey;
    try {
      const record = await this.storage.incrementBy(key, policy.windowSeconds * 1000, policy.limit, name, cost);
      this.redis?.reportSuccess();
      return this.outcome(policy, record);
    } catch (error) {
      // Fail open to the per-instance budget, never to "no limit" and never to a 500.
      this.redis?.reportFailure(error);
      this.fallbackCount++;
      return this.outcome(policy, this.local.incrementNow(key, policy.windowSeconds * 1000, policy.limit, name, cost));
    }
  }

  /** The store that counts without a round trip right now: in-process, or the fallback during a Redis outage. */
  private syncStore(): MemoryThrottlerStorage | undefined {
    if (this.storage === this.local) return this.local;
    if (this.redis && !this.redis.available) {
      this.fallbackCount++;
      return this.local;
    }
    return undefined;
  }

  /**
   * The same count without a promise when the store is in-process; undefined when the count needs
   * a round trip (Redis), so the caller uses consume(). For per-request hot paths.
   */
  consumeNow(name: string, rawKey: string, cost = 1): RateLimitOutcome | undefined {
    const policy = this.policy(name);
    if (!policy.enabled) return { allowed: true, policy, remaining: policy.limit, retryAfterSeconds: 0 };
    const store = this.syncStore();
    if (!store) return undefined;
    const key = policy.keyedByAddress ? clientKey(rawKey) : rawKey;
    return this.outcome(policy, store.incrementNow(key, policy.windowSeconds * 1000, policy.limit, name, cost));
  }

  /**
   * The verdict alone, allocation-free with the in-process store: true when the request is within
   * the budget, false when refused (consumeNow(name, key, 0) then says until when), undefined when
   * the count needs a round trip (Redis; use consume()). For per-request hot paths.
   */
  passNow(name: string, rawKey: string, cost = 1): boolean | undefined {
    const policy = this.policy(name);
    if (!policy.enabled) return true;
    const store = this.syncStore();
    if (!store) return undefined;
    const key = policy.keyedByAddress ? clientKey(rawKey) : rawKey;
    return store.countNow(key, policy.windowSeconds * 1000, name, cost).hits <= policy.limit;
  }

  private outcome(policy: RateLimitPolicy, record: { totalHits: number; isBlocked: boolean; timeToBlockExpire: number }): RateLimitOutcome {
    if (record.isBlocked) this.refusals.set(policy.name, (this.refusals.get(policy.name) ?? 0) + 1);
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

  /** The error for a refused request: 429 with Retry-After; `details` (e.g. the budget a contract names) join the body. */
  refusal(outcome: RateLimitOutcome, details?: Record<string, unknown>): AppError {
    const { policy } = outcome;
    return new AppError(
      'rate_limited',
      `Rate limit exceeded for the ${policy.name} budget (${policy.limit} requests per ${policy.windowSeconds} s); retry after ${policy.windowSeconds} s.`,
      { status: 429, headers: this.headers(outcome), retryable: true, details },
    );
  }
}
