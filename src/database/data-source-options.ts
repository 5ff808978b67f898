import type { ClientBase } from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';

/** Longest a statement may run on any connection (PostgreSQL statement_timeout); migrations lift it. */
export const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * Gives every pooled connection an 'error' listener for its whole life. pg-pool takes its own listener
 * off a client when it hands the client out, and TypeORM adds its listener one microtask later; when the
 * server is shut down (FATAL 57P01) its ReadyForQuery and the FATAL can arrive in one TCP read, so the
 * error is emitted in that gap, with nobody listening, and an unlistened 'error' event kills the process.
 * The failure still reaches whoever holds the client (its next query fails and the pool drops it).
 */
function keepErrorListener(client: ClientBase): void {
  client.on('error', () => undefined);
}

/** Options shared by the app, the migration CLI and the tests. The schema lives only in migrations/. */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    uuidExtension: 'pgcrypto',
    invalidWhereValuesBehavior: { null: 'throw', undefined: 'throw' },
    // TypeORM's error logging prints each failed statement with its parameters (emails, bodies, tokens);
    // failures are logged by the exception filters instead, without them (src/common/http/safe-error.ts).
    logging: false,
    extra: {
      max: poolSize,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30000,
      application_name: 'agentry',
      // Every connection: no statement runs longer than this, and no transaction idles holding locks.
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: 30_000,
      onConnect: keepErrorListener,
    },
  } as DataSourceOptions;
}
