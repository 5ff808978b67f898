import { AppError, type AppErrorOptions } from './app-error.js';

/** One row of a module's error table: the HTTP status of the code and whether a retry may succeed. */
export interface ErrorSpec {
  status: number;
  /** Default: true for 429 and 503. */
  retryable?: boolean;
  /** The default human message when the thrower gives none. */
  message?: string;
}

/** What a thrower may add to a tabled code: details and extra headers (never the status). */
export type TabledErrorOptions = Omit<AppErrorOptions, 'status' | 'retryable'>;

export interface ErrorFactory<C extends string> {
  (code: C, message?: string, options?: TabledErrorOptions): AppError;
  /** The table itself, for docs and tests. */
  readonly table: Readonly<Record<C, ErrorSpec>>;
}

/**
 * A module's error codes in one table (STYLE R4): `<module>.errors.ts` declares
 *
 *     export const dmvError = defineErrors({ not_found: { status: 404, message: '…' }, … });
 *
 * and services throw `dmvError('not_found', 'No registration has that id.')`, never an inline status.
 */
export function defineErrors<const T extends Record<string, ErrorSpec>>(table: T): ErrorFactory<keyof T & string> {
  const make = (code: keyof T & string, message?: string, options: TabledErrorOptions = {}): AppError => {
    const spec = table[code];
    return new AppError(code, message ?? spec.message ?? code.replace(/_/g, ' '), {
      ...options,
      status: spec.status,
      retryable: spec.retryable,
    });
  };
  return Object.assign(make, { table }) as ErrorFactory<keyof T & string>;
}
