import type PgBoss from 'pg-boss';
import { pgErrorCode } from '../../database/pg-errors.js';

/** SQLSTATEs after which creating a queue again may succeed: a deadlock, a serialization failure, a racing twin. */
const RETRYABLE = new Set(['40P01', '40001', '23505']);
const ATTEMPTS = 5;

/**
 * Creates a pg-boss queue, or brings its options up to date, safely under concurrency. pg-boss 10
 * creates a queue by adding a partition and a foreign key to `pgboss.queue`, so two queues created at
 * the same moment — by this instance's mail outbox and cleanup jobs, or by two instances booting
 * together — can deadlock; PostgreSQL then aborts one of them. The loser retries after a short random
 * pause, and a queue that another process created meanwhile counts as created.
 */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(name)) {
        await boss.updateQueue(name, { name, ...options });
      } else {
        await boss.createQueue(name, { name, ...options });
      }
      return;
    } catch (error) {
      if (await boss.getQueue(name).catch(() => null)) return;
      const code = pgErrorCode(error);
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 200 * attempt)));
    }
  }
}
