// /authorize and client resolution against a hostile client and a hostile web page: no error
// redirect to a redirect URI anyone could register (open redirector, RFC 9700 §4.11.2), metadata
// document client_ids with dot segments refused before any fetch, and sign-in POSTs from a page on
// another (local) origin refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CimdFetcher } from '../../../src/oauth/services/cimd-fetcher.js';
import { insertOAuthClient } from '../../support/factories/index.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const EVIL = 'https://evil.example/landing';
const CIMD_URL = 'https://host.example/oauth/client.json';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** Documents from fixtures; every URL asked for is recorded. */
class RecordingCimdFetcher {
  fetched: string[] = [];
  fetch(url: string): Promise<Record<string, unknown>> {
    this.fetched.push(url);
    return Promise.resolve({ client_id: url, client_name: 'Metadata host', redirect_uris: [EVIL], token_endpoint_auth_method: 'none' });
  }
}

describe('/authorize never redirects errors to a redirect URI a stranger chose', () => {
  let t: TestApp;
  let sink: SmtpSink;
  const cimd = new RecordingCimdFetcher();
  let dynamic: string;
  let preregistered: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_RELAY_URL: sink.url }, override: (b) => b.overrideProvider(CimdFetcher).useValue(cimd) });
    // Anyone may register a client whose redirect URI is the attacker's landing page.
    const res = await fetch(`${t.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Phisher', redirect_uris: [EVIL], token_endpoint_auth_method: 'none' }),
    });
    dynamic = ((await res.json()) as { client_id: string }).client_id;
    preregistered = (await insertOAuthClient(t, { kind: 'preregistered', redirectUris: ['https://operator-host.example/cb'] })).clientId;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const authorizeUrl = (clientId: string, redirectUri: string, params: Record<string, string>) =>
    `${t.url}/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state: 'xyz', ...params }).toString()}`;

  // Each is an error the RFC would send back to the client; none needs anyone signed in.
  const BAD_REQUESTS: [string, Record<string, string>][] = [
    ['no PKCE', { response_type: 'code' }],
    ['plain PKCE', { response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'plain' }],
    ['unsupported response_type', { response_type: 'token', code_challenge: CHALLENGE, code_challenge_method: 'S256' }],
    ['unknown scope', { response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256', scope: 'admin:all' }],
    [
      'foreign resource',
      { response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256', resource: 'https://x.example/mcp' },
    ],
  ];

  for (const [kind, clientId] of [
    ['a dynamically registered client', () => dynamic],
    ['a metadata-document client', () => CIMD_URL],
  ] as const) {
    it(`${kind}: every invalid request gets the HTML error page naming the problem, never a 302 to its redirect URI`, async () => {
      for (const [what, params] of BAD_REQUESTS) {
        const res = await fetch(authorizeUrl(clientId(), EVIL, params), { redirect: 'manual' });
        expect(res.status, what).toBe(400);
        expect(res.headers.get('location'), what).toBeNull();
        expect(res.headers.get('content-type'), what).toMatch(/^text\/html/);
        const html = await res.text();
        expect(html, what).toContain('This app cannot connect');
        expect(html, what).not.toContain('evil.example');
      }
    });
  }

  it('a pre-registered client still gets its errors redirected with error, state and iss', async () => {
    const res = await fetch(authorizeUrl(preregistered, 'https://operator-host.example/cb', BAD_REQUESTS[0][1]), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe('https://operator-host.example');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(t.config.publicBaseUrl);
  });

  it('a valid request of a dynamic client still goes on to sign-in (only errors changed)', async () => {
    const res = await fetch(
      authorizeUrl(dynamic, EVIL, { response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256' }),
      {
        redirect: 'manual',
      },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/signin\?return_to=/);
  });
});

describe('metadata-document client_ids with dot segments', () => {
  let t: TestApp;
  const cimd = new RecordingCimdFetcher();

  beforeAll(async () => {
    t = await createTestApp({ override: (b) => b.overrideProvider(CimdFetcher).useValue(cimd) });
  });
  afterAll(() => t?.close());

  const DOTTED = [
    'https://x.example/a/../b',
    'https://x.example/a/./b',
    'https://x.example/a/%2e%2e/b',
    'https://x.example/a/%2E%2E/b',
    'https://x.example/a/.%2e/b',
    'https://x.example/a\\..\\b',
  ];

  it('are refused at /authorize (error page) and at /token (invalid_client), and never fetched', async () => {
    for (const clientId of DOTTED) {
      const page = await fetch(
        `${t.url}/authorize?${new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: EVIL }).toString()}`,
        { redirect: 'manual' },
      );
      expect(page.status, clientId).toBe(400);
      expect(page.headers.get('location'), clientId).toBeNull();
      expect(await page.text(), clientId).toMatch(/dot segments|backslash/);
      const token = await fetch(`${t.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code: 'mac_x', code_verifier: 'a'.repeat(43) }),
      });
      expect(token.status, clientId).toBe(401);
      expect(((await token.json()) as { error: string }).error, clientId).toBe('invalid_client');
    }
    expect(cimd.fetched).toEqual([]);
    expect(await t.sql(`SELECT client_id FROM oauth_client WHERE kind = 'cimd'`)).toEqual([]);
  });

  it('a clean metadata-document client_id is still fetched', async () => {
    const page = await fetch(`${t.url}/authorize?${new URLSearchParams({ client_id: CIMD_URL, response_type: 'code' }).toString()}`, {
      redirect: 'manual',
    });
    expect(page.status).toBe(400); // no PKCE: the error page (a CIMD client's errors are never redirected)
    expect(cimd.fetched).toEqual([CIMD_URL]);
  });
});

describe('login CSRF: sign-in POSTs from another origin', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_RELAY_URL: sink.url } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const signin = (origin: string | undefined) =>
    fetch(`${t.url}/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
      body: new URLSearchParams({ email: 'victim@example.org', return_to: '/account' }),
      redirect: 'manual',
    });

  it('a page on a local port (http://localhost:9999 and friends) is refused by default; no mail is sent', async () => {
    for (const origin of ['http://localhost:9999', 'http://127.0.0.1:9999', 'http://[::1]:9999', 'https://localhost']) {
      const res = await signin(origin);
      expect(res.status, origin).toBe(403);
      await res.arrayBuffer();
    }
    for (const path of ['/signin/code', '/signin/confirm', '/authorize/decision']) {
      const res = await fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:9999' },
        body: 'x=1',
      });
      expect(res.status, path).toBe(403);
      await res.arrayBuffer();
    }
    expect(sink.messages.filter((m) => m.to.includes('victim@example.org'))).toHaveLength(0);
  });

  it("the service's own origin (PUBLIC_BASE_URL) is accepted", async () => {
    // The sign-in form as a browser gets it: its pre-session cookie and the CSRF token bound to it.
    const form = await fetch(`${t.url}/signin?return_to=%2Faccount`);
    const cookie = form.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
    const res = await fetch(`${t.url}/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicBaseUrl, cookie },
      body: new URLSearchParams({ email: 'owner@example.org', return_to: '/account', csrf }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    await res.arrayBuffer();
  });
});
