import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { CLEANUP_SQL, type CleanupTarget } from '../queries/cleanup.queries.js';
import { ensureQueue } from '../../common/jobs/ensure-queue.js';

/** The pg-boss queue of the cleanup job. */
export const OAUTH_CLEANUP_QUEUE = 'oauth-cleanup';
/** Every 15 minutes (UTC). */
export const OAUTH_CLEANUP_CRON = '*/15 * * * *';

/**
 * Removes expired broker rows (see queries/cleanup.queries.ts) as a pg-boss scheduled job in the
 * application's own PostgreSQL (schema `pgboss`, like the mail outbox): every instance registers the
 * same schedule and works the same queue, pg-boss sends one job per tick, and one instance runs it.
 * A failed pass is retried by the next tick; the statements are idempotent.
 */
@Injectable()
export class OauthCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OAuthCleanup');
  private boss?: PgBoss;
  private workerId?: string;
  private starting?: Promise<void>;
  private stopped = false;
  private lastErrorLog = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  /** Starts in the background: boot does not wait for the queue, and a failure to start only delays cleanup. */
  onApplicationBootstrap(): void {
    this.starting = this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    // A start still waiting for the database is not waited for: it stops the queue itself when it ends.
    await Promise.race([this.starting, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5_000 }).catch(() => undefined);
  }

  /** Resolves when the background start has finished (the queue and its schedule exist, or starting failed and was logged). */
  async ready(): Promise<boolean> {
    await this.starting;
    return Boolean(this.boss && this.workerId);
  }

  /** Queues one pass now and wakes this instance's worker (operators and tests); the job's id. */
  async trigger(): Promise<string | null> {
    await this.starting;
    if (!this.boss || !this.workerId) return null;
    const id = await this.boss.send(OAUTH_CLEANUP_QUEUE, {});
    this.boss.notifyWorker(this.workerId);
    return id;
  }

  /** The job's state (created, active, completed, failed …), for tests and operators. */
  async jobState(id: string): Promise<string | undefined> {
    return (await this.boss?.getJobById(OAUTH_CLEANUP_QUEUE, id))?.state;
  }

  /** One pass; how many rows each statement removed. */
  async run(): Promise<Record<CleanupTarget, number>> {
    const removed = {} as Record<CleanupTarget, number>;
    for (const [name, sql] of Object.entries(CLEANUP_SQL) as [CleanupTarget, string][]) {
      // TypeORM's postgres driver answers a DELETE through query() with [rows, affected count].
      const result = (await this.dataSource.query(sql)) as unknown;
      removed[name] = Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
    }
    return removed;
  }

  private async start(): Promise<void> {
    const boss = new PgBoss({
      connectionString: this.config.databaseUrl,
      schema: 'pgboss',
      max: 2,
      application_name: 'agentry-oauth-cleanup',
      migrate: true,
      supervise: true,
      schedule: true,
      cronWorkerIntervalSeconds: 30,
    });
    // pg-boss reports database trouble as events; one line per 30 s, never a crash.
    boss.on('error', (error: Error) => {
      if (Date.now() - this.lastErrorLog < 30_000) return;
      this.lastErrorLog = Date.now();
      this.logger.warn(`Cleanup job: ${error.message}`);
    });
    try {
      await boss.start();
      await this.ensureQueue(boss);
      await boss.schedule(OAUTH_CLEANUP_QUEUE, OAUTH_CLEANUP_CRON, {}, { tz: 'UTC' });
      this.workerId = await boss.work(OAUTH_CLEANUP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
        const removed = await this.run();
        const total = Object.values(removed).reduce((sum, n) => sum + n, 0);
        if (total) this.logger.log(`Removed ${total} expired broker row(s)`);
      });
      if (this.stopped) throw new Error('the application is shutting down');
      this.boss = boss;
    } catch (error) {
      // Expired rows only accumulate until an instance runs the job; that must not stop the service.
      if (!this.stopped) this.logger.warn(`The cleanup job could not be scheduled: ${(error as Error).message}`);
      await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
    }
  }

  private async ensureQueue(boss: PgBoss): Promise<void> {
    // One queued pass at most: ticks while a pass waits are dropped, never piled up.
    await ensureQueue(boss, OAUTH_CLEANUP_QUEUE, { policy: 'stately', retryLimit: 0, expireInSeconds: 600 });
  }
}
