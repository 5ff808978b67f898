// Database helpers for tests, written once: the URL of a sibling database, a short-lived client,
// cloning this run's migrated template for a test file (so files run in parallel) and dropping it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Opens one client, runs `work` with it, and always closes it. */
export async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for this test file, cloned from the migrated template (see test/global-setup.ts). */
export async function cloneDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `agentry_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`));
  return withDatabase(adminUrl, name);
}

/** Drops a database made by cloneDatabase, closing whatever connections are still open. */
export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withClient(inject('adminDatabaseUrl'), (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Empties every table except migrations (what each test leaves behind). */
export async function truncateAll(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
  );
  if (rows.length) await pool.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} CASCADE`);
}
