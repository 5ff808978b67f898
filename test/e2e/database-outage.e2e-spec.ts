import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/database/embedded-postgres.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { withClient } from '../support/database.js';
import { waitFor } from '../support/wait.js';
import { postJsonRpc, rpcAnswer, rpcRequest } from '../support/json-rpc.js';

const TOKEN = 'mco_outage_test_token_0123456789abcdef_0000000000';

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
      env: { OPERATOR_BOOTSTRAP_TOKEN: TOKEN, RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_REGISTER: 'off', DMV_DAILY_CAP_PER_EMAIL: '1000' },
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await db?.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('migrated an empty database at boot', async () => {
    const { rows } = await withClient(db.url, (client) => client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id'));
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
    await waitFor(async () => (await fetch(`${t.url}/readyz`)).status === 200, 20_000, 250);
    const after = await fetch(`${t.url}/admin/whoami`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(after.status).toBe(200);
  }, 60_000);

  it('answers MCP tool calls with a retryable JSON-RPC error within a bounded time while the database is down', async () => {
    await db.stop();
    try {
      const started = Date.now();
      const res = await postJsonRpc(`${t.url}/mcp`, rpcRequest('tools/call', { name: 'lookup_member', arguments: { query: 'x' } }, 7), {
        'mcp-protocol-version': '2025-06-18',
      });
      const text = await res.text();
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.status).not.toBe(500);
      const body = rpcAnswer(text, res.headers.get('content-type')) as {
        id: number;
        error?: { data?: { error?: string; retryable?: boolean } };
      };
      expect(body.id).toBe(7);
      expect(body.error?.data).toMatchObject({ error: 'database_unavailable', retryable: true });
    } finally {
      await db.restart();
    }
    await waitFor(async () => (await fetch(`${t.url}/readyz`)).status === 200, 20_000, 250);
  }, 60_000);

  it('leaves nothing half-written when the database stops under writes in flight: every acknowledged registration is complete, the rest are 503', async () => {
    const register = async (i: number): Promise<{ status: number; id?: string }> => {
      try {
        const res = await fetch(`${t.url}/api/v1/dmv/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ agent_name: `inflight-${i}`, email: `inflight-${i}@example.com`, operator_name: 'Ops' }),
        });
        const body = (await res.json()) as { certificate_id?: string };
        return { status: res.status, id: body.certificate_id };
      } catch {
        return { status: 0 };
      }
    };
    const writes: Promise<{ status: number; id?: string }>[] = [];
    for (let i = 0; i < 40; i++) {
      writes.push(register(i));
      // The first write is acknowledged before the burst goes on (on a busy machine none might finish before the stop otherwise).
      if (i === 0) await writes[0];
      if (i === 15) void db.stop();
      await new Promise((r) => setTimeout(r, 5));
    }
    const results = await Promise.all(writes);
    await db.restart().catch(() => undefined);
    await waitFor(async () => (await fetch(`${t.url}/readyz`)).status === 200, 20_000, 250);

    // Only two answers are possible: acknowledged (201) or a clean 503; never a 500.
    expect(results.map((r) => r.status).filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(results.some((r) => r.status === 201)).toBe(true);
    expect(results.some((r) => r.status === 503)).toBe(true);
    await withClient(db.url, async (client) => {
      const { rows } = await client.query<{ certificate_id: string; tokens: number; mails: number }>(
        `SELECT r.certificate_id,
                (SELECT count(*)::int FROM dmv_verification_token v WHERE v.registration_id = r.id) AS tokens,
                (SELECT count(*)::int FROM outbound_mail m WHERE m.to_address = r.contact_email) AS mails
           FROM dmv_registration r WHERE r.agent_name LIKE 'inflight-%'`,
      );
      const acknowledged = results.filter((r) => r.status === 201).map((r) => r.id);
      // Every acknowledged write is there, and every registration there is whole (token and mail with it).
      expect(rows.map((r) => r.certificate_id)).toEqual(expect.arrayContaining(acknowledged));
      for (const row of rows) expect(row).toMatchObject({ tokens: 1, mails: 1 });
    });
  }, 90_000);
});
