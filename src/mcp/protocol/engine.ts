import type { FastifyRequest } from 'fastify';
import { AppError, toAppError } from '../../common/errors/app-error.js';
import { clientKey } from '../../common/http/client-ip.js';
import { MCP_FLOOD_POLICY, type RateLimitOutcome, type RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import type { McpProfile } from '../endpoints/profile.js';
import type { ToolContext } from '../registry/define-tool.js';
import { describeSchemaFailure, type Catalog, type CompiledTool } from '../registry/tool-registry.js';
import { decodeMcpHeader, headerValue } from './headers.js';
import {
  errorMessage,
  extendObject,
  isPlainObject,
  isRequestId,
  quoteJsonText,
  resultMessage,
  RpcCode,
  RpcError,
  type RequestId,
} from './json-rpc.js';
import {
  DEFAULT_LEGACY_REVISION,
  isModernRevision,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
} from './revisions.js';

/** How long modern clients may reuse cacheable results (server/discover, lists, reads). */
export const CACHE_TTL_MS = 60_000;

/** What the HTTP layer writes: a status, an optional body, extra headers. */
export interface HttpAnswer {
  status: number;
  /** Serialized JSON-RPC message(s) or null (202/empty). */
  body: string | null;
  /** Whether body may be framed as SSE (200 answers only, when the client asked for it). */
  sse?: boolean;
  /** For batch answers: the individual responses (one SSE event each). */
  parts?: string[];
  headers?: Record<string, string>;
}

/** Per-HTTP-request facts the engine needs. */
export interface RequestInfo {
  request: FastifyRequest;
  source: 'mcp' | 'chatgpt';
  principal?: unknown;
}

type Era = 'modern' | 'legacy';

interface CallState {
  info: RequestInfo;
  era: Era;
  protocolVersion: string;
  /** Response headers collected from tools and errors. */
  headers: Record<string, string> | undefined;
}

type Params = Record<string, unknown>;
/** A value now or later: the hot path stays synchronous until something actually waits. */
type Awaitable<T> = T | Promise<T>;
type Handler = (params: Params, state: CallState) => Awaitable<string>;

function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<T>).then === 'function';
}

/** The context a tool handler gets; a class so no closure is allocated per call. */
class CallContext implements ToolContext {
  readonly ip: string;
  readonly headers: ToolContext['headers'];
  readonly requestId: string;
  readonly era: Era;
  readonly protocolVersion: string;
  readonly principal: unknown;
  readonly source: 'mcp' | 'chatgpt';

  constructor(
    readonly server: string,
    private readonly state: CallState,
  ) {
    const request = state.info.request;
    this.ip = request.ip;
    this.headers = request.headers;
    this.requestId = request.id;
    this.era = state.era;
    this.protocolVersion = state.protocolVersion;
    this.principal = state.info.principal;
    this.source = state.info.source;
  }

  setHeader(header: string, value: string): void {
    (this.state.headers ??= {})[header] = value;
  }
}

interface JsonRpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

const ACCEPTED: HttpAnswer = { status: 202, body: null };

type Shape = { kind: 'request' | 'notification' | 'response' } | { kind: 'invalid'; id: RequestId | null; reason: string };
const REQUEST: Shape = { kind: 'request' };
const NOTIFICATION: Shape = { kind: 'notification' };
const RESPONSE: Shape = { kind: 'response' };
const MISSING_ENVELOPE = { envelope: { missing: [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES] } };
const REMOVED_IN_MODERN = new Set(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);

function retryAfterSeconds(error: AppError): number | undefined {
  const headers = error.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'retry-after' && /^\d+$/.test(value)) return Number(value);
  }
  const fromDetails = error.details?.retry_after ?? error.details?.retryAfter;
  return typeof fromDetails === 'number' ? fromDetails : undefined;
}

/**
 * The protocol engine for one mounted server: era selection per request, the section-1 ladder of
 * the wire spec, method dispatch, and the pre-serialized results built once at boot.
 */
export class McpServerRuntime {
  readonly modern: ReadonlySet<string>;
  readonly legacy: ReadonlySet<string>;
  readonly latestLegacy: string;
  readonly defaultLegacy: string;
  readonly hasResources: boolean;

