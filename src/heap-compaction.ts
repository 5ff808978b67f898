import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * When the rounds of full collections run, in ms after the instance is ready: the work that
 * follows readiness (the queues and delayed jobs starting, the demo seed's last writes) is done by
 * the second.
 */
export const ROUND_DELAYS_MS: readonly number[] = [3_000, 10_000];

/** V8 flags set for the collections of a round, and the defaults put back after it. */
const ROUND_FLAGS = '--compact-on-every-full-gc --bytecode-old-age=1 --flush-baseline-code';
const DEFAULT_FLAGS = '--no-compact-on-every-full-gc --bytecode-old-age=5 --no-flush-baseline-code';

/**
 * Returns boot's garbage to the operating system once the instance is ready. Boot builds a great
 * deal that is garbage a moment later (Nest's module scan, TypeORM's metadata and migrations, the
 * search indexes' build chunks, the demo seed), and V8 runs no full, compacting collection while a
 * server idles, so those pages stay committed: ≈ 20 MB of RSS with the demo data (docs/benchmarks.md,
 * "Memory and start-up"). Each round is two full collections back to back (measured: one alone
 * returns a fraction of what two do), ≈ 80 ms here per round. During a round, and only then:
 * - every page is compacted (`--compact-on-every-full-gc`), not only the sparsest ones V8 picks, so
 *   the free space left between boot's survivors goes back too (≈ 6 MB of old space here);
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
          gc();
          gc();
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
