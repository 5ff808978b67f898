// oauth4webapi as an independent, strict OAuth 2.1 client: metadata and issuer checks, PKCE,
// RFC 9207 iss and state on every authorization response, and every grant and error path.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHuman } from '../../support/oauth-login.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { brokerCall } from '../../support/broker.js';
import { insertOAuthClient } from '../../support/factories/index.js';

const REDIRECT = 'http://127.0.0.1:41999/cb';
const insecure = { [oauth.allowInsecureRequests]: true };

describe('OAuth authorization server: a strict independent client (oauth4webapi)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  /** An operator's client: the only kind whose /authorize errors are redirected (not an open redirector). */
  let preregistered: oauth.Client;
  let human: TestHuman;
  let resource: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: sink.url, RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_SIGNIN: '1000/60', RATE_LIMIT_SIGNIN_EMAIL: '1000/60' },
    });
    const issuer = new URL(t.config.publicBaseUrl);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          redirect_uris: [REDIRECT],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          client_name: 'Strict client',
        } as never,
        insecure,
      ),
    );
    client = { client_id: registered.client_id, token_endpoint_auth_method: 'none' };
    preregistered = {
      client_id: (await insertOAuthClient(t, { kind: 'preregistered', redirectUris: [REDIRECT] })).clientId,
      token_endpoint_auth_method: 'none',
    };
    human = new TestHuman(t.url, 'strict@example.org', sink);
    resource = `${t.config.publicBaseUrl}/broker/mcp`;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  async function authorize(extra: Record<string, string> = {}, omit: string[] = [], clientId = client.client_id) {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    const params: Record<string, string> = {
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    };
    for (const key of omit) delete params[key];
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { url, verifier, state };
  }

  async function login(extra: Record<string, string> = {}) {
    const { url, verifier, state } = await authorize(extra);
    const callback = await human.authorize(url.toString());
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure);
    return { response, params, verifier };
  }

  async function tokenError(response: Response): Promise<{ status: number; error: string; cacheControl: string | null }> {
    const body = (await response.json()) as { error: string };
    return { status: response.status, error: body.error, cacheControl: response.headers.get('cache-control') };
  }

  it('metadata: issuer, endpoints, S256, CIMD and iss support; PRM names the issuer and the exact resource', async () => {
    expect(as.issuer).toBe(t.config.publicBaseUrl);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.client_id_metadata_document_supported).toBe(true);
    const prm = await fetch(`${t.url}/.well-known/oauth-protected-resource/broker/mcp`);
    expect(prm.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await prm.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ resource, authorization_servers: [as.issuer] });
    expect(body.scopes_supported).not.toContain('offline_access');
  });

  it('code grant with no scope and no resource: the default scopes, the broker resource, no-store, a working token', async () => {
    const { response } = await login();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.access_token).toMatch(/^mca_/);
    expect(tokens.scope).toBe('identity:read identity:write tos:accept inbox:read inbox:send');
    expect(tokens.expires_in).toBe(3600);
    const call = await brokerCall(t, tokens.access_token, 'tools/list');
    expect(call.status).toBe(200);
  });

  it('a wrong code_verifier is invalid_grant', async () => {
    const { url, state } = await authorize();
    const params = oauth.validateAuthResponse(as, client, await human.authorize(url.toString()), state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      REDIRECT,
      oauth.generateRandomCodeVerifier(),
      insecure,
    );
    expect(await tokenError(response)).toMatchObject({ status: 400, error: 'invalid_grant', cacheControl: 'no-store' });
  });

  it('a replayed code is invalid_grant and revokes the tokens it issued', async () => {
    const { response, params, verifier } = await login();
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect((await brokerCall(t, tokens.access_token, 'tools/list')).status).toBe(200);
    const replay = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure);
    expect(await tokenError(replay)).toMatchObject({ status: 400, error: 'invalid_grant' });
    const after = await brokerCall(t, tokens.access_token, 'tools/list');
    expect(after.status).toBe(401);
    expect(String(after.headers['www-authenticate'])).toContain('error="invalid_token"');
  });

  it('a redirect_uri that differs at the token endpoint is invalid_grant; an unregistered one at /authorize gets an error page, never a redirect', async () => {
    const { url, verifier, state } = await authorize();
    const params = oauth.validateAuthResponse(as, client, await human.authorize(url.toString()), state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      'http://127.0.0.1:41999/other',
      verifier,
      insecure,
    );
    expect(await tokenError(response)).toMatchObject({ error: 'invalid_grant' });
    const bad = await authorize({ redirect_uri: 'https://evil.example/cb' });
    const page = await human.request(bad.url.toString());
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();
    expect(page.text).toContain('not registered');
  });

  it('loopback redirect URIs match on any port', async () => {
    const { url, state } = await authorize({ redirect_uri: 'http://127.0.0.1:5555/cb' });
    const callback = await human.authorize(url.toString());
    expect(callback.origin).toBe('http://127.0.0.1:5555');
    expect(oauth.validateAuthResponse(as, client, callback, state).get('code')).toMatch(/^mac_/);
  });

  it('a wrong resource is invalid_target at /authorize (redirected with iss for a pre-registered client, an error page for a dynamic one) and at the token endpoint', async () => {
    const { url, state } = await authorize({ resource: 'https://elsewhere.example/mcp' }, [], preregistered.client_id);
    const page = await human.request(url.toString());
    expect(page.status).toBe(302);
    const location = new URL(page.location!);
    expect(location.searchParams.get('error')).toBe('invalid_target');
    expect(location.searchParams.get('iss')).toBe(as.issuer);
    expect(location.searchParams.get('state')).toBe(state);
    expect(() => oauth.validateAuthResponse(as, preregistered, location, state)).toThrow();
    const dynamic = await human.request((await authorize({ resource: 'https://elsewhere.example/mcp' })).url.toString());
    expect(dynamic.status).toBe(400);
    expect(dynamic.location).toBeUndefined();
    expect(dynamic.text).toContain('invalid_target');

    const good = await authorize({ resource });
    const params = oauth.validateAuthResponse(as, client, await human.authorize(good.url.toString()), good.state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, good.verifier, {
      ...insecure,
      additionalParameters: { resource: 'https://elsewhere.example/mcp' },
    });
    expect(await tokenError(response)).toMatchObject({ error: 'invalid_target' });
  });

  it('PKCE is mandatory; unknown scopes are invalid_scope; the state is echoed (pre-registered client: redirected)', async () => {
    const pre = preregistered.client_id;
    const noPkce = await authorize({}, ['code_challenge', 'code_challenge_method'], pre);
    const a = new URL((await human.request(noPkce.url.toString())).location!);
    expect(a.searchParams.get('error')).toBe('invalid_request');
    expect(a.searchParams.get('state')).toBe(noPkce.state);
    const plain = await authorize({ code_challenge_method: 'plain' }, [], pre);
    expect(new URL((await human.request(plain.url.toString())).location!).searchParams.get('error')).toBe('invalid_request');
    const scope = await authorize({ scope: 'identity:read admin:everything' }, [], pre);
    expect(new URL((await human.request(scope.url.toString())).location!).searchParams.get('error')).toBe('invalid_scope');
  });

  it('refresh tokens rotate; a reused refresh token is invalid_grant and revokes the whole chain', async () => {
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      (await login({ scope: 'identity:read offline_access' })).response,
    );
    expect(tokens.refresh_token).toMatch(/^mcr_/);
    const second = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    expect((await brokerCall(t, second.access_token, 'tools/list')).status).toBe(200);
    const reuse = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    expect(await tokenError(reuse)).toMatchObject({ error: 'invalid_grant' });
    expect((await brokerCall(t, second.access_token, 'tools/list')).status).toBe(401);
    const rotatedToo = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), second.refresh_token!, insecure);
    expect(await tokenError(rotatedToo)).toMatchObject({ error: 'invalid_grant' });
  });

  it('a refresh may narrow scopes but never widen them', async () => {
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, (await login({ scope: 'identity:read inbox:read' })).response);
    const wider = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
      ...insecure,
      additionalParameters: { scope: 'identity:read inbox:send' },
    });
    expect(await tokenError(wider)).toMatchObject({ error: 'invalid_scope' });
    const tokens2 = await oauth.processAuthorizationCodeResponse(as, client, (await login({ scope: 'identity:read inbox:read' })).response);
    const narrower = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens2.refresh_token!, {
        ...insecure,
        additionalParameters: { scope: 'inbox:read' },
      }),
    );
    expect(narrower.scope).toBe('inbox:read');
  });

  it('revocation (RFC 7009) takes effect on the next request', async () => {
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, (await login()).response);
    expect((await brokerCall(t, tokens.access_token, 'tools/list')).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.access_token, insecure));
    expect((await brokerCall(t, tokens.access_token, 'tools/list')).status).toBe(401);
  });

  it('deny redirects with access_denied, state and iss', async () => {
    const { url, state } = await authorize();
    const callback = await human.authorize(url.toString(), { decision: 'deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('iss')).toBe(as.issuer);
    expect(() => oauth.validateAuthResponse(as, client, callback, state)).toThrow(/access_denied|authorization response/i);
  });

  it('token endpoint errors use the exact RFC codes', async () => {
    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(as.token_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body),
      });
    expect(await tokenError(await post({ grant_type: 'password', client_id: client.client_id }))).toMatchObject({
      status: 400,
      error: 'unsupported_grant_type',
    });
    expect(await tokenError(await post({ client_id: client.client_id }))).toMatchObject({ error: 'invalid_request' });
    expect(
      await tokenError(await post({ grant_type: 'authorization_code', client_id: 'mcc_nobody', code: 'x', code_verifier: 'y' })),
    ).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(
      await tokenError(
        await post({ grant_type: 'authorization_code', client_id: client.client_id, code: 'mac_nothing', code_verifier: 'a'.repeat(43) }),
      ),
    ).toMatchObject({ error: 'invalid_grant' });
    expect(
      await tokenError(await post({ grant_type: 'refresh_token', client_id: client.client_id, refresh_token: 'mcr_nothing' })),
    ).toMatchObject({ error: 'invalid_grant' });
  });

  it('dynamic registration refuses bad redirect URIs and metadata with the RFC 7591 codes', async () => {
    const register = (body: unknown) =>
      fetch(`${t.url}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const httpRemote = await register({ redirect_uris: ['http://evil.example/cb'] });
    expect(httpRemote.status).toBe(400);
    expect(await httpRemote.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    expect(await (await register({ redirect_uris: ['javascript:alert(1)'] })).json()).toMatchObject({ error: 'invalid_redirect_uri' });
    expect(await (await register({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' })).json()).toMatchObject({
      error: 'invalid_client_metadata',
    });
    const ok = await register({ redirect_uris: [REDIRECT], client_name: 'Confidential', token_endpoint_auth_method: 'client_secret_post' });
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_endpoint_auth_method: 'client_secret_post', client_secret_expires_at: 0 });
    expect(String(body.client_id)).not.toMatch(/^https:/);
    const stored = await t.sql<{ client_secret_hash: string }>('SELECT client_secret_hash FROM oauth_client WHERE client_id = $1', [
      body.client_id,
    ]);
    expect(stored[0].client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].client_secret_hash).not.toContain(String(body.client_secret));
  });

  it('an unknown client_id gets an error page, never a redirect', async () => {
    const page = await human.request(`/authorize?client_id=mcc_unknown&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`);
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();
  });

  it('tokens are stored only as SHA-256 hashes', async () => {
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, (await login()).response);
    const rows = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM oauth_token WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
      [tokens.access_token],
    );
    expect(rows[0].n).toBe(1);
    const raw = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM oauth_token WHERE token_hash = $1`, [tokens.access_token]);
    expect(raw[0].n).toBe(0);
  });
});
