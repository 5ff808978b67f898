import { isConnectionError, isUniqueViolation } from '../../database/pg-errors.js';

/** Re-exported for callers that map errors; the helpers live in database/pg-errors.ts. */
export { isConnectionError, isUniqueViolation };

/** HTTP statuses of the codes every module shares; a module's own codes state their status when thrown. */
const COMMON_STATUS: Record<string, number> = {
  validation_failed: 400,
  invalid_argument: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  mail_relay_failed: 502,
  database_unavailable: 503,
  service_unavailable: 503,
};

export interface AppErrorOptions {
  status?: number;
  /** Safe, structured detail for clients (never driver text or secrets). */
  details?: Record<string, unknown>;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** Whether the same request may succeed if retried later. */
  retryable?: boolean;
}

/** The one error type services throw. `code` is a stable lowercase snake_case identifier. */
export class AppError extends Error {
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly retryable: boolean;

  constructor(
    readonly code: string,
    message: string,
    options: AppErrorOptions = {},
  ) {
    const status = options.status ?? COMMON_STATUS[code] ?? 400;
    // A refusal (4xx) is expected: its stack is never logged or shown, so it is not captured (it cost
    // ~2 % of the CPU under the abuse fuzz). A 5xx keeps its stack.
    const stackLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackLimit;
    this.name = 'AppError';
    this.status = status;
    this.details = options.details;
    this.headers = options.headers;
    this.retryable = options.retryable ?? (this.status === 503 || this.status === 429);
  }
}

/** The REST error body: `{"error":"<code>","message":"<human text>"}`. */
export interface ErrorBody {
  error: string;
  message: string;
  [key: string]: unknown;
}

/**
 * Maps any thrown value to an AppError that is safe to show: AppErrors pass through, database
 * outages become 503, unique violations 409, everything else a 500 without driver text.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isConnectionError(error)) {
    return new AppError('database_unavailable', 'The database is unavailable right now; retry shortly.', {
      status: 503,
      retryable: true,
      headers: { 'Retry-After': '5' },
    });
  }
  if (isUniqueViolation(error)) return new AppError('conflict', 'A record with the same unique value already exists.');
  return new AppError('internal_error', 'An unexpected error occurred.', { status: 500 });
}
