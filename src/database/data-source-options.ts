import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';

/** Longest a statement may run on any connection (PostgreSQL statement_timeout); migrations lift it. */
export const STATEMENT_TIMEOUT_MS = 15_000;

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
    },
  } as DataSourceOptions;
}
