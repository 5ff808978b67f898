import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DELETE_EXPIRED_SQL, RETENTION_BATCH } from '../queries/message.queries.js';

const EVERY_MS = 60 * 60 * 1000;

/**
 * The scheduled cleanup: every hour (and once at boot), messages past their `expires_at`
 * (INBOX_RETENTION_DAYS after arrival) are deleted with their raw source, in batches so a large
 * backlog never holds a long lock. Safe on several instances at once (SKIP LOCKED).
 */
@Injectable()
export class RetentionSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('InboxRetention');
  private timer?: NodeJS.Timeout;

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), EVERY_MS);
    this.timer.unref();
    setTimeout(() => void this.sweep().catch(() => undefined), 5_000).unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Deletes expired mail; returns how many messages went. */
  async sweep(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted: unknown[] = await this.dataSource.query(DELETE_EXPIRED_SQL, [now]);
      const count = Array.isArray(deleted[0]) ? (deleted[0] as unknown[]).length : deleted.length;
      total += count;
      if (count < RETENTION_BATCH) break;
    }
    if (total) this.logger.log(`Removed ${total} expired message(s)`);
    return total;
  }
}
