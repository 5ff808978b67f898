import type { DataSource } from 'typeorm';

/** Arbitrary constant identifying Agentry's migration lock among advisory locks. */
const MIGRATION_LOCK_KEY = 4_711_2026;

/**
 * Runs pending migrations under a session-level PostgreSQL advisory lock, so several instances
 * starting at once migrate exactly once. Returns the names of the migrations applied.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    // Waiting for another instance's migrations may take longer than the statement timeout.
    await runner.query('SET statement_timeout = 0');
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.query('RESET statement_timeout').catch(() => undefined);
    await runner.release();
  }
}
