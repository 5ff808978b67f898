import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

const BOOTSTRAP = 'mco_bootstrap_token_for_tests_0123456789_00000000';

describe('foundation: operators and the admin guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OPERATOR_BOOTSTRAP_TOKEN: BOOTSTRAP, RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t.close());

  const whoami = (token?: string) => fetch(`${t.url}/admin/whoami`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('refuses admin routes without a token (401)', async () => {
    const res = await whoami();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('refuses a bad token (401)', async () => {
    expect((await whoami('mco_not-a-real-token-at-all-xxxxxxxx00000000000')).status).toBe(401);
    expect((await whoami('something-else')).status).toBe(401);
  });

  it('creates the bootstrap operator at boot and knows who it is', async () => {
    const res = await whoami(BOOTSTRAP);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { operator: { name: string; token_prefix: string } };
    expect(body.operator.name).toBe('bootstrap');
    expect(JSON.stringify(body)).not.toContain(BOOTSTRAP);
  });

  it('stores tokens only as hashes', async () => {
    const rows = await t.sql<{ token_hash: string }>('SELECT token_hash FROM operator');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toContain('mco_');
  });

  it('creates, lists and revokes operators; a revoked token gets 403', async () => {
    const created = await fetch(`${t.url}/admin/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BOOTSTRAP}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'alice' }),
    });
    expect(created.status).toBe(201);
    const { operator, token } = (await created.json()) as { operator: { id: string }; token: string };
    expect(token).toMatch(/^mco_[A-Za-z0-9_-]{43}$/);
    expect((await whoami(token)).status).toBe(200);

    const list = await fetch(`${t.url}/admin/operators`, { headers: { authorization: `Bearer ${BOOTSTRAP}` } });
    const listed = (await list.json()) as { operators: Array<{ id: string }> };
    expect(listed.operators.map((o) => o.id)).toContain(operator.id);
    expect(JSON.stringify(listed)).not.toContain(token);

    const revoked = await fetch(`${t.url}/admin/operators/${operator.id}/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BOOTSTRAP}` },
    });
    expect(revoked.status).toBe(200);
    const after = await whoami(token);
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject({ error: 'forbidden' });
  });

  it('validates admin input and names the field', async () => {
    const res = await fetch(`${t.url}/admin/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BOOTSTRAP}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', extra: 1 }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('validation_failed');
    expect(body.message).toMatch(/name|extra/);
    const badId = await fetch(`${t.url}/admin/operators/not-a-uuid/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BOOTSTRAP}` },
    });
    expect(badId.status).toBe(400);
  });
});
