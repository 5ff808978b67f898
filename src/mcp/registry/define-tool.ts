import type { Type } from '@nestjs/common';

/** A JSON Schema 2020-12 object schema (root type object, closed with additionalProperties: false). */
export interface ObjectSchema {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: readonly string[];
  additionalProperties: false;
  [keyword: string]: unknown;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a tool handler knows about the request that carried the call. */
export interface ToolContext {
  /** The profile (server) name: 'community', 'docs', 'recall', 'broker'. */
  server: string;
  /** Where the call came from: 'chatgpt' on /mcp/chatgpt, otherwise 'mcp'. */
  source: 'mcp' | 'chatgpt';
  /** The client IP (socket address; X-Forwarded-For only with TRUST_PROXY). */
  ip: string;
  /** Request headers, lower-cased names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  requestId: string;
  era: 'modern' | 'legacy';
  protocolVersion: string;
  /** Adds a response header (e.g. RateLimit-Remaining, Idempotency-Replayed). */
  setHeader(name: string, value: string): void;
  /** What the server's auth gate resolved (e.g. the OAuth token's owner); undefined without a gate. */
  principal?: unknown;
}

export interface ToolDefinition<S = unknown, I = Record<string, unknown>, O extends object = Record<string, unknown>> {
  /** The published name; never renamed. */
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  /**
   * The structured result's schema. A tool without one answers with the JSON as text content only
   * (no structuredContent), as the broker contract asks of its text-payload tools.
   */
  outputSchema?: ObjectSchema;
  annotations: ToolAnnotations;
  _meta?: Record<string, unknown>;
  /** OAuth scopes a call needs (servers with an auth gate check them before the tool runs). */
  scopes?: readonly string[];
  /** The one public module service the handler calls (resolved from Nest's container). */
  service: Type<S>;
  /**
   * Optional: a valid input that succeeds against a freshly seeded database. The e2e test that
   * walks every registered tool calls it with this input and checks the result against
   * outputSchema and the structuredContent/text invariant. Omit it for tools with side effects
   * that cannot run in a fresh database.
   */
  testInput?: I;
  /**
   * Optional: the RateLimitService policy this tool spends (e.g. 'register'). Every answer to a call of it —
   * refusals before the budget is spent (schema, argument and idempotency errors) included — then carries
   * that budget's RateLimit headers and remaining count, not the general ones.
   */
  budget?: string;
  /**
   * Optional: the published error code (and message) for an argument the input schema refuses, by
   * argument name, where the contract names one (e.g. `public_ack` → `public_ack_required`).
   */
  inputErrorCodes?: Readonly<Record<string, { code: string; message: string }>>;
  /**
   * Optional: `run` answers with the same object for as long as the answer is unchanged, and with a
   * new object when it changes (e.g. a cached count). The engine then reuses the serialized result
   * while the object is the same (keyed by its identity) and freezes the object when it first
   * serializes it, so a change made in place throws instead of being served stale.
   */
  memoizeResult?: boolean;
  /**
   * Adapts one service call. Throw AppError for failures: the engine renders it as a result with
   * `isError: true` and the error code — except AppErrors with status 429 or 503, which become a
   * JSON-RPC error at that HTTP status with `data` naming the budget and when to retry.
   */
  run(service: S, input: I, ctx: ToolContext): O | Promise<O>;
}

/** Declares a tool; one file per tool under src/mcp/tools/<server>/. */
export function defineTool<S, I = Record<string, unknown>, O extends object = Record<string, unknown>>(
  definition: ToolDefinition<S, I, O>,
): ToolDefinition<S, I, O> {
  return definition;
}

/** A resource a server offers (static text, or produced by a module service). */
export interface ResourceDefinition<S = unknown> {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
  _meta?: Record<string, unknown>;
  /** Whether resources/list shows it (MCP Apps views may be read-only by URI). */
  listed?: boolean;
  service?: Type<S>;
  read(service: S): Promise<string> | string;
}

export function defineResource<S = unknown>(definition: ResourceDefinition<S>): ResourceDefinition<S> {
  return definition;
}
