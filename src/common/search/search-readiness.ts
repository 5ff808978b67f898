import { Injectable } from '@nestjs/common';

/** What readiness needs of one in-process search index (an {@link IndexSync}). */
export interface TrackedIndex {
  /** Complete: built, and no full rebuild in progress. */
  readonly built: boolean;
  /** Brings the index up to date, building it when it is not (waits for the build). */
  fresh(waitMs?: number): Promise<void>;
}

/**
 * The in-process search indexes of this instance, for /readyz: an instance is not ready until every
 * index has been built once (at a million rows the build at boot takes tens of seconds, and a load
 * balancer should not send searches to it meanwhile). A rebuild later on (a mass change) does not
 * take the instance out of rotation; its searches are refused with a retryable 503 until it is done.
 */
@Injectable()
export class SearchReadiness {
  private readonly indexes = new Map<string, { index: TrackedIndex; ready: boolean }>();

  track(name: string, index: TrackedIndex): void {
    this.indexes.set(name, { index, ready: false });
  }

  /**
   * The names of the indexes not built yet, after waiting up to `waitMs` for them (a small index is
   * built within milliseconds of boot). An index whose build failed (the database was down) is built
   * again here, so readiness recovers without waiting for a search.
   */
  async pending(waitMs: number): Promise<string[]> {
    const waiting = [...this.indexes].filter(([, entry]) => !entry.ready && !entry.index.built);
    if (waiting.length === 0) {
      for (const entry of this.indexes.values()) entry.ready ||= entry.index.built;
      return [];
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(waiting.map(([, entry]) => entry.index.fresh(Infinity))),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
    const pending: string[] = [];
    for (const [name, entry] of this.indexes) {
      entry.ready ||= entry.index.built;
      if (!entry.ready) pending.push(name);
    }
    return pending;
  }
}