  private readonly plainSuffix: string;
  private readonly cacheSuffix: string;
  private readonly initializeResults = new Map<string, string>();
  private readonly discoverResult: string;
  private readonly toolsList: string;
  private readonly resourcesList: string;
  private readonly templatesList = '{"resourceTemplates":[]}';
  private readonly legacyMethods = new Map<string, Handler>();
  private readonly modernMethods = new Map<string, Handler>();
  private readonly rateLimitAllowedHeaders: Record<string, string> | undefined;
  /** Per tool: the last frozen output object and its serialized result in each era. */
  private readonly lastResults = new Map<string, { output: object; modern?: string; legacy?: string }>();
  /** False when the profile has no policy or the policy is off (RATE_LIMIT_GENERAL=off). */
  private readonly rateLimitEnabled: boolean = false;

  constructor(
    readonly profile: McpProfile,
    readonly catalog: Catalog,
    private readonly rateLimits: RateLimitService,
  ) {
    this.modern = new Set(profile.modernRevisions);
    this.legacy = new Set(profile.legacyRevisions);
    this.latestLegacy = profile.legacyRevisions[0];
    this.defaultLegacy = this.legacy.has(DEFAULT_LEGACY_REVISION) ? DEFAULT_LEGACY_REVISION : this.latestLegacy;
    this.hasResources = profile.resources.length > 0;

    const serverInfo: Record<string, string> = { name: profile.serverInfo.name, version: profile.serverInfo.version };
    if (profile.serverInfo.title) serverInfo.title = profile.serverInfo.title;
    const meta = JSON.stringify({ [META_SERVER_INFO]: serverInfo });
    this.plainSuffix = `,"resultType":"complete","_meta":${meta}`;
    this.cacheSuffix = `,"resultType":"complete","ttlMs":${CACHE_TTL_MS},"cacheScope":"public","_meta":${meta}`;

    const capabilities: Record<string, unknown> = { tools: {} };
    if (this.hasResources) capabilities.resources = {};
    for (const version of profile.legacyRevisions) {
      const result: Record<string, unknown> = { protocolVersion: version, capabilities, serverInfo };
      if (profile.instructions) result.instructions = profile.instructions;
      this.initializeResults.set(version, JSON.stringify(result));
    }
    const discover: Record<string, unknown> = {
      supportedVersions: [...profile.modernRevisions],
      capabilities,
    };
    if (profile.instructions) discover.instructions = profile.instructions;
    this.discoverResult = extendObject(JSON.stringify(discover), this.cacheSuffix);
    this.toolsList = JSON.stringify({ tools: catalog.toolList });
    this.resourcesList = JSON.stringify({ resources: catalog.resourceList });

    const listTools: Handler = (_p, s) => (s.era === 'modern' ? extendObject(this.toolsList, this.cacheSuffix) : this.toolsList);
    const callTool: Handler = (p, s) => this.callTool(p, s);
    this.legacyMethods.set('initialize', (p) => this.initialize(p));
    this.legacyMethods.set('ping', () => '{}');
    this.legacyMethods.set('tools/list', listTools);
    this.legacyMethods.set('tools/call', callTool);
    this.modernMethods.set('server/discover', () => this.discoverResult);
    this.modernMethods.set('tools/list', listTools);
    this.modernMethods.set('tools/call', callTool);
    if (this.hasResources) {
      const listResources: Handler = (_p, s) =>
        s.era === 'modern' ? extendObject(this.resourcesList, this.cacheSuffix) : this.resourcesList;
      const listTemplates: Handler = (_p, s) =>
        s.era === 'modern' ? extendObject(this.templatesList, this.cacheSuffix) : this.templatesList;
      const read: Handler = (p, s) => this.readResource(p, s);
      for (const table of [this.legacyMethods, this.modernMethods]) {
        table.set('resources/list', listResources);
        table.set('resources/templates/list', listTemplates);
        table.set('resources/read', read);
      }
    }
    if (profile.rateLimit) {
      const policy = rateLimits.policy(profile.rateLimit);
      this.rateLimitEnabled = policy.enabled;
      // Lower-case names, as Fastify stores them: reply.headers() then has no name to convert.
      const allowed = Object.entries(rateLimits.headers({ allowed: true, policy, remaining: policy.limit, retryAfterSeconds: 0 }));
      this.rateLimitAllowedHeaders =
        allowed.length === 0 ? undefined : Object.fromEntries(allowed.map(([name, value]) => [name.toLowerCase(), value]));
    }
  }

