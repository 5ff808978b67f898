// The official SDK clients as real MCP hosts: discovery from the 401 challenge, registration (DCR,
// CIMD, pre-registered), the owner's consent (a test human signing in by email through a real SMTP
// server), the token exchange, a broker call with the bearer token, refresh and step-up.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CimdFetcher } from '../../../src/oauth/services/cimd-fetcher.js';
import { connectSdk1, loginSdk1, loginSdk2 } from '../../support/mcp-clients.js';
import { TestHuman, TestOAuthProvider } from '../../support/oauth-login.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const CIMD_URL = 'https://host.example/oauth/client-metadata.json';

/** CIMD documents served from fixtures for fixed https URLs (the real fetcher is tested on loopback). */
class FixtureCimdFetcher {
  documents = new Map<string, Record<string, unknown>>();
  fetched: string[] = [];
  fetch(url: string): Promise<Record<string, unknown>> {
    this.fetched.push(url);
    const doc = this.documents.get(url);
    return doc ? Promise.resolve(doc) : Promise.reject(new Error('the client metadata document could not be fetched: HTTP 404'));
  }
}

describe('OAuth with the official SDK clients', () => {
  let t: TestApp;
  let sink: SmtpSink;
  const cimd = new FixtureCimdFetcher();
  let n = 0;
  const human = () => new TestHuman(t.url, `owner${++n}@example.org`, sink);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: sink.url, RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_SIGNIN: '1000/60', RATE_LIMIT_SIGNIN_EMAIL: '1000/60' },
      override: (b) => b.overrideProvider(CimdFetcher).useValue(cimd),
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const connect1 = async (provider: TestOAuthProvider) => (await loginSdk1(`${t.url}/broker/mcp`, provider, 'sdk1-oauth')).client;

  it('SDK 1.32: discovery → dynamic registration → sign-in, agreement and consent → token → tools/list', async () => {
    const person = human();
    const provider = new TestOAuthProvider(person, { clientName: 'Claude-like host' });
    const client = await connect1(provider);
    expect(client.getServerVersion()).toMatchObject({ name: 'agentregistrar', version: '1.0.0' });
    const tools = await client.listTools();
    expect(Array.isArray(tools.tools)).toBe(true);
    expect(String(provider.storedTokens?.access_token)).toMatch(/^mca_[A-Za-z0-9_-]{43}$/);
    expect(String(provider.storedTokens?.refresh_token)).toMatch(/^mcr_/);
    expect(provider.clientInfo?.client_id).toMatch(/^mcc_/);
    // The consent page named the client, the scopes and the agreement.
    expect(person.pages[0]).toContain('Claude-like host');
    expect(person.pages[0]).toContain('data-testid="delegation-accept"');
    const redirect = provider.lastRedirect!;
    expect(redirect.searchParams.get('iss')).toBe(t.config.publicBaseUrl);
    expect(redirect.searchParams.get('state')).toBeTruthy();
    await client.close();
  });

  it('client 2.4: the same login, with the iss check and the modern era', async () => {
    const person = human();
    const provider = new TestOAuthProvider(person, { clientName: 'Modern host' });
    const { client: connected } = await loginSdk2(`${t.url}/broker/mcp`, provider, 'sdk2-oauth');
    const tools = await connected.listTools();
    expect(Array.isArray(tools.tools)).toBe(true);
    expect(String(provider.storedTokens?.access_token)).toMatch(/^mca_/);
    await connected.close();
  });

  it('a Client ID Metadata Document as client_id (SDK 1.32)', async () => {
    const person = human();
    cimd.documents.set(CIMD_URL, {
      client_id: CIMD_URL,
      client_name: 'Metadata host',
      redirect_uris: ['http://127.0.0.1:33418/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    const provider = new TestOAuthProvider(person, { clientMetadataUrl: CIMD_URL, clientName: 'Metadata host' });
    const client = await connect1(provider);
    expect(provider.clientInfo?.client_id ?? CIMD_URL).toBe(CIMD_URL);
    expect(cimd.fetched).toContain(CIMD_URL);
    // The consent page shows the client_id host and warns about the loopback-only redirect.
    expect(person.pages.at(-1)).toContain('host.example');
    expect(person.pages.at(-1)).toMatch(/on your own computer/);
    await client.close();
  });

  it('a pre-registered client (confidential, client_secret_basic) registered by an operator', async () => {
    const { token: operator } = await (
      await import('../../../src/common/auth/operators.service.js')
    ).OperatorsService.prototype.create.call(
      t.app.get((await import('../../../src/common/auth/operators.service.js')).OperatorsService),
      'ops',
    );
    const res = await t.inject({
      method: 'POST',
      url: '/admin/broker/clients',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      payload: {
        client_name: 'Operator host',
        redirect_uris: ['http://127.0.0.1/callback'],
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code', 'refresh_token'],
      },
    });
    expect(res.statusCode).toBe(201);
    const registered = res.json() as { client_id: string; client_secret: string };
    expect(registered.client_secret).toMatch(/^mcs_/);
    const person = human();
    const provider = new TestOAuthProvider(person, {
      preregistered: { client_id: registered.client_id, client_secret: registered.client_secret },
      authMethod: 'client_secret_basic',
      redirectUrl: 'http://127.0.0.1:45678/callback',
    });
    const client = await connect1(provider);
    await client.listTools();
    await client.close();
  });

  it('refresh: an expired-looking session refreshes with a rotated refresh token', async () => {
    const person = human();
    const provider = new TestOAuthProvider(person);
    const client = await connect1(provider);
    await client.close();
    const oldRefresh = provider.storedTokens!.refresh_token as string;
    // Make the stored access token unusable so the SDK must refresh.
    provider.storedTokens = { ...provider.storedTokens, access_token: `mca_${'x'.repeat(43)}` };
    const { client: again } = await connectSdk1(`${t.url}/broker/mcp`, { name: 'sdk1-oauth', authProvider: provider });
    expect(provider.storedTokens!.refresh_token).not.toBe(oldRefresh);
    await again.listTools();
    await again.close();
  });

  it('step-up (SDK 1.32): a tool needing an ungranted scope is challenged with granted ∪ required, the owner consents again, the call succeeds', async () => {
    const person = human();
    const provider = new TestOAuthProvider(person, { scope: 'identity:read', noRefresh: true });
    const url = `${t.url}/broker/mcp`;
    const { client: connected, transport } = await loginSdk1(url, provider, 'sdk1-stepup');
    // The challenge without a token named the minimal scope; the client asked for identity:read only.
    expect(provider.authorizationUrls[0].searchParams.get('scope')).toBe('identity:read');
    expect(String(provider.storedTokens?.scope)).toBe('identity:read');
    const whoami = await connected.callTool({ name: 'identity_whoami', arguments: {} });
    expect(whoami.isError).toBeFalsy();
    // identity_register needs identity:write: the SDK re-authorizes with the challenged scopes.
    await expect(connected.callTool({ name: 'identity_register', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    const stepUp = provider.authorizationUrls.at(-1)!;
    expect(stepUp.searchParams.get('scope')).toBe('identity:read identity:write');
    await transport.finishAuth(provider.code);
    expect(String(provider.storedTokens?.scope)).toBe('identity:read identity:write');
    const { client: again } = await connectSdk1(url, { name: 'sdk1-stepup', authProvider: provider });
    const registered = await again.callTool({ name: 'identity_register', arguments: {} });
    expect(registered.isError).toBeFalsy();
    // The second consent preselected the agent this host already acts as: still one agent.
    const agents = await t.sql(`SELECT a.id FROM identity_agent a JOIN oauth_owner o ON o.id = a.owner_id WHERE o.email = $1`, [
      person.email,
    ]);
    expect(agents).toHaveLength(1);
    await again.close();
    await connected.close();
  });
});
