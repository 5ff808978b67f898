import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Worker } from 'node:worker_threads';
import { AppConfig } from '../../config/app-config.js';
import { runWorkerJob } from '../worker/worker-jobs.js';

/**
 * Where full builds of the in-process indexes run: large ones (at least SEARCH_BUILD_WORKER_ROWS rows)
 * in a worker thread each, concurrently and off the main thread, which keeps serving (searches get a
 * retryable 503 until their index is built); small ones in the main thread, where a worker's start
 * would cost more than the build. Ends the workers still running when the app closes.
 */
@Injectable()
export class IndexBuilds implements OnModuleDestroy {
  /** The fewest rows built in a worker (null: never). */
  readonly workerRows: number | null;
  private readonly workers = new Set<Worker>();

  constructor(config: AppConfig) {
    this.workerRows = config.searchBuildWorkerRows;
  }

  /** Runs a job of src/build-worker.ts in a worker thread of its own. */
  run<T>(job: string, input: unknown): Promise<T> {
    return runWorkerJob<T>(job, input, {
      started: (worker) => {
        this.workers.add(worker);
        worker.once('exit', () => this.workers.delete(worker));
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }
}