  get servesModern(): boolean {
    return this.modern.size > 0;
  }

  /**
   * Counts `cost` messages against a budget (the profile's call budget by default); an answer when
   * refused — 429 in the modern era, 200 with the JSON-RPC error in the legacy era (the legacy contract
   * keeps errors at HTTP 200), Retry-After and RateLimit headers either way. Synchronous with the
   * in-process store, a promise when the count is shared through Redis.
   */
  rateLimit(
    ip: string,
    cost: number,
    id: RequestId | null,
    policy: string | undefined = this.profile.rateLimit,
    era: Era = 'modern',
  ): Awaitable<HttpAnswer | undefined> {
    if (!policy || !this.rateLimitEnabled || cost === 0) return undefined;
    const key = clientKey(ip);
    const pass = this.rateLimits.passNow(policy, key, cost);
    if (pass === true) return undefined;
    // Refused: a zero-cost count reads the window for Retry-After without counting again.
    if (pass === false) return this.refusal(this.rateLimits.consumeNow(policy, key, 0) as RateLimitOutcome, id, era);
    return this.rateLimits
      .consume(policy, key, cost)
      .then((outcome) => (outcome.allowed ? undefined : this.refusal(outcome, id, era)));
  }

  /** Headers every answer carries under the rate-limit policy (RateLimit-Policy …). */
  get policyHeaders(): Record<string, string> | undefined {
    return this.rateLimitAllowedHeaders;
  }

  private refusal(outcome: RateLimitOutcome, id: RequestId | null, era: Era): HttpAnswer {
    const error = this.rateLimits.refusal(outcome);
    const retryAfter = outcome.retryAfterSeconds || outcome.policy.windowSeconds;
    const headers = { ...(error.headers ?? {}), 'Retry-After': String(retryAfter) };
    return {
      status: era === 'legacy' ? 200 : 429,
      headers,
      body: errorMessage(id, RpcCode.ServerError, error.message, {
        error: 'rate_limited',
        budget: outcome.policy.name,
        retryable: true,
        retry_after: retryAfter,
      }),
    };
  }

  /**
   * Handles a parsed POST body (one message or a batch). Synchronous whenever nothing has to wait
   * (no rate-limit store round trip, a tool that answers at once), so the common call costs no
   * promise chain; otherwise a promise.
   */
  handle(body: unknown, info: RequestInfo): Awaitable<HttpAnswer> {
    if (this.rateLimitEnabled) {
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
      const era = this.eraOf(body);
      const ip = info.request.ip;
      const callsLimited = this.rateLimit(ip, calls, id, this.profile.rateLimit, era);
      const continueWith = (refused: HttpAnswer | undefined): Awaitable<HttpAnswer> => {
        if (refused) return refused;
        const flood = this.rateLimit(ip, others, id, MCP_FLOOD_POLICY, era);
        if (flood instanceof Promise) return flood.then((r) => r ?? this.dispatch(body, info));
        return flood ?? this.dispatch(body, info);
      };
      if (callsLimited instanceof Promise) return callsLimited.then(continueWith);
      return continueWith(callsLimited);
    }
    return this.dispatch(body, info);
  }

  /** The era a POST body will be answered in (modern only for a single enveloped message). */
  private eraOf(body: unknown): Era {
    if (!this.servesModern || !isPlainObject(body)) return 'legacy';
    const params = body.params;
    return isPlainObject(params) && isPlainObject(params._meta) && META_PROTOCOL_VERSION in params._meta ? 'modern' : 'legacy';
  }

  private dispatch(body: unknown, info: RequestInfo): Awaitable<HttpAnswer> {
    if (Array.isArray(body)) return this.handleBatch(body, info);
    return this.handleSingle(body, info);
  }

  private handleSingle(raw: unknown, info: RequestInfo): Awaitable<HttpAnswer> {
    const msg = raw as JsonRpcMessage;
    const shape = this.shapeOf(msg);
    if (shape.kind === 'invalid') return { status: 400, body: errorMessage(shape.id, RpcCode.InvalidRequest, shape.reason) };
    if (shape.kind !== 'request') return ACCEPTED;
    const id = msg.id as RequestId;
    const method = msg.method as string;
    const params = (msg.params ?? {}) as Params;
    const meta = params._meta;
    const enveloped = isPlainObject(meta) && META_PROTOCOL_VERSION in meta;
    if (enveloped && this.servesModern) return this.modernRequest(id, method, params, meta, info);
    return this.legacyRequest(id, method, params, enveloped, info);
  }

