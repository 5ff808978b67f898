/**
 * What of an error may be logged. Database driver errors carry the statement, its parameters and a detail
 * such as `Key (email)=(ada@example.org) already exists`: of those only the class and the SQLSTATE code are
 * kept. Other errors keep their message and stack.
 */
export function safeError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-Error thrown' };
  const e = error as Error & { code?: unknown; query?: unknown; parameters?: unknown; detail?: unknown; driverError?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const fromDriver =
    e.name === 'QueryFailedError' ||
    e.name === 'DatabaseError' ||
    e.query !== undefined ||
    e.driverError !== undefined ||
    e.detail !== undefined;
  if (fromDriver) return { type: e.name, code, message: `database error${code ? ` ${code}` : ''}` };
  return { type: e.name, code, message: e.message, stack: e.stack };
}
