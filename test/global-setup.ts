// Starts (or finds) PostgreSQL once for the whole run and migrates a template database that every
// test file clones, so files run in parallel and share nothing.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { TestProject } from 'vitest/node';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runMigrationsLocked } from '../src/database/migration-runner.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    runId: string;
    databaseKind: 'external' | 'embedded';
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(tmpdir(), 'agentry-test-pg-'));
    const embedded = await startEmbeddedPostgres(tempDir);
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `agentry_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();

  const ds = await new DataSource(dataSourceOptions(withDatabase(adminUrl, template), 2)).initialize();
  await runMigrationsLocked(ds);
  await ds.destroy();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('runId', runId);
  project.provide('databaseKind', stopEmbedded ? 'embedded' : 'external');

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`agentry_%${runId}%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await client.end();
    await stopEmbedded?.();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