  private shapeOf(msg: JsonRpcMessage): Shape {
    if (!isPlainObject(msg) || msg.jsonrpc !== '2.0') {
      return { kind: 'invalid', id: isPlainObject(msg) && isRequestId(msg.id) ? msg.id : null, reason: 'Invalid Request: not a JSON-RPC 2.0 message.' };
    }
    const readableId = isRequestId(msg.id) ? msg.id : null;
    if (typeof msg.method === 'string') {
      if (msg.params !== undefined && !isPlainObject(msg.params)) {
        return { kind: 'invalid', id: readableId, reason: 'Invalid Request: params must be an object.' };
      }
      if (!('id' in msg)) return NOTIFICATION;
      if (readableId === null) {
        return { kind: 'invalid', id: null, reason: 'Invalid Request: id must be a string or a number.' };
      }
      return REQUEST;
    }
    if ('method' in msg) return { kind: 'invalid', id: readableId, reason: 'Invalid Request: method must be a string.' };
    if ('id' in msg && ('result' in msg || 'error' in msg)) return RESPONSE;
    return { kind: 'invalid', id: readableId, reason: 'Invalid Request: neither a request, a notification nor a response.' };
  }

  // ---- modern era (rows 14-25) -------------------------------------------------------------

  private modernRequest(
    id: RequestId,
    method: string,
    params: Params,
    meta: Record<string, unknown>,
    info: RequestInfo,
  ): Awaitable<HttpAnswer> {
    const bad = (code: number, message: string, data?: unknown, status = 400): HttpAnswer => ({
      status,
      body: errorMessage(id, code, message, data),
    });
    const version = meta[META_PROTOCOL_VERSION];
    if (typeof version !== 'string' || version === '') {
      return bad(RpcCode.InvalidParams, `Invalid _meta: ${META_PROTOCOL_VERSION} must be a non-empty string.`, {
        envelope: { key: META_PROTOCOL_VERSION, problem: 'must be a non-empty string' },
      });
    }
    const capabilities = meta[META_CLIENT_CAPABILITIES];
    if (capabilities === undefined) {
      return bad(RpcCode.InvalidParams, `Invalid _meta: ${META_CLIENT_CAPABILITIES} is required.`, {
        envelope: { missing: [META_CLIENT_CAPABILITIES] },
      });
    }
    if (!isPlainObject(capabilities)) {
      return bad(RpcCode.InvalidParams, `Invalid _meta: ${META_CLIENT_CAPABILITIES} must be an object.`, {
        envelope: { key: META_CLIENT_CAPABILITIES, problem: 'must be an object' },
      });
    }
    const clientInfo = meta[META_CLIENT_INFO];
    if (clientInfo !== undefined && (!isPlainObject(clientInfo) || typeof clientInfo.name !== 'string')) {
      return bad(RpcCode.InvalidParams, `Invalid _meta: ${META_CLIENT_INFO} must be an object with a name.`, {
        envelope: { key: META_CLIENT_INFO, problem: 'must be an object with a string name' },
      });
    }
    const logLevel = meta[META_LOG_LEVEL];
    if (logLevel !== undefined && typeof logLevel !== 'string') {
      return bad(RpcCode.InvalidParams, `Invalid _meta: ${META_LOG_LEVEL} must be a string.`, {
        envelope: { key: META_LOG_LEVEL, problem: 'must be a string' },
      });
    }

    const headers = info.request.headers;
    const headerVersion = headerValue(headers['mcp-protocol-version']);
    const headerMethod = headerValue(headers['mcp-method']);
    if (headerVersion !== undefined && headerVersion !== version) {
      return bad(RpcCode.HeaderMismatch, 'The MCP-Protocol-Version header does not match the _meta protocol version.', {
        mismatch: { header: 'MCP-Protocol-Version', value: headerVersion, body: version },
      });
    }
    if (headerMethod !== undefined && headerMethod !== method) {
      return bad(RpcCode.HeaderMismatch, 'The Mcp-Method header does not match the request method.', {
        mismatch: { header: 'Mcp-Method', value: headerMethod, body: method },
      });
    }
    if (!this.modern.has(version)) {
      return bad(RpcCode.UnsupportedProtocolVersion, `Protocol version ${version} is not served here.`, {
        supported: [...this.profile.modernRevisions],
        requested: version,
      });
    }
    if (headerVersion === undefined) {
      return bad(RpcCode.HeaderMismatch, 'The MCP-Protocol-Version header is required on modern requests.', {
        mismatch: { header: 'MCP-Protocol-Version', value: null, body: version },
      });
    }
    if (headerMethod === undefined) {
      return bad(RpcCode.HeaderMismatch, 'The Mcp-Method header is required on modern requests.', {
        mismatch: { header: 'Mcp-Method', value: null, body: method },
      });
    }
    if (method === 'tools/call' || method === 'resources/read' || method === 'prompts/get') {
      const bodyName = method === 'resources/read' ? params.uri : params.name;
      if (typeof bodyName === 'string') {
        const raw = headers['mcp-name'];
        const value = raw === undefined ? undefined : decodeMcpHeader(Array.isArray(raw) ? raw[0] : raw);
        if (value === undefined) {
          return bad(RpcCode.HeaderMismatch, `The Mcp-Name header is required on ${method}.`, {
            mismatch: { header: 'Mcp-Name', value: null, body: bodyName },
          });
        }
        if (value === null) {
          return bad(RpcCode.HeaderMismatch, 'The Mcp-Name header has an invalid =?base64?…?= value.', {
            mismatch: { header: 'Mcp-Name', value: raw, body: bodyName },
          });
        }
        if (value !== bodyName) {
          return bad(RpcCode.HeaderMismatch, 'The Mcp-Name header does not match the request.', {
            mismatch: { header: 'Mcp-Name', value, body: bodyName },
          });
        }
      }
    }
    const handler = this.modernMethods.get(method);
    if (!handler) {
      const message = REMOVED_IN_MODERN.has(method)
        ? `Method not found: ${method} does not exist in protocol version ${version}.`
        : `Method not found: ${method}`;
      return bad(RpcCode.MethodNotFound, message, undefined, 404);
    }
    const state: CallState = { info, era: 'modern', protocolVersion: version, headers: undefined };
    return this.run(id, handler, params, state);
  }

