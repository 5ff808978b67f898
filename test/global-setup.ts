// Starts (or finds) PostgreSQL once for the whole run and migrates a template database that every
// test file clones, so files run in parallel and share nothing.
import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import type { TestProject } from 'vitest/node';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runMigrationsLocked } from '../src/database/migration-runner.js';
import { withClient, withDatabase } from './support/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    runId: string;
    databaseKind: 'external' | 'embedded';
  }
}

/**
 * The worker-thread entry for the TS sources the tests run (src/common/worker/worker-jobs.ts looks for
 * it here): Node cannot start a worker on a .ts file, so it is bundled from the sources for each run.
 */
async function bundleBuildWorker(): Promise<void> {
  const out = 'dist/test/build-worker.mjs';
  const temp = `${out}.${process.pid}.tmp`;
  await build({
    entryPoints: ['src/build-worker.ts'],
    outfile: temp,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  await rename(temp, out);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await bundleBuildWorker();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  let externalUrl = process.env.TEST_DATABASE_URL;
  if (!externalUrl) {
    tempDir = await mkdtemp(path.join(tmpdir(), 'agentry-test-pg-'));
    const embedded = await startEmbeddedPostgres(tempDir);
    externalUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const adminUrl = externalUrl;
  const template = `agentry_tpl_${runId}`;
  await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${template}`));

  const ds = await new DataSource(dataSourceOptions(withDatabase(adminUrl, template), 2)).initialize();
  await runMigrationsLocked(ds);
  await ds.destroy();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('runId', runId);
  project.provide('databaseKind', stopEmbedded ? 'embedded' : 'external');

  return async () => {
    await withClient(adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `agentry_%${runId}%`,
      ]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
    await stopEmbedded?.();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
