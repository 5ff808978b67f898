// The types every part of the protocol engine shares: what it answers the HTTP layer, what it
// knows about the HTTP request, and the per-call state a method handler runs with.
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

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

/** The answer to notifications and responses: 202, no body. */
export const ACCEPTED: HttpAnswer = { status: 202, body: null };

/**
 * What the engine reads of the HTTP request: its id, client address, headers and logger. A
 * FastifyRequest is one; the raw JSON-RPC POST path (raw-post.ts) passes its own, lighter one.
 */
export interface McpRequest {
  readonly id: string;
  readonly ip: string;
  readonly headers: IncomingHttpHeaders;
  readonly log: FastifyBaseLogger;
}

/** Per-HTTP-request facts the engine needs. */
export interface RequestInfo {
  request: McpRequest;
  source: 'mcp' | 'chatgpt';
  principal?: unknown;
}

export type Era = 'modern' | 'legacy';

/** One JSON-RPC request being answered. */
export interface CallState {
  info: RequestInfo;
  era: Era;
  protocolVersion: string;
  /** Response headers collected from tools and errors. */
  headers: Record<string, string> | undefined;
}

export type Params = Record<string, unknown>;

/** A value now or later: the hot path stays synchronous until something actually waits. */
export type Awaitable<T> = T | Promise<T>;

/** A method's handler: the serialized `result` object, or a throw that becomes the JSON-RPC error. */
export type Handler = (params: Params, state: CallState) => Awaitable<string>;

export function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return (
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<T>).then === 'function'
  );
}
