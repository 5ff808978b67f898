/**
 * PostgreSQL (and backing-store) error detection, written once (STYLE R13). Drivers wrap errors
 * differently: node-postgres puts the SQLSTATE on `code`, TypeORM's QueryFailedError on
 * `driverError.code`, and pool or socket failures come as Node system errors or plain messages.
 */

/** The SQLSTATE of a Postgres error however it is wrapped, or undefined. */
export function pgErrorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = e.driverError?.code ?? e.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique index refused the row (23505); `constraint` narrows it to one index when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgErrorCode(error) !== '23505') return false;
  if (!constraint) return true;
  const e = error as { constraint?: unknown; driverError?: { constraint?: unknown } };
  return (e.driverError?.constraint ?? e.constraint) === constraint;
}

/** The statement ran past statement_timeout (57014, query_canceled). */
export function isStatementTimeout(error: unknown): boolean {
  return pgErrorCode(error) === '57014';
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