  // ---- legacy era (rows 12-13, 26-28) ------------------------------------------------------

  private legacyRequest(
    id: RequestId,
    method: string,
    params: Params,
    enveloped: boolean,
    info: RequestInfo,
  ): Awaitable<HttpAnswer> {
    const headerVersion = headerValue(info.request.headers['mcp-protocol-version']);
    if (method === 'initialize') {
      if (!enveloped && headerVersion !== undefined && isModernRevision(headerVersion) && this.servesModern) {
        return {
          status: 400,
          body: errorMessage(id, RpcCode.HeaderMismatch, `initialize does not exist in ${headerVersion}; use server/discover.`, {
            mismatch: { header: 'MCP-Protocol-Version', value: headerVersion, body: 'initialize' },
          }),
        };
      }
      const state: CallState = { info, era: 'legacy', protocolVersion: this.latestLegacy, headers: undefined };
      return this.run(id, this.legacyMethods.get('initialize') as Handler, params, state);
    }
    const handler = this.legacyMethods.get(method);
    // A modern client probing a legacy-only server: answer legacy-style so it falls back to initialize.
    if (enveloped && !handler) {
      return { status: 200, body: errorMessage(id, RpcCode.MethodNotFound, `Method not found: ${method}`) };
    }
    if (headerVersion !== undefined && !this.legacy.has(headerVersion)) {
      if (isModernRevision(headerVersion) && this.servesModern) {
        return {
          status: 400,
          body: errorMessage(
            id,
            RpcCode.InvalidParams,
            `MCP-Protocol-Version ${headerVersion} needs the per-request _meta envelope.`,
            MISSING_ENVELOPE,
          ),
        };
      }
      return {
        status: 400,
        body: errorMessage(id, RpcCode.ServerError, `Bad Request: unsupported MCP-Protocol-Version ${headerVersion}.`, {
          supported: [...this.profile.legacyRevisions],
          requested: headerVersion,
        }),
      };
    }
    if (!handler) return { status: 200, body: errorMessage(id, RpcCode.MethodNotFound, `Method not found: ${method}`) };
    const state: CallState = {
      info,
      era: 'legacy',
      protocolVersion: headerVersion ?? this.defaultLegacy,
      headers: undefined,
    };
    return this.run(id, handler, params, state);
  }

