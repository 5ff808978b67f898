import type { DataSource } from 'typeorm';

interface PgPoolLike {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/**
 * Runs one fixed, hot statement as a named prepared statement on the pool TypeORM holds: each
 * connection parses and plans it once, later executions skip both (for the access gate's five-way
 * join, planning is most of PostgreSQL's work per request). Rows come back as from
 * `DataSource.query` (same driver, same type parsers); errors are the driver's own (see
 * pg-errors.ts, which reads both shapes). `name` must be unique per text for the life of the
 * process. Behind PgBouncer in transaction mode this needs PgBouncer 1.21+ with
 * `max_prepared_statements` set (docs/scaling.md).
 */
export async function preparedQuery<R>(dataSource: DataSource, name: string, text: string, values: unknown[]): Promise<R[]> {
  const pool = (dataSource.driver as unknown as { master?: PgPoolLike }).master;
  if (!pool) return (await dataSource.query(text, values)) as R[];
  const result = await pool.query<R>({ name, text, values });
  return result.rows;
}
