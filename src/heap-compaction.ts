import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * When the rounds of full collections run, in ms after the instance is ready: the work that
 * follows readiness (the queues and delayed jobs starting, the demo seed's last writes) is done by
 * the second.
 */
export const ROUND_DELAYS_MS: readonly number[] = [3_000, 10_000];

/**
 * Returns boot's garbage to the operating system once the instance is ready. Boot builds a great
 * deal that is garbage a moment later (Nest's module scan, TypeORM's metadata and migrations, the
 * search indexes' build chunks, the demo seed), and V8 runs no full, compacting collection while a
 * server idles, so those pages stay committed: ≈ 20 MB of RSS with the demo data (docs/benchmarks.md,
 * "Memory and start-up"). Each round is two full collections back to back (measured: one alone
 * returns a fraction of what two do), ≈ 80 ms here per round.
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
        gc();
        gc();
        spent += performance.now() - started;
        if (++done === delaysMs.length) onDone?.(Math.round(spent));
      };
      for (const delay of delaysMs) setTimeout(round, delay).unref();
    },
    () => undefined,
  );
}
