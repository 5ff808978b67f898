import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, describeDatabaseUrl } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';
import { runMigrationsLocked } from './migration-runner.js';

/** Connects TypeORM to PostgreSQL and migrates at boot under an advisory lock. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config.databaseUrl!, config.dbPoolSize),
        autoLoadEntities: true,
        retryAttempts: 3,
        retryDelay: 1000,
      }),
      dataSourceFactory: async (options) => {
        const logger = new Logger('Database');
        const dataSource = await new DataSource(options!).initialize();
        const applied = await runMigrationsLocked(dataSource);
        const url = (options as { url: string }).url;
        logger.log(
          `Using PostgreSQL at ${describeDatabaseUrl(url)}; ${applied.length ? `applied migrations: ${applied.join(', ')}` : 'schema up to date'}`,
        );
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
