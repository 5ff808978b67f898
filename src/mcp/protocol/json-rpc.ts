/** JSON-RPC 2.0 and MCP error codes used on the wire. */
export const RpcCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Transport-level failures (HTTP 4xx/5xx that are not protocol errors), rate limits, outages. */
  ServerError: -32000,
  /** Bearer credential missing or invalid (only with HTTP 401). */
  Unauthorized: -32001,
  /** Resource not found (legacy revisions only). */
  ResourceNotFound: -32002,
  /** Authenticated but not permitted (only with HTTP 403). */
  Forbidden: -32003,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;

export type RequestId = string | number;

/**
 * A protocol error on its way to the wire. `httpStatus` is the HTTP status it forces (modern
 * envelope/header errors, 429/503); without it the era decides (legacy 200, modern 200).
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly httpStatus?: number,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** Serializes an id for splicing into a response (`null` when unreadable). */
export function idJson(id: RequestId | null | undefined): string {
  if (id === undefined || id === null) return 'null';
  // A finite number serializes the same either way; String() skips the JSON serializer.
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/**
 * A JSON text (as produced by JSON.stringify) as a JSON string literal: the same characters as
 * JSON.stringify(text) — such a text holds no raw control characters or lone surrogates, so only
 * backslashes and quotes need escaping — in about a third of the time on Node 20.
 */
export function quoteJsonText(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** A success response from a pre-serialized result object. */
export function resultMessage(id: RequestId, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${idJson(id)},"result":${resultJson}}`;
}

/** An error response. */
export function errorMessage(id: RequestId | null | undefined, code: number, message: string, data?: unknown): string {
  const error: Record<string, unknown> = { code, message };
  if (data !== undefined) error.data = data;
  return `{"jsonrpc":"2.0","id":${idJson(id)},"error":${JSON.stringify(error)}}`;
}

/** Whether a value is a valid JSON-RPC request id (string or number; never null). */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Appends members to a serialized JSON object: `{"a":1}` + `,"b":2` → `{"a":1,"b":2}`.
 * `members` starts with a comma.
 */
export function extendObject(objectJson: string, members: string): string {
  if (objectJson.length === 2) return `{${members.slice(1)}}`;
  return `${objectJson.slice(0, -1)}${members}}`;
}
