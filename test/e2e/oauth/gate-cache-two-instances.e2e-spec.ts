import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeGenerations } from '../../../src/common/cache/change-generations.js';
import { GateCache } from '../../../src/oauth/services/gate-cache.js';
import { brokerTool, createBrokerPrincipal, type BrokerTestPrincipal } from '../../support/broker.js';
import { cloneDatabase, dropDatabase } from '../../support/database.js';
import { startTestRedis, type TestRedis } from '../../support/redis-server.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const OPERATOR = 'mco_gate_cache_two_instances_test_0123456789abcdef';

// Two instances on one database. Each keeps the gate's row per token, whoami's lists and the
// mailbox's status (src/oauth/services/gate-cache.ts and friends); a write on instance A — through
// its operator API or straight in SQL — must refuse the token on the very next request on B, with
// no message to wait for: B checks the change generation PostgreSQL bumped at A's commit. The same
// with Redis configured (the cache bus) and without (nothing shared but PostgreSQL).
for (const withRedis of [true, false]) {
  describe(`gate cache across two instances (${withRedis ? 'with Redis' : 'without Redis'}): a change on A holds on B at once`, () => {
    let redis: TestRedis | undefined;
    let databaseUrl: string;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      redis = withRedis ? await startTestRedis() : undefined;
      databaseUrl = await cloneDatabase();
      const env = {
        REDIS_URL: redis?.url,
        // One public URL for both, so a token's resource is the same broker behind either instance.
        PUBLIC_BASE_URL: 'http://127.0.0.1:3999',
        OPERATOR_BOOTSTRAP_TOKEN: OPERATOR,
        RATE_LIMIT_GENERAL: 'off',
        RATE_LIMIT_BROKER_AGENT: 'off',
        RATE_LIMIT_BROKER_OWNER: 'off',
      };
      [a, b] = await Promise.all([createTestApp({ databaseUrl, env }), createTestApp({ databaseUrl, env })]);
    }, 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await dropDatabase(databaseUrl);
      await redis?.stop();
    });

    const admin = async (t: TestApp, path: string, body: Record<string, unknown> = {}) => {
      const res = await fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return res.json();
    };

    /** Both instances answer whoami and B answers the second one from its cache (no gate statement). */
    const warm = async (p: BrokerTestPrincipal) => {
      expect((await brokerTool(a, p.token, 'identity_whoami')).isError).toBe(false);
      expect((await brokerTool(b, p.token, 'identity_whoami')).isError).toBe(false);
      const hits = b.app.get(GateCache).hits;
      const reads = b.app.get(ChangeGenerations).reads;
      const again = await brokerTool(b, p.token, 'identity_whoami');
      expect(again.isError).toBe(false);
      expect(b.app.get(GateCache).hits).toBe(hits + 1);
      expect(b.app.get(ChangeGenerations).reads).toBe(reads + 1);
      return again;
    };

    it('callers of one turn share one generation read; a later caller gets a read sent after it arrived', async () => {
      const p = await createBrokerPrincipal(a);
      const generations = b.app.get(ChangeGenerations);
      const reads = generations.reads;
      const together = await Promise.all([generations.current(), generations.current(), generations.current()]);
      expect(generations.reads).toBe(reads + 1);
      expect(new Set(together.map((g) => g.oauth_gate)).size).toBe(1);
      const inFlight = generations.current();
      await a.sql(`UPDATE identity_agent SET name = 'Bumped' WHERE id = $1`, [p.agentId]);
      const after = await generations.current();
      await inFlight;
      expect(generations.reads).toBe(reads + 3);
      const [{ generation }] = await a.sql<{ generation: string }>(`SELECT generation FROM change_generation WHERE topic = 'oauth_gate'`);
      expect(after.oauth_gate).toBe(String(generation));
      expect(after.oauth_gate).not.toBe(together[0].oauth_gate);
    });

    it('a token revoked on A is refused on B at once', async () => {
      const p = await createBrokerPrincipal(b);
      await warm(p);
      await admin(a, `/admin/broker/tokens/${p.tokenId}/revoke`);
      const next = await brokerTool(b, p.token, 'identity_whoami');
      expect(next.status).toBe(401);
      expect(String(next.headers['www-authenticate'])).toContain('error="invalid_token"');
    });

    it('a revocation counts from its commit: B still serves the token while the transaction is open, and refuses it right after', async () => {
      const p = await createBrokerPrincipal(b);
      await warm(p);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('BEGIN');
        await client.query(`UPDATE oauth_token SET revoked_at = now() WHERE id = $1`, [p.tokenId]);
        expect((await brokerTool(b, p.token, 'identity_whoami')).isError).toBe(false);
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
      expect((await brokerTool(b, p.token, 'identity_whoami')).status).toBe(401);
    });

    it('a client revoked on A, or a grant revoked in SQL, is refused on B at once', async () => {
      const p = await createBrokerPrincipal(b);
      await warm(p);
      await admin(a, `/admin/broker/clients/${p.clientRowId}/revoke`);
      expect((await brokerTool(b, p.token, 'identity_whoami')).status).toBe(401);

      const q = await createBrokerPrincipal(b);
      await warm(q);
      await a.sql(`UPDATE oauth_grant SET revoked_at = now() WHERE id = $1`, [q.grantId]);
      expect((await brokerTool(b, q.token, 'identity_whoami')).status).toBe(401);
    });

    it('an owner suspended on A is refused on B at once, and works again at once when restored', async () => {
      const p = await createBrokerPrincipal(b);
      await warm(p);
      await admin(a, `/admin/broker/owners/${p.ownerId}/suspend`, { reason: 'test' });
      const refused = await brokerTool(b, p.token, 'identity_whoami');
      expect(refused.status).toBe(403);
      await admin(a, `/admin/broker/owners/${p.ownerId}/restore`, { reason: 'test' });
      expect((await brokerTool(b, p.token, 'identity_whoami')).isError).toBe(false);
    });

    it('an agent suspended on A, or renamed, shows on B at once', async () => {
      const p = await createBrokerPrincipal(b);
      await warm(p);
      await a.sql(`UPDATE identity_agent SET name = 'Renamed on A' WHERE id = $1`, [p.agentId]);
      expect((await brokerTool(b, p.token, 'identity_whoami')).data.agent.name).toBe('Renamed on A');
      await admin(a, `/admin/broker/agents/${p.agentId}/suspend`, { reason: 'test' });
      const after = await brokerTool(b, p.token, 'identity_whoami');
      expect(after.isError).toBe(true);
      expect(after.data.error).toMatchObject({ code: 'agent_revoked' });
    });

    it("a mailbox suspended on A is refused on B's next inbox_list", async () => {
      const p = await createBrokerPrincipal(b);
      await warm(p);
      expect((await brokerTool(b, p.token, 'inbox_list')).isError).toBe(false);
      expect((await brokerTool(b, p.token, 'inbox_list')).isError).toBe(false);
      await admin(a, `/admin/inbox/mailboxes/${p.agentHandle}/suspend`, { reason: 'test' });
      const after = await brokerTool(b, p.token, 'inbox_list');
      expect(after.isError).toBe(true);
      expect(after.data.error).toMatchObject({ code: 'agent_revoked', message: expect.stringMatching(/suspended this mailbox/) });
    });

    it("a whoami list written on A shows in B's next whoami", async () => {
      const p = await createBrokerPrincipal(b);
      const before = await warm(p);
      expect(before.data.latest_acceptances).toEqual([]);
      await a.sql(
        `INSERT INTO identity_acceptance (agent_id, owner_id, service_origin, audience, provider_name, terms_url, terms_version, terms_sha256,
                                          agent_signup_endpoint, scopes, source, via, request_key, assertion_jti, assertion_kid, assertion_jwt,
                                          assertion_sha256, assertion_issued_at, assertion_expires_at)
         VALUES ($1, $2, 'https://rp.example', 'https://rp.example', 'RP', 'https://rp.example/terms', '1', repeat('a', 64),
                 'https://rp.example/signup', '[]', 'service', 'identity_signup', repeat('b', 64), gen_random_uuid(), 'kid', 'jwt',
                 repeat('c', 64), now(), now() + interval '1 hour')`,
        [p.agentId, p.ownerId],
      );
      const after = await brokerTool(b, p.token, 'identity_whoami');
      expect(after.data.latest_acceptances).toHaveLength(1);
      expect(after.data.latest_acceptances[0].service_origin).toBe('https://rp.example');
    });

    // Last: every owner must sign the new version, so later tokens would be refused too.
    it('a new agreement version published on A is required on B at once', async () => {
      const p = await createBrokerPrincipal(b);
      await warm(p);
      await admin(a, '/admin/broker/agreements', {
        version: `9.${Date.now()}`,
        text: 'A new version of the delegation agreement, for the test.',
      });
      const next = await brokerTool(b, p.token, 'identity_whoami');
      expect(next.status).toBe(403);
    });
  });
}
