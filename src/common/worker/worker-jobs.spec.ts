import { describe, expect, it } from 'vitest';
import { runWorkerJob } from './worker-jobs.js';

// Real worker threads on the worker entry (src/build-worker.ts, bundled for the run by
// test/global-setup.ts): a job that fails, or that does not exist, rejects in the main thread with
// the reason instead of hanging or crashing it.
describe('runWorkerJob', () => {
  it('rejects with the reason when the job fails in the worker', async () => {
    const input = { databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', statementTimeoutMs: 1_000 };
    await expect(runWorkerJob('text-index:members', input)).rejects.toThrow(/worker job text-index:members failed: .*ECONNREFUSED/);
  });

  it('rejects a job the worker entry does not have', async () => {
    await expect(runWorkerJob('no-such-job', {})).rejects.toThrow(/no worker job named no-such-job/);
  });
});
