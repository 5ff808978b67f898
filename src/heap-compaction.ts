import { setFlagsFromString } from 'node:v8';
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
 * Returns boot's garbage to the operating system once the instance is ready. Boot builds a great
 * deal that is garbage a moment later (Nest's module scan, TypeORM's metadata and migrations, the
 * search indexes' build chunks, the demo seed), and V8 runs no full, compacting collection while a
 * server idles, so those pages stay committed: ≈ 20 MB of RSS with the demo data (docs/benchmarks.md,
 * "Memory and start-up"). Each round is four full collections back to back. During a round, and only then:
 * - V8 collects as when memory is short (`--optimize-for-size`): each collection evacuates the pages
 *   whose free space is worth it, at most ≈ 6 MB of survivors at a time, so four of them return the
 *   free space left between boot's survivors (≈ 6 MB of old space here) while RSS rises by no more
 *   than what one collection moves. (Compacting every page at once, `--compact-on-every-full-gc`,
 *   returned the same but first copied all ≈ 30 MB of survivors: RSS jumped 120 → 151 MB for the
 *   length of the collection, the instance's highest point of its life.)
 * - bytecode not run since the previous collection is flushed (`--bytecode-old-age=1`,
 *   `--flush-baseline-code`): what only boot ran (Nest's module scan, TypeORM's metadata, the
 *   migrations, the seed) is compiled again if it ever runs again (≈ 2 MB).
 * The flags go back to V8's defaults after each round (those of Node 20's V8: an old age of 5
 * collections, baseline code kept), so collections under load stay as V8 tunes them.
 *
 * `gc` is taken from a new context (`--expose-gc` set at run time), so the main context gets no `gc`
 * global and the flag need not be on the command line of whoever starts the server. The server's
 * entry point calls this; tests and the CLI do not.
 */
export function compactAfterBoot(ready: Promise<unknown>, onDone?: (ms: number) => void, delaysMs = ROUND_DELAYS_MS): void {
  void ready.then(
    () => {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      let spent = 0;
      let done = 0;
      const round = (): void => {
        const started = performance.now();
        setFlagsFromString(ROUND_FLAGS);
        try {
          for (let i = 0; i < COLLECTIONS_PER_ROUND; i++) gc();
        } finally {
          setFlagsFromString(DEFAULT_FLAGS);
        }
        spent += performance.now() - started;
        if (++done === delaysMs.length) onDone?.(Math.round(spent));
      };
      for (const delay of delaysMs) setTimeout(round, delay).unref();
    },
    () => undefined,
  );
}
