import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';

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
    logging: ['error'],
    extra: {
      max: poolSize,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30000,
      application_name: 'agentry',
    },
  } as DataSourceOptions;
}
