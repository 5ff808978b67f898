import { invalidArgument } from '../memory.errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE } from '../memory-schemas.js';
import type { PageArgs } from '../memory.types.js';

/*
 * Coercion of Recall's read and moderation arguments. Both surfaces pass them raw (REST query strings
 * arrive as strings), so the checks live here once and answer `invalid_argument` naming the field.
 */

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

/** An integer in [min, max] (digits-only strings accepted), or the fallback when absent. */
export function integerArg(field: string, raw: unknown, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw invalidArgument(field, `${field} must be an integer from ${min} to ${max}`);
  }
  return n;
}

export function pagingArgs(args: PageArgs): Paging {
  const page = integerArg('page', args.page, 1, 1, MAX_PAGE);
  const limit = integerArg('limit', args.limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
  return { page, limit, offset: (page - 1) * limit };
}

/** include_flagged: a boolean or its string form. */
export function includeFlaggedArg(raw: unknown): boolean {
  if (raw === undefined || raw === null || raw === false || raw === 'false') return false;
  if (raw === true || raw === 'true') return true;
  throw invalidArgument('include_flagged', 'include_flagged must be true or false');
}

/** An operator's reason: required, at most 500 characters. */
export function reasonArg(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.trim()) throw invalidArgument('reason', 'reason is required');
  const reason = raw.trim();
  if (reason.length > 500) throw invalidArgument('reason', 'reason must be at most 500 characters');
  return reason;
}
