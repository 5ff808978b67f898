// The JSON-RPC 2.0 and MCP error codes this service puts on the wire (the one table: no numeric
// code appears anywhere else), the error type that carries them to the wire, and how a thrown
// error becomes one.
import { AppError, toAppError } from '../../common/errors/app-error.js';
import type { CallState } from './exchange.js';

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

export type RpcCodeValue = (typeof RpcCode)[keyof typeof RpcCode];

/**
 * A protocol error on its way to the wire. `httpStatus` is the HTTP status it forces (modern
 * envelope/header errors, 401/403, 429/503); without it the answer is HTTP 200. In the legacy era
 * the profile's legacyErrorStatuses decide which forced statuses are kept.
 */
export class RpcError extends Error {
  constructor(
    readonly code: RpcCodeValue,
    message: string,
    readonly data?: unknown,
    readonly httpStatus?: number,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** AppErrors at these statuses are transient: a JSON-RPC error at that status, never a tool result. */
export function isTransient(error: AppError): boolean {
  return error.status === 429 || error.status === 503;
}

function retryAfterSeconds(error: AppError): number | undefined {
  const headers = error.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'retry-after' && /^\d+$/.test(value)) return Number(value);
  }
  const fromDetails = error.details?.retry_after ?? error.details?.retryAfter;
  return typeof fromDetails === 'number' ? fromDetails : undefined;
}

/** A 429/503 AppError as a JSON-RPC error at that HTTP status, saying when to retry. */
export function transientError(error: AppError): RpcError {
  const retryAfter = retryAfterSeconds(error);
  const data: Record<string, unknown> = { error: error.code, retryable: true };
  if (typeof error.details?.budget === 'string') data.budget = error.details.budget;
  else if (error.code === 'rate_limited') data.budget = 'rate_limited';
  if (retryAfter !== undefined) data.retry_after = retryAfter;
  for (const [key, value] of Object.entries(error.details ?? {})) if (!(key in data)) data[key] = value;
  return new RpcError(RpcCode.ServerError, error.message, data, error.status, error.headers);
}

/** Anything a method handler threw as an RpcError; unknown errors are logged and keep no driver text. */
export function toRpcError(error: unknown, state: CallState): RpcError {
  if (error instanceof RpcError) return error;
  const appError = toAppError(error);
  if (isTransient(appError)) return transientError(appError);
  if (!(error instanceof AppError)) {
    state.info.request.log.error({ err: error, reqId: state.info.request.id }, 'MCP request failed');
  }
  return new RpcError(RpcCode.InternalError, appError.message, { error: appError.code });
}
