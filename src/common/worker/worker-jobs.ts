/**
 * Work handed to a worker thread: CPU-heavy one-off jobs (building a search index at boot) run on
 * another core while the main thread keeps serving. A job is a named async function in the worker
 * entry's registry (src/build-worker.ts); it gets a structured-cloneable input and returns a value
 * and the buffers to move back with it (typed arrays are transferred, not copied).
 *
 * One worker per job, ended when the job answers: jobs are rare (a build at boot or after a mass
 * change) and a worker's heap, sized for the job, goes back to the OS with it.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';

/** What a job returns: its value and the buffers to transfer (not copy) with it. */
export interface WorkerJobOutput {
  value: unknown;
  transfer: ArrayBuffer[];
}

export type WorkerJob = (input: unknown) => Promise<WorkerJobOutput>;

interface JobMessage {
  ok: boolean;
  value?: unknown;
  error?: string;
}

// Set by scripts/bundle.mjs (esbuild `define`): where the worker entry is, relative to the chunk
// this module is bundled into. Undefined when running tsc's output or the TS sources.
declare const AGENTRY_BUILD_WORKER: string | undefined;

/**
 * The worker entry: in the server bundle where the bundle put it; beside dist/src's main.js for tsc's
 * output; and for the TS sources (Vitest) the bundle of them test/global-setup.ts writes for the run.
 */
export function workerEntry(): URL {
  if (typeof AGENTRY_BUILD_WORKER === 'string') return new URL(AGENTRY_BUILD_WORKER, import.meta.url);
  if (import.meta.url.endsWith('.ts')) return new URL('../../../dist/test/build-worker.mjs', import.meta.url);
  return new URL('../../build-worker.js', import.meta.url);
}

export interface WorkerJobOptions {
  /** Called with the worker once started (to terminate it on shutdown). */
  started?: (worker: Worker) => void;
}

/** Runs `job` of the worker entry's registry in a new worker thread; rejects when it fails or the worker dies. */
export function runWorkerJob<T>(job: string, input: unknown, options: WorkerJobOptions = {}): Promise<T> {
  // The process's V8 flags apply (start:prod's small young generation measured no slower for a build).
  const worker = new Worker(workerEntry(), { workerData: { job, input } });
  options.started?.(worker);
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    worker.once('message', (message: JobMessage) => {
      settled = true;
      if (message.ok) resolve(message.value as T);
      else reject(new Error(`worker job ${job} failed: ${message.error}`));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (settled) return;
      settled = true;
      reject(new Error(`worker job ${job} ended (exit code ${code}) without an answer`));
    });
  });
}

/** The worker side: runs the job the thread was started for and posts its outcome to the main thread. */
export function serveWorkerJobs(jobs: Readonly<Record<string, WorkerJob>>): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerJobs runs in a worker thread only');
  const { job, input } = workerData as { job: string; input: unknown };
  const run = jobs[job];
  const answer = run ? run(input) : Promise.reject(new Error(`no worker job named ${job}`));
  answer.then(
    ({ value, transfer }) => port.postMessage({ ok: true, value } satisfies JobMessage, transfer),
    (error: unknown) => port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies JobMessage),
  );
}
