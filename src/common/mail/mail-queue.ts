import type { Logger } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { ensureQueue } from '../jobs/ensure-queue.js';
import { createBoss, stopBoss, workBatches, type QueueOptions } from '../jobs/pg-boss.js';

export const MAIL_QUEUE = 'mail-delivery';
export const MAIL_DEAD_LETTER_QUEUE = 'mail-dead';
/** Retries with exponential backoff (from 5 s by default: 5, 10, 20 … s, about 21 minutes over 8 retries). */
export const MAIL_RETRY_LIMIT = 8;
/** A job still active after this long (its process died mid-delivery) is retried by any instance. */
export const MAIL_JOB_EXPIRE_SECONDS = 60;
/** The delivery worker: batches of 5, polling every second while the queue is idle. */
export const MAIL_WORKER = { batchSize: 5, pollingIntervalSeconds: 1 };

export interface MailJob {
  mailId: string;
}

export interface MailJobContext {
  /** This is the last attempt pg-boss will make (the message goes to the dead letter if it fails). */
  lastAttempt: boolean;
}

/**
 * The outbox's job queue on pg-boss, in the application's own PostgreSQL (schema `pgboss`). Jobs
 * are inserted in the caller's transaction, so a job exists exactly when its message row does; every
 * instance works the same queue (SKIP LOCKED), and a job whose worker died is retried once it expires.
 */
export class MailQueue {
  private readonly boss: PgBoss;

  constructor(
    databaseUrl: string,
    private readonly logger: Logger,
    /** The first retry delay; also how long the worker leaves a new message to its immediate attempt. */
    readonly retryDelaySeconds: number,
  ) {
    this.boss = createBoss({
      databaseUrl,
      applicationName: 'agentry-outbox',
      logger,
      label: 'Mail queue',
      tuning: { schedule: false, maintenanceIntervalSeconds: 15 },
    });
  }

  async start(handle: (job: MailJob, ctx: MailJobContext) => Promise<'done' | 'retry'>): Promise<void> {
    await this.boss.start();
    await this.ensureQueue(MAIL_DEAD_LETTER_QUEUE, {});
    await this.ensureQueue(MAIL_QUEUE, {
      retryLimit: MAIL_RETRY_LIMIT,
      retryDelay: this.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: MAIL_JOB_EXPIRE_SECONDS,
      deadLetter: MAIL_DEAD_LETTER_QUEUE,
    });
    // A full batch fetches the next at once, so a backlog (say after a relay outage) drains as fast as
    // delivery goes, not at 5 jobs/s per instance.
    await workBatches<MailJob>(this.boss, MAIL_QUEUE, MAIL_WORKER, async (jobs) => {
      for (const job of jobs) {
        const outcome = await handle(job.data, { lastAttempt: job.retryCount >= job.retryLimit }).catch((error: unknown) => {
          this.logger.warn(`Mail job ${job.id} failed: ${(error as Error).message}`);
          return 'retry' as const;
        });
        // A failed job is retried with backoff, then moved to the dead-letter queue; the rest complete.
        if (outcome === 'retry') await this.boss.fail(MAIL_QUEUE, job.id, { message: 'delivery not completed' });
      }
    });
  }

  /** Adds the delivery job for a message row, inside `tx` when given (the same transaction as the row). */
  async add(mailId: string, tx: EntityManager | undefined, startAfterSeconds = this.retryDelaySeconds, jobId = mailId): Promise<void> {
    const db = tx
      ? { executeSql: async (text: string, values: unknown[]) => ({ rows: (await tx.query(text, values)) as unknown[] }) }
      : undefined;
    await this.boss.send(MAIL_QUEUE, { mailId } satisfies MailJob, {
      id: jobId,
      startAfter: startAfterSeconds,
      ...(db ? { db } : {}),
    });
  }

  /** Jobs waiting or retrying, and jobs that exhausted their retries. */
  async depth(): Promise<{ waiting: number; dead: number }> {
    const [waiting, dead] = await Promise.all([this.boss.getQueueSize(MAIL_QUEUE), this.boss.getQueueSize(MAIL_DEAD_LETTER_QUEUE)]);
    return { waiting, dead };
  }

  /** Stops fetching, waits for jobs in hand (up to `timeoutMs`); unfinished jobs are left for another instance. */
  async stop(timeoutMs = 10_000): Promise<void> {
    await stopBoss(this.boss, timeoutMs);
  }

  private async ensureQueue(name: string, options: QueueOptions): Promise<void> {
    await ensureQueue(this.boss, name, options);
  }
}
