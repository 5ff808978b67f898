import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { FIXTURE_PATH, modernHeaders, modernMeta, withFixture } from './fixtures.js';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ override: withFixture(), env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t?.close());
  it('works', async () => {
    const res = await fetch(`${t.url}${FIXTURE_PATH}`, {
      method: 'POST',
      headers: modernHeaders('tools/call', 'echo'),
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta: modernMeta } }),
    });
    console.log(res.status, [...res.headers.entries()], await res.text());
    const r2 = await fetch(`${t.url}/.well-known/mcp`);
    console.log(r2.status, await r2.text());
    const r3 = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: '2026-07-28', capabilities: {}, clientInfo: {name: 'x', version: '1'}} }) });
    console.log(r3.status, await r3.text());
    expect(res.status).toBe(200);
  });
});
