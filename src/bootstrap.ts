import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { configureApp, createFastifyAdapter } from './app.setup.js';
import { PinoNestLogger } from './common/http/logger.js';
import { describeDatabaseUrl, type AppConfig } from './config/app-config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.js';

export interface RunningApp {
  app: NestFastifyApplication;
  url: string;
  close(): Promise<void>;
}

/** Resolves the database: DATABASE_URL, or a real embedded PostgreSQL under DATA_DIR. */
export async function resolveDatabase(config: AppConfig, logger: Logger): Promise<EmbeddedDatabase | undefined> {
  if (config.databaseUrl) {
    logger.info(`Database: external PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}`);
    return undefined;
  }
  logger.info(`Database: starting embedded PostgreSQL under ${config.dataDir}/postgres`);
  const embedded = await startEmbeddedPostgres(config.dataDir, (m) => logger.warn(m));
  config.databaseUrl = embedded.url;
  config.databaseIsEmbedded = true;
  logger.info(`Database: embedded PostgreSQL at ${describeDatabaseUrl(embedded.url)}`);
  return embedded;
}

/** Creates, configures and starts listening. Shared by main and tools that need a running server. */
export async function startApp(config: AppConfig, logger: Logger): Promise<RunningApp> {
  const embedded = await resolveDatabase(config, logger);
  try {
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), createFastifyAdapter(config, logger), {
      logger: new PinoNestLogger(logger),
      abortOnError: false,
    });
    await configureApp(app, config);
    await app.listen({ port: config.port, host: config.host });
    const url = await app.getUrl();
    return {
      app,
      url,
      close: async () => {
        // Requests in flight finish; each keep-alive connection is closed as soon as it falls idle
        // (the HTTP server's close() only closes the ones idle at the moment it is called).
        const server = app.getHttpServer() as import('node:http').Server;
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
