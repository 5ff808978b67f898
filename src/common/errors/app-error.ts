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
    super(message);
    this.name = 'AppError';
    this.status = options.status ?? COMMON_STATUS[code] ?? 400;
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

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

/** True when an error means the database (or another backing store) cannot be reached right now. */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && CONNECTION_ERROR_CODES.has(e.code)) return true;
  // TypeORM's answers to a query on a transaction whose connection the driver already dropped.
  const name = (error as { name?: unknown }).name;
  if (name === 'QueryRunnerProviderAlreadyReleasedError' || name === 'QueryRunnerAlreadyReleasedError') return true;
  if (typeof e.message === 'string') {
    const m = e.message;
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection|the database system is (shutting down|starting up)|Connection is closed|ECONNREFUSED/i.test(
        m,
      )
    ) {
      return true;
    }
  }
  if (e.driverError && e.driverError !== error) return isConnectionError(e.driverError);
  if (e.cause && e.cause !== error) return isConnectionError(e.cause);
  return false;
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
  const code = (error as { code?: unknown; driverError?: { code?: unknown } })?.code ??
    (error as { driverError?: { code?: unknown } })?.driverError?.code;
  if (code === '23505') return new AppError('conflict', 'A record with the same unique value already exists.');
  return new AppError('internal_error', 'An unexpected error occurred.', { status: 500 });
}