  /** Runs a handler; JSON-RPC errors stay at 200 unless they carry their own HTTP status. */
  private run(id: RequestId, handler: Handler, params: Params, state: CallState): Awaitable<HttpAnswer> {
    let result: Awaitable<string>;
    try {
      result = handler(params, state);
    } catch (error) {
      return this.failed(id, error, state);
    }
    if (typeof result === 'string') return this.succeeded(id, result, state);
    return result.then(
      (value) => this.succeeded(id, value, state),
      (error: unknown) => this.failed(id, error, state),
    );
  }

  private succeeded(id: RequestId, result: string, state: CallState): HttpAnswer {
    return { status: 200, body: resultMessage(id, result), sse: true, headers: state.headers };
  }

  private failed(id: RequestId, error: unknown, state: CallState): HttpAnswer {
    const e = this.asRpcError(error, state);
    const headers = e.headers ? { ...(state.headers ?? {}), ...e.headers } : state.headers;
    // Legacy-era errors stay at HTTP 200 (budget refusals and outages included; their headers still say
    // when to retry): a 1.x SDK surfaces any other status as a bare transport error without the data.
    // Authorization refusals are the exception in both eras: hosts act on 401/403 and their challenge
    // (a 403 insufficient_scope makes SDK clients re-authorize with the challenged scopes).
    const auth = e.httpStatus === 401 || e.httpStatus === 403;
    const status = state.era === 'legacy' && !auth ? undefined : e.httpStatus;
    return { status: status ?? 200, body: errorMessage(id, e.code, e.message, e.data), sse: !status, headers };
  }

  private asRpcError(error: unknown, state: CallState): RpcError {
    if (error instanceof RpcError) return error;
    const appError = toAppError(error);
    if (appError.status === 429 || appError.status === 503) return this.transientError(appError);
    if (!(error instanceof AppError)) {
      state.info.request.log.error({ err: error, reqId: state.info.request.id }, 'MCP request failed');
    }
    return new RpcError(RpcCode.InternalError, appError.message, { error: appError.code });
  }

  /** A 429/503 AppError as a JSON-RPC error at that HTTP status, saying when to retry. */
  private transientError(error: AppError): RpcError {
    const retryAfter = retryAfterSeconds(error);
    const data: Record<string, unknown> = { error: error.code, retryable: true };
    if (typeof error.details?.budget === 'string') data.budget = error.details.budget;
    else if (error.code === 'rate_limited') data.budget = 'rate_limited';
    if (retryAfter !== undefined) data.retry_after = retryAfter;
    for (const [key, value] of Object.entries(error.details ?? {})) if (!(key in data)) data[key] = value;
    return new RpcError(RpcCode.ServerError, error.message, data, error.status, error.headers);
  }

  // ---- batches (rows 9-11, legacy only) ----------------------------------------------------

