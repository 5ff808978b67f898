import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { partialBodyRequest } from '../../support/raw-http.js';

const TOKEN = `mco_${'a1B2'.repeat(11)}`;
const FIVE_MB = 5 * 1024 * 1024;

describe('abuse: bodies are read only by routes that take them, after authentication', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', OPERATOR_BOOTSTRAP_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers a 5 MB NDJSON import without a token with 401 before reading the body', async () => {
    const res = await partialBodyRequest(t.url, {
      path: '/admin/members/import',
      headers: { 'content-type': 'application/x-ndjson' },
      declaredLength: FIVE_MB,
      sendBytes: 16 * 1024,
    });
    expect(res).not.toBe('timeout');
    expect(res !== 'timeout' && res.status).toBe(401);
  });

  it('answers a 5 MB NDJSON body to any other route with 415 before reading it', async () => {
    for (const path of ['/api/v1/dmv/registrations', '/recall/api/v1/messages', '/api/v1/members']) {
      const res = await partialBodyRequest(t.url, {
        path,
        headers: { 'content-type': 'application/x-ndjson' },
        declaredLength: FIVE_MB,
        sendBytes: 16 * 1024,
      });
      expect(res !== 'timeout' && res.status, path).toBe(415);
    }
  });

  it('answers a JSON body over 1 MiB with 413 before reading it', async () => {
    const res = await partialBodyRequest(t.url, {
      path: '/api/v1/dmv/registrations',
      headers: { 'content-type': 'application/json' },
      declaredLength: 2 * 1024 * 1024,
      sendBytes: 16 * 1024,
    });
    expect(res !== 'timeout' && res.status).toBe(413);
  });

  it('still reads a large NDJSON import from an operator', async () => {
    const row = (i: number) => JSON.stringify({ slug: `member-${i}`, name: `Member ${i}`, country: 'DE', category: 'research' });
    const body = Array.from({ length: 3 }, (_, i) => row(i)).join('\n') + '\n' + ' '.repeat(2 * 1024 * 1024);
    const res = await fetch(`${t.url}/admin/members/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
      body,
    });
    expect(res.status).not.toBe(413);
    expect(res.status).not.toBe(415);
    expect(res.status).toBeLessThan(500);
  });

  it('throttles failed operator authentications per address before the guard, then refuses even a valid token', async () => {
    // The first test of this file already spent one failure from this address; the budget is 10 per 15 min.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${t.url}/admin/whoami`, { headers: { authorization: `Bearer mco_wrong_${i}_${'x'.repeat(40)}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(9).fill(401), 429, 429, 429]);
    const refused = await fetch(`${t.url}/admin/whoami`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
  });
});
