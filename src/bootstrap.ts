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

/** What the start banner tells a person: where everything is. */
export interface StartBanner {
  home: string;
  mcp: Record<string, string>;
  mailViewer?: string;
  database: string;
  operators: string;
}

/** The URLs and hints a person needs after `npm start` (the banner main prints once). */
export function startBanner(config: AppConfig): StartBanner {
  const base = config.publicBaseUrl;
  return {
    home: `${base}/`,
    mcp: {
      community: `${base}/mcp`,
      docs: `${base}/mcp/docs`,
      recall: `${base}/recall/mcp`,
      broker: `${base}/broker/mcp`,
    },
    ...(config.mailViewer ? { mailViewer: `${base}/dev/mail` } : {}),
    database: config.databaseIsEmbedded
      ? `embedded PostgreSQL under ${config.dataDir}/postgres: open a shell with npm run db:psql`
      : `PostgreSQL at ${describeDatabaseUrl(config.databaseUrl ?? '')}`,
    operators: config.operatorBootstrapToken
      ? 'operator token from OPERATOR_BOOTSTRAP_TOKEN (for /admin/…)'
      : 'create an operator token for /admin/… with npm run cli -- operator:create <name>',
  };
}

/** The banner as lines for a terminal. */
export function bannerText(banner: StartBanner): string {
  const row = (label: string, value: string) => `  ${label.padEnd(13)}${value}`;
  return [
    '',
    'Agentry is ready',
    row('Home', banner.home),
    row('MCP', `${banner.mcp.community}  (community)`),
    row('', `${banner.mcp.docs}  (documentation)`),
    row('', `${banner.mcp.recall}  (Recall)`),
    row('', `${banner.mcp.broker}  (identity broker: sign-in by email)`),
    ...(banner.mailViewer ? [row('Mail viewer', `${banner.mailViewer}  (every message sent or held; sign-in codes are here)`)] : []),
    row('Database', banner.database),
    row('Operators', banner.operators),
    '  Stop with Ctrl+C.',
    '',
    '',
  ].join('\n');
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
