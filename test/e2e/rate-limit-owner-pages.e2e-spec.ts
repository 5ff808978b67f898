// Human-sized budgets for humans: owner pages and the OAuth endpoints have their own budgets (not
// the 30/60 API budget), large enough for an office behind one address connecting hosts at once,
// small enough to stop a script; address budgets are counted per IPv6 /64.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHuman } from '../support/oauth-login.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const REDIRECT = 'http://127.0.0.1:41997/cb';

describe('owner pages and OAuth endpoints: budgets sized for people', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // Every budget at its default: this is what an office behind one NAT meets.
    t = await createTestApp({ env: { SMTP_RELAY_URL: sink.url } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  /** What a host does to connect: discovery, registration, the owner's authorization, the token. */
  async function connectHost(human: TestHuman, statuses: number[]): Promise<void> {
    for (const path of ['/.well-known/oauth-protected-resource/broker/mcp', '/.well-known/oauth-authorization-server']) {
      const res = await fetch(`${t.url}${path}`);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    const registered = await fetch(`${t.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Office host', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    statuses.push(registered.status);
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const verifier = randomBytes(32).toString('base64url');
    const url = `${t.url}/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'office',
    }).toString()}`;
    // TestHuman.authorize throws on any answer but the expected ones (a 429 included).
    const code = (await human.authorize(url)).searchParams.get('code')!;
    const token = await fetch(`${t.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier }),
    });
    statuses.push(token.status);
    await token.arrayBuffer();
  }

  it('ten colleagues behind one address sign in and connect a host within a minute, and one of them four more: never a 429', async () => {
    const started = Date.now();
    const statuses: number[] = [];
    const people = Array.from({ length: 10 }, (_, i) => new TestHuman(t.url, `colleague${i}@example.org`, sink));
    await Promise.all(
      people.map(async (person) => {
        statuses.push((await person.request('/signin')).status);
        await connectHost(person, statuses);
        statuses.push((await person.request('/account')).status);
        statuses.push((await person.request('/legal/delegation')).status);
      }),
    );
    // One person connecting five hosts in all (Claude, VS Code, …): signed in once, four more consents.
    for (let i = 0; i < 4; i++) await connectHost(people[0], statuses);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    expect(sink.messages.length).toBeGreaterThanOrEqual(10);
    // None of it spent the REST API's 30/60 budget.
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${t.url}/api/v1/stats`);
      expect(res.status, `API request ${i + 1}`).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('a script hammering the owner pages past their budget gets 429 with Retry-After (an AppError the page filter renders)', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await fetch(`${t.url}/signin`, { headers: { accept: 'text/html' } });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
      else await res.arrayBuffer();
    }
    expect(refused).toBeDefined();
    // The first test's traffic shares the window: refused within the page budget (120/60), never before it was spent.
    expect(statuses.length).toBeLessThanOrEqual(121);
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused!.headers.get('ratelimit-policy')).toBe('120;w=60');
    await refused!.arrayBuffer();
  });
});

describe('OAuth budgets: their own, configurable, and per IPv6 /64', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: sink.url, TRUST_PROXY: 'loopback', RATE_LIMIT_SIGNIN: '2/600', RATE_LIMIT_OAUTH: '40/60' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const register = (ip: string) =>
    fetch(`${t.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ client_name: 'Rotating host', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });

  it('client registration: twenty per /64 a minute, however many addresses of the /64 ask (the 21st is refused)', async () => {
    for (let i = 1; i <= 20; i++) {
      const res = await register(`2001:db8:5:6::${i.toString(16)}`);
      expect(res.status, `registration ${i}`).toBe(201);
      await res.arrayBuffer();
    }
    const refused = await register('2001:db8:5:6:ffff:1:2:3');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toBe('rate_limited');
    const neighbour = await register('2001:db8:5:7::1');
    expect(neighbour.status).toBe(201);
    await neighbour.arrayBuffer();
  });

  it('sign-in mails per address: two addresses of one /64 share the budget', async () => {
    const signin = async (ip: string, email: string) => {
      // The form first, as a browser gets it: the pre-session cookie and its CSRF token.
      const form = await fetch(`${t.url}/signin?return_to=%2Faccount`, { headers: { 'x-forwarded-for': ip } });
      const cookie = form.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
      return fetch(`${t.url}/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, origin: t.config.publicBaseUrl, cookie },
        body: new URLSearchParams({ email, return_to: '/account', csrf }),
        redirect: 'manual',
      });
    };
    expect((await signin('2001:db8:9:9::1', 'a@example.org')).status).toBe(303);
    expect((await signin('2001:db8:9:9::2', 'b@example.org')).status).toBe(303);
    const third = await signin('2001:db8:9:9:abcd::3', 'c@example.org');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(sink.messages.filter((m) => m.to.includes('c@example.org'))).toHaveLength(0);
  });

  it('the OAuth endpoints have their own budget (RATE_LIMIT_OAUTH), apart from the API budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const res = await fetch(`${t.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.77' },
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'mcc_nobody', refresh_token: 'mcr_x' }),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, 40).every((s) => s === 401)).toBe(true);
    expect(statuses[40]).toBe(429);
    const metadata = await fetch(`${t.url}/.well-known/oauth-authorization-server`, { headers: { 'x-forwarded-for': '198.51.100.77' } });
    expect(metadata.status).toBe(429);
    await metadata.arrayBuffer();
    const api = await fetch(`${t.url}/api/v1/stats`, { headers: { 'x-forwarded-for': '198.51.100.77' } });
    expect(api.status).toBe(200);
    await api.arrayBuffer();
  });
});
