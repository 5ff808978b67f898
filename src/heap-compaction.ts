import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * When the rounds of full collections run, in ms after the instance is ready: the work that
 * follows readiness (the queues and delayed jobs starting, the demo seed's last writes) is done by
 * the second.
 */
export const ROUND_DELAYS_MS: readonly number[] = [3_000, 10_000];

/** V8 flags set for the collections of a round, and the defaults put back after it. */
const ROUND_FLAGS = '--optimize-for-size --bytecode-old-age=1 --flush-baseline-code';
const DEFAULT_FLAGS = '--no-optimize-for-size --bytecode-old-age=5 --no-flush-baseline-code';

/** Full collections per round: each evacuates at most a few MB of the sparsest pages (below). */
export const COLLECTIONS_PER_ROUND = 4;

/**
 * A round is skipped when V8's used heap is above this: it is there for a small instance's RSS (the
 * demo data holds ≈ 40 MB of heap), while an instance holding large search indexes gains little from
 * it and pays for it — at 1 M members and 1 M messages (≈ 430 MB of heap) each collection took
 * 310–365 ms (docs/benchmarks.md, "Issue 25: session 12").
 */
export const ROUND_MAX_HEAP_BYTES = 192 * 1024 * 1024;

/** What the rounds did: ms spent collecting, and how many rounds were skipped for the heap's size. */
export interface CompactionReport {
  ms: number;
  skipped: number;
}

/**
 * Returns boot's garbage to the operating system once the instance is ready. Boot builds a great
 * deal that is garbage a moment later (Nest's module scan, TypeORM's metadata and migrations, the
 * search indexes' build chunks, the demo seed), and V8 runs no full, compacting collection while a
 * server idles, so those pages stay committed: ≈ 20 MB of RSS with the demo data (docs/benchmarks.md,
 * "Memory and start-up"). Each round is four full collections, one per event-loop turn, skipped when the
 * heap is already large (ROUND_MAX_HEAP_BYTES). During each of those collections, and only then:
 * - V8 collects as when memory is short (`--optimize-for-size`): each collection evacuates the pages
 *   whose free space is worth it, at most ≈ 6 MB of survivors at a time, so four of them return the
 *   free space left between boot's survivors (≈ 6 MB of old space here) while RSS rises by no more
 *   than what one collection moves. (Compacting every page at once, `--compact-on-every-full-gc`,
 *   returned the same but first copied all ≈ 30 MB of survivors: RSS jumped 120 → 151 MB for the
 *   length of the collection, the instance's highest point of its life.)
 * - bytecode not run since the previous collection is flushed (`--bytecode-old-age=1`,
 *   `--flush-baseline-code`): what only boot ran (Nest's module scan, TypeORM's metadata, the
 *   migrations, the seed) is compiled again if it ever runs again (≈ 2 MB); what requests ran
 *   between two collections is kept.
 * The flags go back to V8's defaults after each collection (those of Node 20's V8: an old age of 5
 * collections, baseline code kept), so everything else, collections under load included, runs as V8
 * tunes it.
 *
 * `gc` is taken from a new context (`--expose-gc` set at run time), so the main context gets no `gc`
 * global and the flag need not be on the command line of whoever starts the server. The server's
 * entry point calls this; tests and the CLI do not.
 */
export function compactAfterBoot(
  ready: Promise<unknown>,
  onDone?: (report: CompactionReport) => void,
  delaysMs = ROUND_DELAYS_MS,
  maxHeapBytes = ROUND_MAX_HEAP_BYTES,
): void {
  void ready.then(
    () => {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      const report: CompactionReport = { ms: 0, skipped: 0 };
      let done = 0;
      const finished = (): void => {
        if (++done === delaysMs.length) onDone?.(report);
      };
      // One collection per event-loop turn: requests arriving meanwhile are answered between them
      // (four back to back held the loop for ≈ 0.4 s with the demo data), and code that runs between
      // two collections is not "old" at the next one, so the flush keeps a request path in use.
      const collect = (left: number): void => {
        const started = performance.now();
        setFlagsFromString(ROUND_FLAGS);
        try {
          gc();
        } finally {
          setFlagsFromString(DEFAULT_FLAGS);
        }
        report.ms += performance.now() - started;
        if (left > 1) setImmediate(collect, left - 1);
        else finished();
      };
      const round = (): void => {
        if (getHeapStatistics().used_heap_size > maxHeapBytes) {
          report.skipped++;
          finished();
          return;
        }
        collect(COLLECTIONS_PER_ROUND);
      };
      for (const delay of delaysMs) setTimeout(round, delay).unref();
    },
    () => undefined,
  );
}
