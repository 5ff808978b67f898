// The app as e2e tests boot it: the real AppModule on Fastify, its own cloned database, a real port.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { AppModule } from '../../src/app.module.js';
import { configureApp, createFastifyAdapter } from '../../src/app.setup.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { findFreePort } from '../../src/database/embedded-postgres.js';
import { McpHost } from '../../src/mcp/mcp-host.service.js';
import { cloneDatabase, dropDatabase, truncateAll } from './database.js';

export interface TestApp {
  app: NestFastifyApplication;
  /** The real listening base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /**
   * Fastify's inject (no socket), routed like the HTTP server routes: MCP endpoints to their own
   * instance, everything else to the app's.
   */
  inject(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
  config: AppConfig;
  databaseUrl: string;
  /** Runs SQL against this file's own database. */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Empties every table except migrations. */
  truncateAll(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (validated like the real environment). */
  env?: Record<string, string | undefined>;
  /** Provider overrides (the SMTP relay, the clock, keys; never Postgres). */
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  /** Reuse an existing database instead of cloning a new one (for restart tests). */
  databaseUrl?: string;
}

/**
 * The key that encrypts stored secrets in every test app of this process (generated per run, so no
 * test can depend on a fixed key); tests that spawn the CLI on the same database pass it along.
 */
export const TEST_KEY_ENCRYPTION_KEY = randomBytes(32).toString('base64url');

/** The configuration tests run with: quiet logs, no demo seed, a free port and its base URL, encryption at rest. */
export async function testConfig(databaseUrl: string, env: TestAppOptions['env'] = {}): Promise<AppConfig> {
  const port = env.PORT ? Number(env.PORT) : await findFreePort();
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SMTP_PORT: '0',
    DATA_DIR: '/tmp/agentry-test-data',
    BROKER_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    ...clean,
    DATABASE_URL: databaseUrl,
  });
}

/** Boots the real AppModule on Fastify against its own database and listens on a real port. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await cloneDatabase());
  const config = await testConfig(databaseUrl, options.env);
  let builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] });
  if (options.override) builder = options.override(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createFastifyAdapter(config, false), {
    logger: false,
  });
  await configureApp(app, config);
  await app.init();
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // Outage tests terminate every backend: an idle client of this helper pool must not crash the worker.
  pool.on('error', () => undefined);
  let closed = false;
  const mcp = app.get(McpHost, { strict: false });
  return {
    app,
    url: `http://127.0.0.1:${config.port}`,
    inject: (request) => (mcp.serves(request.url) ? mcp.inject(request) : app.inject(request)),
    config,
    databaseUrl,
    sql: async (text, params) => (await pool.query(text, params)).rows,
    truncateAll: () => truncateAll(pool),
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await pool.end();
      if (!options.databaseUrl) await dropDatabase(databaseUrl);
    },
  };
}
