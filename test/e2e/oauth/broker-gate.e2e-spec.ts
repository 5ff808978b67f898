// Every row of the /broker/mcp gate with its exact status, JSON-RPC code and challenge, in both
// eras; per-tool scopes (insufficient_scope with granted ∪ required); suspension, revocation and a
// new agreement version taking effect on the next request; the REST door deciding alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorsService } from '../../../src/common/auth/operators.service.js';
import { SiteLinks } from '../../../src/common/http/site-links.js';
import { brokerProfile } from '../../../src/mcp/endpoints/broker.profile.js';
import { defineTool } from '../../../src/mcp/registry/define-tool.js';
import pg from 'pg';
import { brokerCall, brokerTool, createBrokerPrincipal } from '../../support/broker.js';
import { insertOAuthClient, signAgreement } from '../../support/factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { withFixture } from '../mcp/fixtures.js';

const SCOPED_PATH = '/test/broker-scoped';

const inboxTool = defineTool<SiteLinks, Record<string, never>, { ok: boolean; agent: string }>({
  name: 'scoped_inbox_read',
  title: 'Needs inbox:read',
  description: 'A fixture tool that needs inbox:read.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: { ok: { type: 'boolean' }, agent: { type: 'string' } },
    required: ['ok', 'agent'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['inbox:read'],
  service: SiteLinks,
  run: (_s, _i, ctx) => ({ ok: true, agent: (ctx.principal as { agentId: string }).agentId }),
});

describe('the /broker/mcp gate', () => {
  let t: TestApp;
  let operator: string;
  const base = () => t.config.publicBaseUrl;
  const prm = () => `${base()}/.well-known/oauth-protected-resource/broker/mcp`;

  beforeAll(async () => {
    // The fixture server uses the broker's own profile (gate, scope check, error envelope) with one scoped tool.
    t = await createTestApp({
      env: { RATE_LIMIT_GENERAL: '10000/60' },
      override: (b) =>
        withFixture([
          {
            ...brokerProfile(),
            name: 'broker-scoped',
            mounts: [{ path: SCOPED_PATH, source: 'mcp' }],
            advertise: false,
            tools: [inboxTool],
            resources: [],
          },
        ])(b),
    });
    operator = (await t.app.get(OperatorsService).create('gatekeeper')).token;
  });
  afterAll(() => t?.close());

  const call = (token: string | undefined, headers: Record<string, string> = {}) => brokerCall(t, token, 'tools/list', {}, headers);

  it('no token: 401, -32001 and a challenge without error naming the metadata and the minimal scope', async () => {
    const r = await call(undefined);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
    expect(r.headers['www-authenticate']).toBe(`Bearer resource_metadata="${prm()}", scope="identity:read"`);
  });

  it('malformed, unknown, expired and wrong-audience tokens: 401 invalid_token with the same metadata', async () => {
    const expired = await createBrokerPrincipal(t, { expiresInSeconds: -10 });
    const other = await createBrokerPrincipal(t);
    await t.sql(`UPDATE oauth_token SET resource = 'https://elsewhere.example/mcp' WHERE id = $1`, [other.tokenId]);
    for (const [token, header] of [
      ['not-a-token', undefined],
      [`mca_${'A'.repeat(43)}`, undefined],
      [expired.token, undefined],
      [other.token, undefined],
      [undefined, 'Basic Zm9vOmJhcg=='],
    ] as const) {
      const r = header ? await brokerCall(t, undefined, 'tools/list', {}, { authorization: header }) : await call(token);
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe(-32001);
      const challenge = String(r.headers['www-authenticate']);
      expect(challenge).toMatch(/^Bearer error="invalid_token"/);
      expect(challenge).toContain(`resource_metadata="${prm()}"`);
    }
  });

  it('a token in the query string is never accepted', async () => {
    const p = await createBrokerPrincipal(t);
    const r = await t.inject({
      method: 'POST',
      url: `/broker/mcp?access_token=${p.token}`,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(r.statusCode).toBe(401);
  });

  it('the Origin check comes before the token; GET answers 405 only after auth; a missing Content-Type is JSON', async () => {
    const p = await createBrokerPrincipal(t);
    const evil = await t.inject({
      method: 'POST',
      url: '/broker/mcp',
      headers: { origin: 'https://evil.example', authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(evil.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/broker/mcp', headers: { accept: 'text/event-stream' } })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/broker/mcp', headers: { accept: 'text/event-stream', authorization: `Bearer ${p.token}` } }))
        .statusCode,
    ).toBe(405);
    const plain = await t.inject({
      method: 'POST',
      url: '/broker/mcp',
      headers: { authorization: `Bearer ${p.token}`, accept: 'application/json' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ id: 7, result: { tools: expect.any(Array) } });
  });

  it('revocation by an operator takes effect on the next request', async () => {
    const p = await createBrokerPrincipal(t);
    expect((await call(p.token)).status).toBe(200);
    const r = await t.inject({
      method: 'POST',
      url: `/admin/broker/tokens/${p.tokenId}/revoke`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(r.statusCode).toBe(200);
    expect((await call(p.token)).status).toBe(401);
  });

  it('a suspended owner: 403 -32003 without insufficient_scope; restored, the token works again', async () => {
    const p = await createBrokerPrincipal(t);
    expect((await call(p.token)).status).toBe(200);
    await t.inject({
      method: 'POST',
      url: `/admin/broker/owners/${p.ownerId}/suspend`,
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      payload: { reason: 'abuse report' },
    });
    const r = await call(p.token);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe(-32003);
    expect(r.body.error.data).toEqual({ error: 'owner_suspended' });
    expect(r.headers['www-authenticate']).toBeUndefined();
    await t.inject({
      method: 'POST',
      url: `/admin/broker/owners/${p.ownerId}/restore`,
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect((await call(p.token)).status).toBe(200);
    const history = await t.inject({
      method: 'GET',
      url: `/admin/broker/owners/${p.ownerId}`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(history.json().history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['owner.suspended', 'owner.restored']),
    );
  });

  it('an unsigned agreement and a newly published version: 403 -32003 until the owner signs', async () => {
    const unsigned = await createBrokerPrincipal(t, { signAgreement: false });
    const r = await call(unsigned.token);
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: -32003, data: { error: 'agreement_required' } });

    const p = await createBrokerPrincipal(t);
    expect((await call(p.token)).status).toBe(200);
    const published = await t.inject({
      method: 'POST',
      url: '/admin/broker/agreements',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      payload: { version: '2.0', text: 'Version 2.0 of the Master Agent Delegation agreement. New terms apply.' },
    });
    expect(published.statusCode).toBe(201);
    const after = await call(p.token);
    expect(after.status).toBe(403);
    expect(after.body.error.data).toEqual({ error: 'agreement_required' });
    await signAgreement(t, p.ownerId, { version: '2.0', ipHash: '0'.repeat(64) });
    expect((await call(p.token)).status).toBe(200);
  });

  it('a tool whose scope was not granted: 403 insufficient_scope naming granted ∪ required; granted, it runs', async () => {
    const narrow = await createBrokerPrincipal(t, { scopes: ['identity:read', 'offline_access'] });
    const r = await t.inject({
      method: 'POST',
      url: SCOPED_PATH,
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${narrow.token}` },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'scoped_inbox_read', arguments: {} } }),
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ id: 3, error: { code: -32003, data: { error: 'insufficient_scope', required: ['inbox:read'] } } });
    const challenge = String(r.headers['www-authenticate']);
    expect(challenge).toMatch(/^Bearer error="insufficient_scope"/);
    expect(challenge).toContain('scope="identity:read inbox:read"');
    const wide = await createBrokerPrincipal(t, { scopes: ['identity:read', 'inbox:read'] });
    const ok = await t.inject({
      method: 'POST',
      url: SCOPED_PATH,
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${wide.token}` },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'scoped_inbox_read', arguments: {} } }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.structuredContent).toEqual({ ok: true, agent: wide.agentId });
  });

  it('at most one statement per call: token, owner, client, grant, agreement and agent are read together, then only the change generations; "last used" is written once a minute', async () => {
    const p = await createBrokerPrincipal(t);
    // Every statement the process sends while one call is answered (node-postgres is the only driver).
    const seen: string[] = [];
    const original = pg.Client.prototype.query;
    const counting = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0];
      seen.push(typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    const callOnce = async () => {
      seen.length = 0;
      pg.Client.prototype.query = counting as typeof original;
      try {
        expect((await brokerTool(t, p.token, 'identity_whoami')).isError).toBe(false);
      } finally {
        pg.Client.prototype.query = original;
      }
      // Background jobs share the process: keep the statements about tokens, grants, agents, whoami's lists and generations.
      return seen.filter((q) =>
        /oauth_token|oauth_grant|identity_agent|identity_acceptance|identity_signup_proof|change_generation/.test(q),
      );
    };
    const first = await callOnce();
    // The first use reads the gate in one statement and marks the grant used (after it, not waited for).
    const gate = first.filter((q) => /FROM oauth_token/.test(q));
    expect(gate).toHaveLength(1);
    expect(gate[0]).toMatch(/FROM oauth_token[\s\S]*JOIN oauth_owner[\s\S]*JOIN oauth_grant[\s\S]*JOIN identity_agent/);
    // Later uses keep the gate's row and whoami's lists (src/oauth/services/gate-cache.ts, src/identity/services/whoami-cache.ts)
    // and only read whether anything they hold changed since: one small statement for the whole call.
    const second = await callOnce();
    expect(second).toEqual(['SELECT topic, generation FROM change_generation']);
    const [grant] = await t.sql<{ last_used_at: Date | null }>('SELECT last_used_at FROM oauth_grant WHERE id = $1', [p.grantId]);
    expect(grant.last_used_at).not.toBeNull();
  });

  it('an agent revoked or suspended between two calls is refused on the very next call', async () => {
    for (const status of ['revoked', 'suspended']) {
      const p = await createBrokerPrincipal(t);
      const before = await brokerTool(t, p.token, 'identity_whoami');
      expect(before.isError).toBe(false);
      expect(before.data.agent.status).toBe('active');
      await t.sql(`UPDATE identity_agent SET status = $2 WHERE id = $1`, [p.agentId, status]);
      const after = await brokerTool(t, p.token, 'identity_whoami');
      expect(after.isError).toBe(true);
      expect(after.data.error).toMatchObject({ code: 'agent_revoked' });
      await t.sql(`DELETE FROM identity_agent WHERE id = $1`, [p.agentId]).catch(() => undefined);
    }
  });

  it('the modern era sees the same gate', async () => {
    const r = await brokerCall(
      t,
      undefined,
      'tools/list',
      { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
      {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
    );
    expect(r.status).toBe(401);
    const p = await createBrokerPrincipal(t);
    const ok = await brokerCall(
      t,
      p.token,
      'tools/list',
      { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
      {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.result.resultType).toBe('complete');
  });
});

describe('broker cleanup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('removes expired tokens, sessions and never-used dynamic clients, and keeps live ones', async () => {
    const { OauthCleanup } = await import('../../../src/oauth/services/oauth-cleanup.js');
    const live = await createBrokerPrincipal(t);
    const old = await createBrokerPrincipal(t);
    await t.sql(`UPDATE oauth_token SET expires_at = now() - interval '31 days' WHERE id = $1`, [old.tokenId]);
    await insertOAuthClient(t, {
      clientId: 'mcc_stale',
      kind: 'dynamic',
      clientName: 'Stale',
      redirectUris: ['http://127.0.0.1/cb'],
      grantTypes: ['authorization_code'],
      createdAt: "now() - interval '40 days'",
    });
    const removed = await t.app.get(OauthCleanup).run();
    expect(removed.tokens).toBe(1);
    expect(removed.unused_clients).toBe(1);
    expect(await t.sql(`SELECT id FROM oauth_token WHERE id = $1`, [live.tokenId])).toHaveLength(1);
    expect(await t.sql(`SELECT id FROM oauth_token WHERE id = $1`, [old.tokenId])).toHaveLength(0);
    // Idempotent: a second pass (another instance's, say) finds nothing more to remove.
    expect(Object.values(await t.app.get(OauthCleanup).run()).every((n) => n === 0)).toBe(true);
  });

  it('is a pg-boss job on a 15-minute schedule; a queued job runs and deletes only expired rows', async () => {
    const { OauthCleanup, OAUTH_CLEANUP_CRON, OAUTH_CLEANUP_QUEUE } = await import('../../../src/oauth/services/oauth-cleanup.js');
    // The job starts in the background after boot; wait for that start before reading its schedule.
    expect(await t.app.get(OauthCleanup).ready()).toBe(true);
    const schedules = await t.sql<{ name: string; cron: string }>(`SELECT name, cron FROM pgboss.schedule WHERE name = $1`, [
      OAUTH_CLEANUP_QUEUE,
    ]);
    expect(schedules).toEqual([{ name: OAUTH_CLEANUP_QUEUE, cron: OAUTH_CLEANUP_CRON }]);

    const live = await createBrokerPrincipal(t);
    const old = await createBrokerPrincipal(t);
    await t.sql(`UPDATE oauth_token SET expires_at = now() - interval '31 days' WHERE id = $1`, [old.tokenId]);
    // Expired, but not yet past the 30 days operators keep it for.
    await t.sql(`UPDATE oauth_token SET revoked_at = now() - interval '2 days' WHERE id = $1`, [live.tokenId]);

    const cleanup = t.app.get(OauthCleanup);
    const jobId = await cleanup.trigger();
    expect(jobId).toBeTruthy();
    const deadline = Date.now() + 20_000;
    while ((await cleanup.jobState(jobId!)) !== 'completed') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await t.sql(`SELECT id FROM oauth_token WHERE id = $1`, [old.tokenId])).toHaveLength(0);
    expect(await t.sql(`SELECT id FROM oauth_token WHERE id = $1`, [live.tokenId])).toHaveLength(1);
  });
});
