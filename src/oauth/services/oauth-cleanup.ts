import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { CLEANUP_SQL, type CleanupTarget } from '../queries/cleanup.queries.js';
import { ScheduledJob } from '../../common/jobs/pg-boss.js';

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
  private readonly job: ScheduledJob;

  constructor(
    config: AppConfig,
    private readonly dataSource: DataSource,
  ) {
    this.job = new ScheduledJob({
      databaseUrl: config.databaseUrl!,
      queue: OAUTH_CLEANUP_QUEUE,
      cron: OAUTH_CLEANUP_CRON,
      applicationName: 'agentry-oauth-cleanup',
      logger: this.logger,
      names: { events: 'Cleanup job', notScheduled: 'The cleanup job could not be scheduled' },
      run: async () => {
        const removed = await this.run();
        const total = Object.values(removed).reduce((sum, n) => sum + n, 0);
        if (total) this.logger.log(`Removed ${total} expired broker row(s)`);
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

  /** Resolves when the background start has finished (the queue and its schedule exist, or starting failed and was logged). */
  ready(): Promise<boolean> {
    return this.job.ready();
  }

  /** Queues one pass now and wakes this instance's worker (operators and tests); the job's id. */
  trigger(): Promise<string | null> {
    return this.job.trigger();
  }

  /** The job's state (created, active, completed, failed …), for tests and operators. */
  jobState(id: string): Promise<string | undefined> {
    return this.job.jobState(id);
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
}
