// The operator gate before the body: every spelling of /admin the router routes (percent-escapes
// first of all) is authenticated there and its failures count toward the per-address lockout.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

const OPERATOR = `mco_${randomBytes(32).toString('base64url')}`;
const WRONG = `mco_${randomBytes(32).toString('base64url')}`;

describe('the admin gate sees /admin however the URL spells it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { OPERATOR_BOOTSTRAP_TOKEN: OPERATOR, TRUST_PROXY: 'loopback', RATE_LIMIT_GENERAL: '10000/60' } });
  });
  afterAll(() => t?.close());

  const get = (path: string, ip: string, token?: string) =>
    fetch(`${t.url}${path}`, { headers: { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  it('an escaped spelling routes to the admin handler only with a valid operator token', async () => {
    const ok = await get('/%61dmin/broker/owners', '198.51.100.1', OPERATOR);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveProperty('owners');
    const anonymous = await get('/%61dmin/broker/owners', '198.51.100.1');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('owners');
  });

  it('bad tokens on /%61dmin/… count toward the lockout: after ten, even the right token is refused from that address', async () => {
    const ip = '198.51.100.2';
    for (let i = 0; i < 10; i++) {
      const res = await get('/%61dmin/broker/owners', ip, WRONG);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
      await res.arrayBuffer();
    }
    const locked = await get('/admin/broker/owners', ip, OPERATOR);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    await locked.arrayBuffer();
    const lockedEscaped = await get('/%61dmin/broker/owners', ip, OPERATOR);
    expect(lockedEscaped.status).toBe(429);
    await lockedEscaped.arrayBuffer();
    // Another address is not affected.
    const other = await get('/admin/broker/owners', '198.51.100.3', OPERATOR);
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it('other spellings (case, double escapes, escaped slashes) are gated too: 401, counted, never a 404 past the gate', async () => {
    const ip = '198.51.100.5';
    const spellings = [
      '/%41DMIN/broker/owners',
      '/%2561dmin/broker/owners',
      '/admin%2fbroker/owners',
      '/Admin/broker/owners',
      '//admin/broker/owners',
    ];
    for (const path of spellings) {
      const res = await get(path, ip, WRONG);
      expect(res.status, path).toBe(401);
      await res.arrayBuffer();
    }
    for (let i = spellings.length; i < 10; i++) await (await get('/admin/broker/owners', ip, WRONG)).arrayBuffer();
    const locked = await get('/admin/broker/owners', ip, OPERATOR);
    expect(locked.status).toBe(429);
    await locked.arrayBuffer();
  });

  it('a POST to an escaped admin path is refused before its body is read', async () => {
    const res = await fetch(`${t.url}/%61dmin/broker/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.4' },
      body: JSON.stringify({ client_name: 'x', redirect_uris: ['https://x.example/cb'] }),
    });
    expect(res.status).toBe(401);
    await res.arrayBuffer();
    expect(await t.sql(`SELECT id FROM oauth_client WHERE client_name = 'x'`)).toEqual([]);
  });
});