  private async handleBatch(batch: unknown[], info: RequestInfo): Promise<HttpAnswer> {
    const refuse = (message: string): HttpAnswer => ({ status: 400, body: errorMessage(null, RpcCode.InvalidRequest, message) });
    if (this.profile.maxBatch === 0) return refuse('Invalid Request: this server does not accept batch arrays.');
    if (batch.length === 0) return refuse('Invalid Request: empty batch.');
    if (batch.length > this.profile.maxBatch) {
      return refuse(`Invalid Request: batches are limited to ${this.profile.maxBatch} messages.`);
    }
    let hasInitialize = false;
    for (const element of batch) {
      if (!isPlainObject(element)) continue;
      if (element.method === 'initialize') hasInitialize = true;
      const params = element.params;
      if (isPlainObject(params) && isPlainObject(params._meta) && META_PROTOCOL_VERSION in params._meta) {
        return refuse('Invalid Request: modern (2026-07-28) requests must be sent as single messages, not in a batch.');
      }
    }
    if (hasInitialize && batch.length > 1) return refuse('Invalid Request: initialize must be sent alone.');

    const headerVersion = headerValue(info.request.headers['mcp-protocol-version']);
    if (headerVersion !== undefined && !hasInitialize && !this.legacy.has(headerVersion)) {
      return {
        status: 400,
        body: errorMessage(null, RpcCode.ServerError, `Bad Request: unsupported MCP-Protocol-Version ${headerVersion}.`, {
          supported: [...this.profile.legacyRevisions],
          requested: headerVersion,
        }),
      };
    }
    const responses = await Promise.all(
      batch.map(async (element): Promise<{ body: string; headers?: Record<string, string> } | undefined> => {
        const msg = element as JsonRpcMessage;
        const shape = this.shapeOf(msg);
        if (shape.kind === 'invalid') return { body: errorMessage(shape.id, RpcCode.InvalidRequest, shape.reason) };
        if (shape.kind !== 'request') return undefined;
        const method = msg.method as string;
        const handler = this.legacyMethods.get(method);
        const id = msg.id as RequestId;
        if (!handler) return { body: errorMessage(id, RpcCode.MethodNotFound, `Method not found: ${method}`) };
        const state: CallState = {
          info,
          era: 'legacy',
          protocolVersion: headerVersion ?? this.defaultLegacy,
          headers: undefined,
        };
        const answer = await this.run(id, handler, (msg.params ?? {}) as Params, state);
        return { body: answer.body as string, headers: answer.headers };
      }),
    );
    const bodies: string[] = [];
    let headers: Record<string, string> | undefined;
    for (const r of responses) {
      if (!r) continue;
      bodies.push(r.body);
      if (r.headers) headers = { ...(headers ?? {}), ...r.headers };
    }
    if (bodies.length === 0) return ACCEPTED;
    return { status: 200, body: `[${bodies.join(',')}]`, parts: bodies, sse: true, headers };
  }

  // ---- methods -----------------------------------------------------------------------------

  private initialize(params: Params): string {
    const problems: string[] = [];
    if (typeof params.protocolVersion !== 'string') problems.push('protocolVersion');
    if (!isPlainObject(params.capabilities)) problems.push('capabilities');
    const clientInfo = params.clientInfo;
    if (!isPlainObject(clientInfo) || typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string') {
      problems.push('clientInfo');
    }
    if (problems.length > 0) {
      throw new RpcError(
        RpcCode.InvalidParams,
        `Invalid initialize params: ${problems.join(', ')} ${problems.length === 1 ? 'is' : 'are'} missing or invalid (send protocolVersion, capabilities and clientInfo {name, version}).`,
        { invalid: problems },
      );
    }
    const requested = params.protocolVersion as string;
    return this.initializeResults.get(this.legacy.has(requested) ? requested : this.latestLegacy) as string;
  }

  private callTool(params: Params, state: CallState): Awaitable<string> {
    const name = params.name;
    if (typeof name !== 'string') throw new RpcError(RpcCode.InvalidParams, 'Invalid params: tools/call needs a string name.');
    const tool = this.catalog.tools.get(name);
    if (!tool) throw new RpcError(RpcCode.InvalidParams, `Unknown tool: ${name}`, { tool: name });
    if (this.profile.authorizeTool) {
      const refused = this.profile.authorizeTool(state.info.principal, tool.definition);
      if (refused) throw new RpcError(refused.code, refused.message, refused.data, refused.status, refused.headers);
    }
    const budget = tool.definition.budget;
    if (budget && this.rateLimits.policy(budget).enabled) {
      // The tool's own budget headers on every answer, refusals before the budget is spent included.
      const key = clientKey(state.info.request.ip);
      const peek = this.rateLimits.consumeNow(budget, key, 0);
      if (peek) this.setBudgetHeaders(state, peek);
      else {
        return this.rateLimits.consume(budget, key, 0).then((outcome) => {
          this.setBudgetHeaders(state, outcome);
          return this.invokeTool(tool, params, state);
        });
      }
    }
    return this.invokeTool(tool, params, state);
  }

  private setBudgetHeaders(state: CallState, outcome: RateLimitOutcome): void {
    const headers = this.rateLimits.headers(outcome);
    delete headers['Retry-After'];
    state.headers = { ...(state.headers ?? {}), ...headers };
  }

