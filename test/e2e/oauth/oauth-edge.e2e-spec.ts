// The OAuth endpoints' edge (issue 26): bodies read the RFC 6749 way (form only at /token, a
// parameter sent twice refused, unknown ones ignored), client credentials from Basic or the body,
// RFC 6749 error bodies with their cache and WWW-Authenticate headers, and CORS on every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('OAuth edge: token, revocation and registration requests', () => {
  let t: TestApp;
  let publicClient: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: '10000/60' } });
    const registered = await fetch(`${t.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1/cb'], token_endpoint_auth_method: 'none', client_name: 'Edge' }),
    });
    publicClient = ((await registered.json()) as { client_id: string }).client_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(path: string, body: string, headers: Record<string, string> = FORM) {
    const res = await fetch(`${t.url}${path}`, { method: 'POST', headers, body });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  }

  function expectOAuthError(res: Awaited<ReturnType<typeof post>>, status: number, error: string, description: string) {
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, error_description: description });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate');
  }

  it('/token takes a form only, and refuses a parameter sent twice', async () => {
    expectOAuthError(
      await post('/token', JSON.stringify({ grant_type: 'refresh_token' }), { 'content-type': 'application/json' }),
      400,
      'invalid_request',
      'Send the token request as application/x-www-form-urlencoded.',
    );
    expectOAuthError(
      await post('/token', `grant_type=refresh_token&grant_type=authorization_code&client_id=${publicClient}`),
      400,
      'invalid_request',
      'The parameter grant_type was sent more than once.',
    );
  });

  it('/token ignores unknown parameters and names the missing one', async () => {
    const res = await post('/token', `grant_type=authorization_code&client_id=${publicClient}&color=blue`);
    expectOAuthError(res, 400, 'invalid_request', 'code is required.');
    expect(res.headers.get('www-authenticate')).toBeNull();
  });

  it('a malformed or contradictory Basic header is invalid_client with the Basic challenge', async () => {
    const malformed = await post('/token', 'grant_type=refresh_token&refresh_token=x', {
      ...FORM,
      authorization: `Basic ${Buffer.from('no-colon').toString('base64')}`,
    });
    expectOAuthError(malformed, 401, 'invalid_client', 'Malformed Basic credentials.');
    expect(malformed.headers.get('www-authenticate')).toBe('Basic realm="agentry"');
    const mismatch = await post('/revoke', `token=x&client_id=${publicClient}`, {
      ...FORM,
      authorization: `Basic ${Buffer.from('mcc_other:secret').toString('base64')}`,
    });
    expectOAuthError(mismatch, 401, 'invalid_client', 'client_id does not match the credentials.');
  });

  it('/revoke reads JSON too: a token that is not a string is missing; an unknown token is accepted', async () => {
    const missing = await post('/revoke', JSON.stringify({ token: 5, client_id: publicClient }), { 'content-type': 'application/json' });
    expectOAuthError(missing, 400, 'invalid_request', 'token is required.');
    const unknown = await post('/revoke', `token=mca_unknown&client_id=${publicClient}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({});
    expect(unknown.headers.get('cache-control')).toBeNull();
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('/register wants a JSON object; a registration is never cached', async () => {
    const json = { 'content-type': 'application/json' };
    expectOAuthError(
      await post('/register', '[1]', json),
      400,
      'invalid_client_metadata',
      'The registration request must be a JSON object.',
    );
    const ok = await post('/register', JSON.stringify({ redirect_uris: ['http://127.0.0.1/cb'], software_id: 'edge', extra: 1 }), json);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ software_id: 'edge', token_endpoint_auth_method: 'client_secret_basic' });
    expect(ok.body).not.toHaveProperty('extra');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('pragma')).toBeNull();
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers the CORS preflight of the POST endpoints', async () => {
    const res = await fetch(`${t.url}/token`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, MCP-Protocol-Version');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('access-control-expose-headers')).toBeNull();
  });
});
