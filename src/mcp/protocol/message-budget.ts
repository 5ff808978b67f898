// The per-address message budgets of one server: tools/call messages spend the profile's call
// budget, every other message the generous flood budget. A refusal is a JSON-RPC error with
// Retry-After and RateLimit headers, at 429 — or the status the profile's legacy-era policy gives it.
import { clientKey } from '../../common/http/client-ip.js';
import { MCP_FLOOD_POLICY, type RateLimitOutcome, type RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import type { Awaitable, Era, HttpAnswer, RequestInfo } from './exchange.js';
import { errorMessage, isPlainObject, isRequestId, type RequestId } from './json-rpc.js';
import type { MethodRunner } from './method-runner.js';
import { isEnveloped } from './modern-envelope.js';
import { RpcCode } from './rpc-errors.js';

type Dispatch = (body: unknown, info: RequestInfo) => Awaitable<HttpAnswer>;

export class MessageBudget {
  /** False when the profile has no policy or the policy is off (RATE_LIMIT_GENERAL=off). */
  readonly enabled: boolean = false;
  /** Headers every answer carries under the policy (RateLimit-Policy …), lower-cased names. */
  readonly policyHeaders: Record<string, string> | undefined;

  constructor(
    private readonly callPolicy: string | undefined,
    private readonly rateLimits: RateLimitService,
    private readonly runner: MethodRunner,
    private readonly servesModern: boolean,
  ) {
    if (!callPolicy) return;
    const policy = rateLimits.policy(callPolicy);
    this.enabled = policy.enabled;
    // Lower-case names, as Fastify stores them: reply.headers() then has no name to convert.
    const allowed = Object.entries(rateLimits.headers({ allowed: true, policy, remaining: policy.limit, retryAfterSeconds: 0 }));
    this.policyHeaders = allowed.length === 0 ? undefined : Object.fromEntries(allowed.map(([name, value]) => [name.toLowerCase(), value]));
  }

  /**
   * Counts a POST body (one message or a batch) against the budgets, then dispatches it unless
   * refused. Synchronous with the in-process store, a promise when the count is shared through Redis.
   */
  admit(body: unknown, info: RequestInfo, dispatch: Dispatch): Awaitable<HttpAnswer> {
    if (!this.enabled) return dispatch(body, info);
    // Only tool calls (each element of a batch) spend the call budget (30/60 per IP by default);
    // every other message — initialize, notifications, tools/list, pings — a separate, generous flood budget.
    let calls = 0;
    let others = 0;
    if (Array.isArray(body)) {
      for (const element of body) {
        if (isPlainObject(element) && element.method === 'tools/call') calls++;
        else others++;
      }
      if (body.length === 0) others = 1;
    } else if (isPlainObject(body) && body.method === 'tools/call') calls = 1;
    else others = 1;
    const id = isPlainObject(body) && isRequestId(body.id) ? body.id : null;
    // The era the body will be answered in: modern only for a single enveloped message.
    const era: Era = this.servesModern && isPlainObject(body) && isEnveloped(body.params) ? 'modern' : 'legacy';
    const ip = info.request.ip;
    const callsLimited = this.limit(ip, calls, id, this.callPolicy, era);
    if (callsLimited instanceof Promise) {
      return callsLimited.then((refused) => refused ?? this.admitOthers(ip, others, id, era, body, info, dispatch));
    }
    return callsLimited ?? this.admitOthers(ip, others, id, era, body, info, dispatch);
  }

  /** The flood budget's count once the call budget let the body through, then the dispatch (no closure on the synchronous path). */
  private admitOthers(
    ip: string,
    others: number,
    id: RequestId | null,
    era: Era,
    body: unknown,
    info: RequestInfo,
    dispatch: Dispatch,
  ): Awaitable<HttpAnswer> {
    const flood = this.limit(ip, others, id, MCP_FLOOD_POLICY, era);
    if (flood instanceof Promise) return flood.then((refused) => refused ?? dispatch(body, info));
    return flood ?? dispatch(body, info);
  }

  /** Counts `cost` messages against a budget (the call budget by default); the refusal when refused. */
  limit(
    ip: string,
    cost: number,
    id: RequestId | null,
    policy: string | undefined = this.callPolicy,
    era: Era = 'modern',
  ): Awaitable<HttpAnswer | undefined> {
    if (!policy || !this.enabled || cost === 0) return undefined;
    const key = clientKey(ip);
    const pass = this.rateLimits.passNow(policy, key, cost);
    if (pass === true) return undefined;
    // Refused: a zero-cost count reads the window for Retry-After without counting again.
    if (pass === false) return this.refusal(this.rateLimits.consumeNow(policy, key, 0) as RateLimitOutcome, id, era);
    return this.rateLimits.consume(policy, key, cost).then((outcome) => (outcome.allowed ? undefined : this.refusal(outcome, id, era)));
  }

  private refusal(outcome: RateLimitOutcome, id: RequestId | null, era: Era): HttpAnswer {
    const error = this.rateLimits.refusal(outcome);
    const retryAfter = outcome.retryAfterSeconds || outcome.policy.windowSeconds;
    const headers = { ...(error.headers ?? {}), 'Retry-After': String(retryAfter) };
    return {
      status: this.runner.errorStatus(era, 429) ?? 200,
      headers,
      body: errorMessage(id, RpcCode.ServerError, error.message, {
        error: 'rate_limited',
        budget: outcome.policy.name,
        retryable: true,
        retry_after: retryAfter,
      }),
    };
  }
}
