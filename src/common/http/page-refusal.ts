import { AppError } from '../errors/app-error.js';

/**
 * A use case's refusal that a page shows to the person (its status and message: a wrong form value,
 * a missing record, a rate limit), as opposed to a failure (status ≥ 500) the service's filter renders.
 * Thrown by a facade for form posts whose answer is the error page; see the module's page filter.
 */
export class PageRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PageRefusal';
  }
}

/** A refusal (an AppError below 500) or the value: for pages that show the problem on the form itself. */
export type Refusable<T> = { ok: true; value: T } | { ok: false; status: number; message: string; headers: Record<string, string> };

/** Runs a use case; its refusals become a {@link Refusable} answer, failures stay thrown. */
export async function refusable<T>(run: () => Promise<T>): Promise<Refusable<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return { ok: false, status: error.status, message: error.message, headers: error.headers ?? {} };
    }
    throw error;
  }
}

/** Runs a use case; its refusals become a {@link PageRefusal} for the page filter. */
export async function refusedOnPage<T>(run: () => Promise<T>): Promise<T> {
  const outcome = await refusable(run);
  if (!outcome.ok) throw new PageRefusal(outcome.status, outcome.message, outcome.headers);
  return outcome.value;
}
