// The protocol engine of one mounted server: builds its parts once at boot, then per POST body
// counts the budgets, picks the era of the request and runs the method. The checks themselves
// live next to it: modern-envelope.ts, legacy-request.ts, batch.ts; the methods in
// server-methods.ts, tool-call.ts and resource-read.ts; errors in rpc-errors.ts.
import type { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import type { Catalog } from '../registry/tool-registry.js';
import { answerBatch } from './batch.js';
import { ACCEPTED, type Awaitable, type CallState, type HttpAnswer, type Params, type RequestInfo } from './exchange.js';
import { headerValue } from './headers.js';
import { errorMessage, isPlainObject, shapeOf, type JsonRpcMessage, type RequestId } from './json-rpc.js';
import { resolveLegacy } from './legacy-request.js';
import { MessageBudget } from './message-budget.js';
import { MethodRunner } from './method-runner.js';
import { resolveModern } from './modern-envelope.js';
import { ResourceReads } from './resource-read.js';
import { resultMembers } from './result-members.js';
import { META_PROTOCOL_VERSION } from './revisions.js';
import { RpcCode } from './rpc-errors.js';
import { ServerMethods } from './server-methods.js';
import type { GateContext, McpProfile } from './server-profile.js';
import { ToolCalls } from './tool-call.js';

export class McpServerRuntime {
  readonly modern: ReadonlySet<string>;
  readonly legacy: ReadonlySet<string>;
  readonly servesModern: boolean;
  readonly hasResources: boolean;

  private readonly methods: ServerMethods;
  private readonly runner: MethodRunner;
  private readonly budget: MessageBudget;
  /** dispatch bound once, for the budget to continue with. */
  private readonly dispatchBody = (body: unknown, info: RequestInfo): Awaitable<HttpAnswer> => this.dispatch(body, info);

  constructor(
    readonly profile: McpProfile,
    readonly catalog: Catalog,
    rateLimits: RateLimitService,
    gate: GateContext,
  ) {
    const members = resultMembers(profile);
    this.runner = new MethodRunner(profile.legacyErrorStatuses);
    const tools = new ToolCalls(profile, catalog, rateLimits, gate, members.plain);
    const resources = new ResourceReads(catalog, members.cacheable);
    this.methods = new ServerMethods(profile, catalog, members, tools, resources);
    this.modern = this.methods.modern;
    this.legacy = this.methods.legacy;
    this.servesModern = this.methods.servesModern;
    this.hasResources = this.methods.hasResources;
    this.budget = new MessageBudget(profile.rateLimit, rateLimits, this.runner, this.servesModern);
  }

  /** Headers every answer carries under the rate-limit policy (RateLimit-Policy …). */
  get policyHeaders(): Record<string, string> | undefined {
    return this.budget.policyHeaders;
  }

  /**
   * Counts `cost` messages against a budget (the profile's call budget by default); an answer when
   * refused, with Retry-After and RateLimit headers (the GET event stream spends the flood budget).
   */
  rateLimit(ip: string, cost: number, id: RequestId | null, policy?: string): Awaitable<HttpAnswer | undefined> {
    return this.budget.limit(ip, cost, id, policy);
  }

  /**
   * Handles a parsed POST body (one message or a batch). Synchronous whenever nothing has to wait
   * (no rate-limit store round trip, a tool that answers at once), so the common call costs no
   * promise chain; otherwise a promise.
   */
  handle(body: unknown, info: RequestInfo): Awaitable<HttpAnswer> {
    return this.budget.admit(body, info, this.dispatchBody);
  }

  private dispatch(body: unknown, info: RequestInfo): Awaitable<HttpAnswer> {
    if (Array.isArray(body)) return answerBatch(this.methods, this.runner, this.profile.maxBatch, body, info);
    const msg = body as JsonRpcMessage;
    const shape = shapeOf(msg);
    if (shape.kind === 'invalid') return { status: 400, body: errorMessage(shape.id, RpcCode.InvalidRequest, shape.reason) };
    if (shape.kind !== 'request') return ACCEPTED;
    const id = msg.id as RequestId;
    const method = msg.method as string;
    const params = (msg.params ?? {}) as Params;
    const meta = params._meta;
    const enveloped = isPlainObject(meta) && META_PROTOCOL_VERSION in meta;
    const headers = info.request.headers;

    if (enveloped && this.servesModern) {
      const resolved = resolveModern(this.methods, id, method, params, meta, headers);
      if (typeof resolved !== 'function') return resolved;
      const state: CallState = { info, era: 'modern', protocolVersion: meta[META_PROTOCOL_VERSION] as string, headers: undefined };
      return this.runner.run(id, resolved, params, state);
    }

    const headerVersion = headerValue(headers['mcp-protocol-version']);
    const resolved = resolveLegacy(this.methods, id, method, enveloped, headerVersion);
    if (typeof resolved !== 'function') return resolved;
    const protocolVersion = method === 'initialize' ? this.methods.latestLegacy : (headerVersion ?? this.methods.defaultLegacy);
    const state: CallState = { info, era: 'legacy', protocolVersion, headers: undefined };
    return this.runner.run(id, resolved, params, state);
  }
}
