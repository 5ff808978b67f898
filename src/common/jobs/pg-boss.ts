import type { Logger } from '@nestjs/common';
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { ensureQueue } from './ensure-queue.js';

/**
 * pg-boss reads its schedules' cron expressions with cron-parser, which does its date arithmetic
 * with luxon. Left at luxon's defaults (the system's time zone and locale), every evaluation asks
 * ICU for them (`new Intl.DateTimeFormat().resolvedOptions()`), which pages in ICU's locale and
 * time-zone data: 8 MB of RSS for the life of the process (docs/benchmarks.md, "Memory"). Every
 * schedule here is in UTC and nothing formats a date through luxon, so its defaults are set to UTC
 * and en-US: the same instants, and no ICU. It is the CommonJS copy cron-parser requires (luxon
 * ships separate CommonJS and ESM builds, each with its own Settings), hence the require.
 */
const luxon = createRequire(import.meta.url)('luxon') as typeof import('luxon');
luxon.Settings.defaultZone = 'utc';
luxon.Settings.defaultLocale = 'en-US';

/** A queue's options as ensureQueue takes them. */
export type QueueOptions = Omit<PgBoss.Queue, 'name'>;

export interface BossOptions {
  databaseUrl: string;
  /** The connections' application_name (pg_stat_activity), e.g. `agentry-outbox`. */
  applicationName: string;
  logger: Logger;
  /** Prefix of the warning logged for pg-boss's error events, e.g. `Mail queue`. */
  label: string;
  /** pg-boss's own options beyond the shared ones (schedule, maintenance and cron intervals). */
  tuning: Pick<PgBoss.ConstructorOptions, 'schedule' | 'maintenanceIntervalSeconds' | 'cronWorkerIntervalSeconds'>;
}

/**
 * A pg-boss instance in the application's own PostgreSQL (schema `pgboss`, two connections, schema
 * migrated and supervised by pg-boss). pg-boss reports database trouble as `error` events: they are
 * logged as one warning per 30 s, never a crash.
 */
export function createBoss(options: BossOptions): PgBoss {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 2,
    application_name: options.applicationName,
    migrate: true,
    supervise: true,
    ...options.tuning,
  });
  let lastErrorLog = 0;
  boss.on('error', (error: Error) => {
    if (Date.now() - lastErrorLog < 30_000) return;
    lastErrorLog = Date.now();
    options.logger.warn(`${options.label}: ${error.message}`);
  });
  return boss;
}

/** Stops fetching and waits for jobs in hand up to `timeoutMs`; a failure to stop is not an error at shutdown. */
export async function stopBoss(boss: PgBoss | undefined, timeoutMs: number): Promise<void> {
  await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs }).catch(() => undefined);
}

/**
 * Works `queue` in batches of `options.batchSize` and, when a batch comes back full, fetches the next
 * one at once instead of waiting out the polling interval: pg-boss 10's worker sleeps the interval
 * after every fetch, full or not, so a backlog would otherwise drain at batchSize / interval jobs per
 * second per instance (5/s for the mail queue; bench:jobs measured it). The interval still paces an
 * idle or lightly loaded queue. Returns the worker id.
 */
export async function workBatches<T extends object>(
  boss: PgBoss,
  queue: string,
  options: { batchSize: number; pollingIntervalSeconds: number },
  handle: (jobs: PgBoss.JobWithMetadata<T>[]) => Promise<void>,
): Promise<string> {
  let workerId: string | undefined = undefined;
  workerId = await boss.work<T>(queue, { ...options, includeMetadata: true }, async (jobs) => {
    await handle(jobs);
    // notifyWorker during the handler skips the worker's next sleep (it resets the flag before each fetch).
    if (jobs.length >= options.batchSize && workerId) boss.notifyWorker(workerId);
  });
  return workerId;
}

/** The options of a scheduled job's queue: one queued pass at most (ticks while a pass waits are dropped, never piled up). */
const SCHEDULED_QUEUE: QueueOptions = { policy: 'stately', retryLimit: 0, expireInSeconds: 600 };

export interface ScheduledJobOptions {
  databaseUrl: string;
  /** The pg-boss queue, also the schedule's name. */
  queue: string;
  /** When it runs (UTC). */
  cron: string;
  applicationName: string;
  logger: Logger;
  /** What log lines call it, e.g. `Cleanup job` / `The cleanup job could not be scheduled`. */
  names: { events: string; notScheduled: string };
  /** Start this long after boot (a queue created at the same moment as another can deadlock pg-boss); none by default. */
  startDelayMs?: number;
  /** One pass. A failed pass is retried by the next tick. */
  run: () => Promise<void>;
}

/**
 * A pg-boss scheduled job in the application's own PostgreSQL: every instance registers the same
 * schedule and works the same queue, pg-boss sends one job per tick, and one instance runs it.
 * It starts in the background (boot does not wait for the queue, and a failure to start is logged and
 * only delays the job) and stops with the application. The owner calls `start()` from
 * onApplicationBootstrap and `stop()` from onApplicationShutdown.
 */
export class ScheduledJob {
  private boss?: PgBoss;
  private workerId?: string;
  private starting?: Promise<void>;
  private stopped = false;
  private wake?: () => void;

  constructor(private readonly options: ScheduledJobOptions) {}

  start(): void {
    this.starting = this.begin();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    // A start still waiting for the database is not waited for: it stops the queue itself when it ends.
    await Promise.race([this.starting, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    await stopBoss(this.boss, 5_000);
  }

  /** Resolves when the background start has finished: true when the queue, its schedule and the worker exist. */
  async ready(): Promise<boolean> {
    await this.starting;
    return Boolean(this.boss && this.workerId);
  }

  /** Queues one pass now and wakes this instance's worker (operators and tests); the job's id. */
  async trigger(): Promise<string | null> {
    await this.starting;
    if (!this.boss || !this.workerId) return null;
    const id = await this.boss.send(this.options.queue, {});
    this.boss.notifyWorker(this.workerId);
    return id;
  }

  /** The job's state (created, active, completed, failed …), for tests and operators. */
  async jobState(id: string): Promise<string | undefined> {
    return (await this.boss?.getJobById(this.options.queue, id))?.state;
  }

  private async begin(): Promise<void> {
    const { queue, cron, logger, names, startDelayMs } = this.options;
    if (startDelayMs !== undefined) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, startDelayMs).unref();
      });
      if (this.stopped) return;
    }
    const boss = createBoss({
      databaseUrl: this.options.databaseUrl,
      applicationName: this.options.applicationName,
      logger,
      label: names.events,
      tuning: { schedule: true, cronWorkerIntervalSeconds: 30 },
    });
    try {
      await boss.start();
      await ensureQueue(boss, queue, SCHEDULED_QUEUE);
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
      this.workerId = await boss.work(queue, { pollingIntervalSeconds: 30 }, async () => {
        await this.options.run();
      });
      if (this.stopped) throw new Error('the application is shutting down');
      this.boss = boss;
    } catch (error) {
      // The work only accumulates until an instance runs the job; that must not stop the service.
      if (!this.stopped) logger.warn(`${names.notScheduled}: ${(error as Error).message}`);
      await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
    }
  }
}