  private invokeTool(tool: CompiledTool, params: Params, state: CallState): Awaitable<string> {
    const name = tool.definition.name;
    let args = params.arguments;
    if (args === undefined || args === null) args = {};
    if (!isPlainObject(args)) throw new RpcError(RpcCode.InvalidParams, 'Invalid params: arguments must be an object.');

    if (!tool.validateInput(args)) {
      const failure = describeSchemaFailure(tool.validateInput.errors);
      const published = tool.definition.inputErrorCodes?.[failure.field];
      return this.toolError(state, {
        code: published?.code ?? 'validation_failed',
        message: published?.message ?? failure.message,
        details: { field: failure.field },
        retryable: false,
      });
    }
    const ctx = new CallContext(this.profile.name, state);
    let output: unknown;
    try {
      output = tool.definition.run(tool.service, args, ctx);
    } catch (error) {
      return this.toolFailure(name, error, state);
    }
    if (isThenable(output)) {
      return Promise.resolve(output).then(
        (value) => this.toolResult(name, value, state, tool.definition.outputSchema !== undefined),
        (error: unknown) => this.toolFailure(name, error, state),
      );
    }
    return this.toolResult(name, output, state, tool.definition.outputSchema !== undefined);
  }

  /** A tool's thrown error: transient ones become JSON-RPC errors, the rest `isError` results. */
  private toolFailure(name: string, error: unknown, state: CallState): string {
    const appError = toAppError(error);
    if (appError.status === 429 || appError.status === 503) throw this.transientError(appError);
    if (!(error instanceof AppError) || appError.status >= 500) {
      state.info.request.log.error({ err: error, tool: name, reqId: state.info.request.id }, 'MCP tool failed');
    }
    return this.toolError(state, {
      code: appError.code,
      message: appError.message,
      details: appError.details,
      retryable: appError.retryable,
    });
  }

  /**
   * A tool's output as the result text: the JSON in content[0].text, and as structuredContent when the tool has an outputSchema.
   * A service that hands out the same frozen answer object until its data changes (a cached
   * count, say) gets the serialization reused: serializing is the largest part of a cheap call.
   */
  private toolResult(name: string, output: unknown, state: CallState, structured: boolean): string {
    if (!isPlainObject(output)) {
      state.info.request.log.error({ tool: name, reqId: state.info.request.id }, 'MCP tool returned a non-object result');
      return this.toolError(state, {
        code: 'internal_error',
        message: 'An unexpected error occurred.',
        retryable: false,
      });
    }
    const memo = this.lastResults.get(name);
    const same = memo !== undefined && memo.output === output;
    if (same) {
      const hit = memo[state.era];
      if (hit !== undefined) return hit;
    }
    const text = JSON.stringify(output);
    // One concatenation per era (the modern members appended in place, not spliced in afterwards).
    const content = structured
      ? `{"content":[{"type":"text","text":${quoteJsonText(text)}}],"structuredContent":${text}`
      : `{"content":[{"type":"text","text":${quoteJsonText(text)}}]`;
    const result = state.era === 'modern' ? `${content}${this.plainSuffix}}` : `${content}}`;
    if (Object.isFrozen(output)) {
      if (same) memo[state.era] = result;
      else this.lastResults.set(name, { output, [state.era]: result });
    }
    return result;
  }

  private toolError(
    state: CallState,
    error: { code: string; message: string; details?: Record<string, unknown>; retryable: boolean },
  ): string {
    const body = this.profile.toolErrorBody
      ? this.profile.toolErrorBody(error)
      : { error: error.code, message: error.message, ...(error.details ?? {}) };
    const result = `{"content":[{"type":"text","text":${JSON.stringify(JSON.stringify(body))}}],"isError":true}`;
    return state.era === 'modern' ? extendObject(result, this.plainSuffix) : result;
  }

  private async readResource(params: Params, state: CallState): Promise<string> {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new RpcError(RpcCode.InvalidParams, 'Invalid params: resources/read needs a string uri.');
    const resource = this.catalog.resources.get(uri);
    if (!resource) {
      if (state.era === 'modern') throw new RpcError(RpcCode.InvalidParams, `Resource not found: ${uri}`, { uri });
      throw new RpcError(RpcCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
    }
    const definition = resource.definition;
    const text = await definition.read(resource.service);
    const content: Record<string, unknown> = { uri, mimeType: definition.mimeType, text };
    if (definition._meta) content._meta = definition._meta;
    const result = JSON.stringify({ contents: [content] });
    return state.era === 'modern' ? extendObject(result, this.cacheSuffix) : result;
  }
}
