import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/database/embedded-postgres.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'mco_outage_test_token_0123456789abcdef_0000000000';

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('condition not met in time');
}

// This file runs its own embedded PostgreSQL, because it stops and restarts the server.
describe('foundation: the database going away and coming back', () => {
  let dir: string;
  let db: EmbeddedDatabase;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agentry-outage-'));
    db = await startEmbeddedPostgres(dir);
    t = await createTestApp({
      databaseUrl: db.url,
      env: { OPERATOR_BOOTSTRAP_TOKEN: TOKEN, RATE_LIMIT_GENERAL: 'off' },
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await db?.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('migrated an empty database at boot', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
    await client.end();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].name).toMatch(/^FoundationTables/);
  });

  it('answers 503 with the error body while the database is down, stays up, and recovers by itself', async () => {
    const before = await fetch(`${t.url}/admin/whoami`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(before.status).toBe(200);

    await db.stop();

    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });

    const down = await fetch(`${t.url}/admin/whoami`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(down.status).toBe(503);
    const body = (await down.json()) as { error: string; message: string };
    expect(body.error).toBe('database_unavailable');
    expect(body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at /);

    // Liveness does not depend on the database.
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);

    await db.restart();
    await waitFor(async () => (await fetch(`${t.url}/readyz`)).status === 200);
    const after = await fetch(`${t.url}/admin/whoami`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(after.status).toBe(200);
  }, 60_000);
});
