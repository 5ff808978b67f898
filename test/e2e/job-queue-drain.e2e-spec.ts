// A queue's backlog drains as fast as its worker handles jobs, not at batchSize per polling interval:
// pg-boss 10's worker sleeps the interval after every fetch, full or not, and workBatches (the mail
// queue's worker) fetches again at once after a full batch. Real PostgreSQL, real pg-boss.
import { Logger } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureQueue } from '../../src/common/jobs/ensure-queue.js';
import { createBoss, stopBoss, workBatches } from '../../src/common/jobs/pg-boss.js';
import { cloneDatabase, dropDatabase } from '../support/database.js';
import { waitFor } from '../support/wait.js';

describe('job queue: a backlog drains batch after batch', () => {
  let url: string;
  let boss: PgBoss;

  beforeAll(async () => {
    url = await cloneDatabase();
    boss = createBoss({
      databaseUrl: url,
      applicationName: 'agentry-test-drain',
      logger: new Logger('test'),
      label: 'Test queue',
      tuning: { schedule: false, maintenanceIntervalSeconds: 300 },
    });
    await boss.start();
  });

  afterAll(async () => {
    await stopBoss(boss, 5_000);
    await dropDatabase(url);
  });

  it('works 42 queued jobs in batches of 5 without waiting a 60 s polling interval between full batches, then idles', async () => {
    await ensureQueue(boss, 'drain-test', {});
    await boss.insert(Array.from({ length: 42 }, (_, i) => ({ name: 'drain-test', data: { i } })));
    const batches: number[] = [];
    const seen = new Set<number>();
    await workBatches<{ i: number }>(boss, 'drain-test', { batchSize: 5, pollingIntervalSeconds: 60 }, async (jobs) => {
      batches.push(jobs.length);
      for (const job of jobs) seen.add(job.data.i);
    });
    // Without the immediate refetch only the first 5 would be done before the 60 s interval.
    await waitFor(() => seen.size === 42, 20_000);
    expect(batches.slice(0, 8)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
    expect(batches[8]).toBe(2);
    // The short batch ends the run: a job queued now waits for the next poll (60 s away), so the worker
    // is paced by the interval again when the queue is not full.
    await boss.send('drain-test', { i: 42 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seen.has(42)).toBe(false);
    expect(batches).toHaveLength(9);
  });
});
