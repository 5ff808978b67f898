import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { DELETE_EXPIRED_SQL, DELETE_ORPHAN_RAW_SQL, DELETE_UNREFERENCED_RAW_SQL, RETENTION_BATCH } from '../queries/message.queries.js';
import { LOCK_MAILBOX_ROWS_SQL, RELEASE_USED_BYTES_SQL } from '../queries/mailbox.queries.js';
import { ScheduledJob } from '../../common/jobs/pg-boss.js';

/** The rows of a DELETE … RETURNING (TypeORM hands them back as [rows, count]). */
function rows<T = unknown>(result: unknown): T[] {
  const list = result as unknown[];
  return (Array.isArray(list[0]) ? list[0] : list) as T[];
}

/** The pg-boss queue of the retention job. */
export const INBOX_RETENTION_QUEUE = 'inbox-retention';
/** Every hour, on the hour (UTC). */
export const INBOX_RETENTION_CRON = '0 * * * *';
/**
 * The job starts this long after boot. pg-boss deadlocks when two different queues are created at
 * the same moment (each creation adds a partition and a foreign key to `pgboss.queue`), so on a
 * fresh database this queue is created after the mail outbox's, which boot waits for.
 */
const START_DELAY_MS = 5_000;

/**
 * The scheduled cleanup: every hour, messages past their `expires_at` (INBOX_RETENTION_DAYS after
 * arrival) are deleted, with their raw source once no message points to it, in batches so a large backlog never holds a long lock.
 * A pg-boss scheduled job in the application's own PostgreSQL (schema `pgboss`, like the OAuth
 * cleanup and the mail outbox): every instance registers the same schedule and works the same queue,
 * pg-boss sends one job per tick, and one instance runs it. A failed pass is retried by the next
 * tick; the statement is idempotent (and skips rows another pass holds).
 */
@Injectable()
export class RetentionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('InboxRetention');
  private readonly job: ScheduledJob;

  constructor(
    config: AppConfig,
    private readonly dataSource: DataSource,
  ) {
    this.job = new ScheduledJob({
      databaseUrl: config.databaseUrl!,
      queue: INBOX_RETENTION_QUEUE,
      cron: INBOX_RETENTION_CRON,
      applicationName: 'agentry-inbox-retention',
      logger: this.logger,
      names: { events: 'Retention job', notScheduled: 'The retention job could not be scheduled' },
      startDelayMs: START_DELAY_MS,
      run: async () => {
        await this.sweep();
      },
    });
  }

  /** Starts in the background: boot does not wait for the queue, and a failure to start only delays cleanup. */
  onApplicationBootstrap(): void {
    this.job.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** Queues one pass now and wakes this instance's worker (operators and tests); the job's id. */
  trigger(): Promise<string | null> {
    return this.job.trigger();
  }

  /** The job's state (created, active, completed, failed …), for tests and operators. */
  jobState(id: string): Promise<string | undefined> {
    return this.job.jobState(id);
  }

  /**
   * One pass: deletes expired mail, each raw source with the last message that points to it, and
   * raw sources left without messages (older than an hour); returns how many messages went.
   */
  async sweep(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (tx) => {
        const deleted = rows<{ id: string; raw_id: string | null; agent_id: string; size_bytes: number }>(
          await tx.query(DELETE_EXPIRED_SQL, [now]),
        );
        const rawIds = [...new Set(deleted.map((r) => r.raw_id).filter((id): id is string => id !== null))];
        if (rawIds.length) await tx.query(DELETE_UNREFERENCED_RAW_SQL, [rawIds]);
        // The mailboxes' usage counters give the bytes back (locked in one order, like multi-recipient stores).
        const freed = new Map<string, number>();
        for (const r of deleted) freed.set(r.agent_id, (freed.get(r.agent_id) ?? 0) + r.size_bytes);
        if (freed.size) {
          const agents = [...freed.keys()].sort();
          await tx.query(LOCK_MAILBOX_ROWS_SQL, [agents]);
          await tx.query(RELEASE_USED_BYTES_SQL, [agents, agents.map((a) => freed.get(a))]);
        }
        return deleted.length;
      });
      total += count;
      if (count < RETENTION_BATCH) break;
    }
    let orphans = 0;
    for (;;) {
      const deleted = rows(await this.dataSource.query(DELETE_ORPHAN_RAW_SQL, [new Date(now.getTime() - 3_600_000)]));
      orphans += deleted.length;
      if (deleted.length < RETENTION_BATCH) break;
    }
    if (total || orphans) this.logger.log(`Removed ${total} expired message(s) and ${orphans} unreferenced raw source(s)`);
    return total;
  }
}
