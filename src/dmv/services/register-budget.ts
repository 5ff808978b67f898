import { Injectable } from '@nestjs/common';
import { clientKey } from '../../common/http/client-ip.js';
import { RateLimitService, type RateLimitOutcome } from '../../common/rate-limit/rate-limit.service.js';

/** The budget's name, as published in refusals (`budget: "register"`). */
const BUDGET = 'register';

/**
 * The register budget (RATE_LIMIT_REGISTER, per client address) that registrations and verification
 * resends spend: its refusal, and the RateLimit-* headers every registration answer carries.
 */
@Injectable()
export class DmvRegisterBudget {
  constructor(private readonly rateLimits: RateLimitService) {}

  /**
   * Spends one request of the caller's budget; the answer's headers when it is allowed.
   * @throws rate_limited (429, details.budget "register", Retry-After)
   */
  async spend(ip: string): Promise<Record<string, string>> {
    const outcome = await this.rateLimits.consume(BUDGET, clientKey(ip));
    if (!outcome.allowed) {
      throw this.rateLimits.refusal(outcome, { budget: BUDGET, retry_after_seconds: outcome.policy.windowSeconds });
    }
    return this.headers(outcome);
  }

  /** The caller's budget headers without spending anything (Idempotency-Key replays). */
  async peek(ip: string): Promise<Record<string, string>> {
    return this.headers(await this.rateLimits.consume(BUDGET, clientKey(ip), 0));
  }

  private headers(outcome: RateLimitOutcome): Record<string, string> {
    const headers = this.rateLimits.headers(outcome);
    delete headers['Retry-After'];
    return headers;
  }
}
