// The token endpoint's exchanges under attack: a stolen refresh token raced against the real
// client (parallel refreshes over real HTTP), a replayed code raced against its first use, a
// sequential reuse, refresh tokens only for clients that may use them, and the absolute lifetime
// of a refresh chain counted from the owner's consent.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerCall } from '../../support/broker.js';
import { TestHuman } from '../../support/oauth-login.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const REDIRECT = 'http://127.0.0.1:41998/cb';
const ROUNDS = 8;
const PARALLEL = 4;

interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

describe('token exchanges: one transaction each, reuse revokes the chain even under a race', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let human: TestHuman;
  let refreshClient: string;
  let codeOnlyClient: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // Default budgets: the flows below are what one person's hosts do.
    t = await createTestApp({ env: { SMTP_RELAY_URL: sink.url } });
    human = new TestHuman(t.url, 'chain@example.org', sink);
    refreshClient = await register(['authorization_code', 'refresh_token']);
    codeOnlyClient = await register(['authorization_code']);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  async function register(grantTypes: string[]): Promise<string> {
    const res = await fetch(`${t.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Chain host',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: grantTypes,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { client_id: string }).client_id;
  }

  /** A code from the real consent flow, with its PKCE verifier. */
  async function authorize(clientId: string, scope?: string): Promise<{ code: string; verifier: string }> {
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL('/authorize', t.url);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
      ...(scope ? { scope } : {}),
    }).toString();
    const back = await human.authorize(url.toString());
    const code = back.searchParams.get('code');
    if (!code) throw new Error(`no code: ${back.toString()}`);
    return { code, verifier };
  }

  const token = async (params: Record<string, string>): Promise<TokenAnswer> => {
    const res = await fetch(`${t.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const exchange = (clientId: string, code: string, verifier: string) =>
    token({ grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: REDIRECT });

  const refresh = (clientId: string, refreshToken: string) =>
    token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });

  /** Live (unrevoked, unused) tokens of the grant the given token belongs to, by kind. */
  async function liveTokens(anyToken: string): Promise<{ access: number; refresh: number }> {
    const rows = await t.sql<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM oauth_token
        WHERE grant_id = (SELECT grant_id FROM oauth_token WHERE token_hash = encode(sha256($1::bytea), 'hex'))
          AND revoked_at IS NULL AND used_at IS NULL AND kind <> 'code'
        GROUP BY kind`,
      [anyToken],
    );
    return { access: rows.find((r) => r.kind === 'access')?.n ?? 0, refresh: rows.find((r) => r.kind === 'refresh')?.n ?? 0 };
  }

  it(`${PARALLEL} parallel refreshes with one refresh token, ${ROUNDS} times: one wins, and nothing of the chain stays live`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { code, verifier } = await authorize(refreshClient);
      const first = await exchange(refreshClient, code, verifier);
      expect(first.status).toBe(200);
      const stolen = String(first.body.refresh_token);
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => refresh(refreshClient, stolen)));
      const winners = answers.filter((a) => a.status === 200);
      expect(winners.length, `round ${round}`).toBe(1);
      for (const loser of answers.filter((a) => a.status !== 200)) expect(loser.body.error).toBe('invalid_grant');
      // The reuse revoked the whole chain: the winner's new pair, and the first access token too.
      expect(await liveTokens(stolen), `round ${round}`).toEqual({ access: 0, refresh: 0 });
      const winner = winners[0].body;
      expect((await refresh(refreshClient, String(winner.refresh_token))).body.error).toBe('invalid_grant');
      expect((await brokerCall(t, String(winner.access_token), 'tools/list')).status).toBe(401);
      expect((await brokerCall(t, String(first.body.access_token), 'tools/list')).status).toBe(401);
    }
  });

  it(`${PARALLEL} parallel exchanges of one code: one wins, the replays revoke what it issued`, async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { code, verifier } = await authorize(refreshClient);
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => exchange(refreshClient, code, verifier)));
      const winners = answers.filter((a) => a.status === 200);
      expect(winners.length, `round ${round}`).toBe(1);
      expect(await liveTokens(String(winners[0].body.access_token))).toEqual({ access: 0, refresh: 0 });
      expect((await brokerCall(t, String(winners[0].body.access_token), 'tools/list')).status).toBe(401);
    }
  });

  it('old refresh tokens of one chain replayed together with the live one, in parallel: never a 500, nothing stays live', async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { code, verifier } = await authorize(refreshClient);
      const chain = [String((await exchange(refreshClient, code, verifier)).body.refresh_token)];
      for (let i = 0; i < 3; i++) chain.push(String((await refresh(refreshClient, chain[chain.length - 1])).body.refresh_token));
      // Three used tokens and the live one, each sent twice at once.
      const answers = await Promise.all([...chain, ...chain].map((r) => refresh(refreshClient, r)));
      expect(
        answers.map((a) => a.status).filter((s) => s !== 200 && s !== 400),
        `round ${round}`,
      ).toEqual([]);
      expect(await liveTokens(chain[0]), `round ${round}`).toEqual({ access: 0, refresh: 0 });
    }
  });

  it('a sequential reuse: the rotated chain and every access token of the grant are revoked', async () => {
    const { code, verifier } = await authorize(refreshClient);
    const first = (await exchange(refreshClient, code, verifier)).body;
    const second = await refresh(refreshClient, String(first.refresh_token));
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await brokerCall(t, String(second.body.access_token), 'tools/list')).status).toBe(200);
    expect(await liveTokens(String(first.refresh_token))).toEqual({ access: 2, refresh: 1 });
    const reuse = await refresh(refreshClient, String(first.refresh_token));
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await liveTokens(String(first.refresh_token))).toEqual({ access: 0, refresh: 0 });
    expect((await refresh(refreshClient, String(second.body.refresh_token))).body.error).toBe('invalid_grant');
    const reasons = await t.sql<{ revoked_reason: string }>(
      `SELECT DISTINCT revoked_reason FROM oauth_token WHERE grant_id = (SELECT grant_id FROM oauth_token WHERE token_hash = encode(sha256($1::bytea), 'hex')) AND kind <> 'code'`,
      [String(first.refresh_token)],
    );
    expect(reasons.map((r) => r.revoked_reason)).toEqual(['refresh_reused']);
  });

  it('offline_access without the refresh_token grant: no refresh token (one the refresh grant would refuse is never issued)', async () => {
    const { code, verifier } = await authorize(codeOnlyClient, 'identity:read offline_access');
    const answer = await exchange(codeOnlyClient, code, verifier);
    expect(answer.status).toBe(200);
    expect(answer.body.access_token).toMatch(/^mca_/);
    expect(answer.body.refresh_token).toBeUndefined();
    expect(
      await t.sql(
        `SELECT t.id FROM oauth_token t JOIN oauth_client c ON c.id = t.client_row_id WHERE c.client_id = $1 AND t.kind = 'refresh'`,
        [codeOnlyClient],
      ),
    ).toHaveLength(0);
    // Such a client may not use the refresh grant at all …
    expect((await refresh(codeOnlyClient, `mcr_${'A'.repeat(43)}`)).body.error).toBe('unauthorized_client');
    // … while a client registered for it gets a refresh token (with or without offline_access) that works.
    for (const scope of ['identity:read offline_access', 'identity:read']) {
      const granted = await authorize(refreshClient, scope);
      const pair = (await exchange(refreshClient, granted.code, granted.verifier)).body;
      expect(pair.refresh_token).toMatch(/^mcr_/);
      expect((await refresh(refreshClient, String(pair.refresh_token))).status).toBe(200);
    }
  });

  it('a refresh chain ends at its absolute lifetime counted from the consent, however often it rotated', async () => {
    const { code, verifier } = await authorize(refreshClient);
    const first = (await exchange(refreshClient, code, verifier)).body;
    const grantOf = `(SELECT grant_id FROM oauth_token WHERE token_hash = encode(sha256($1::bytea), 'hex'))`;
    // Consent 89 days and 23 hours ago (default lifetime 90 days): the next refresh token lives one hour, not 30 days.
    await t.sql(`UPDATE oauth_grant SET created_at = now() - interval '89 days 23 hours' WHERE id = ${grantOf}`, [
      String(first.refresh_token),
    ]);
    const late = await refresh(refreshClient, String(first.refresh_token));
    expect(late.status).toBe(200);
    const [row] = await t.sql<{ expires_at: Date; chain_end: Date }>(
      `SELECT t.expires_at, g.created_at + interval '90 days' AS chain_end FROM oauth_token t JOIN oauth_grant g ON g.id = t.grant_id
        WHERE t.token_hash = encode(sha256($1::bytea), 'hex')`,
      [String(late.body.refresh_token)],
    );
    expect(Math.abs(row.expires_at.getTime() - row.chain_end.getTime())).toBeLessThan(2000);
    expect(row.expires_at.getTime() - Date.now()).toBeLessThan(3600_000 + 5000);
    // Past the end, the chain is over: invalid_grant, the host authorizes again.
    await t.sql(`UPDATE oauth_grant SET created_at = now() - interval '91 days' WHERE id = ${grantOf}`, [String(first.refresh_token)]);
    await t.sql(`UPDATE oauth_token SET expires_at = now() + interval '1 day' WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [
      String(late.body.refresh_token),
    ]);
    const over = await refresh(refreshClient, String(late.body.refresh_token));
    expect(over).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(String(over.body.error_description)).toMatch(/maximum lifetime/);
  });
});

describe('OAUTH_REFRESH_MAX_LIFETIME', () => {
  it('is validated at boot with one line naming it', async () => {
    const { loadConfig } = await import('../../../src/config/app-config.js');
    expect(() => loadConfig({ OAUTH_REFRESH_MAX_LIFETIME: '60' })).toThrow(/OAUTH_REFRESH_MAX_LIFETIME/);
    expect(loadConfig({ OAUTH_REFRESH_MAX_LIFETIME: '86400' }).oauthRefreshMaxLifetimeSeconds).toBe(86400);
    expect(loadConfig({}).oauthRefreshMaxLifetimeSeconds).toBe(90 * 24 * 3600);
  });
});
