import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { postJsonRpc, rpcRequest } from '../../support/json-rpc.js';

const initialize = (id: number | string, protocolVersion: string) =>
  rpcRequest('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } }, id);

describe('recall: /recall/mcp transport rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t.close());

  const post = (body: string, headers: Record<string, string> = {}) => postJsonRpc(`${t.url}/recall/mcp`, body, headers);

  for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
    it(`initializes with ${version} and issues no session`, async () => {
      const res = await post(JSON.stringify(initialize(1, version)));
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      const body = (await res.json()) as { result: { protocolVersion: string } };
      expect(body.result.protocolVersion).toBe(version);
    });
  }

  it('answers notifications/initialized with 202 and no body', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), {
      'mcp-protocol-version': '2025-11-25',
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it('refuses bodies over 32 KiB with 413', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_memory', arguments: { q: 'x'.repeat(33 * 1024) } },
    });
    const res = await post(body, { 'mcp-protocol-version': '2025-11-25' });
    expect(res.status).toBe(413);
  });

  it('refuses batches', async () => {
    const res = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]),
      { 'mcp-protocol-version': '2025-11-25' },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { error?: { code: number } } | Array<unknown>;
    expect(Array.isArray(body)).toBe(false);
    expect((body as { error: { code: number } }).error.code).toBe(-32600);
  });

  it('answers GET with an SSE Accept with 405', async () => {
    const res = await fetch(`${t.url}/recall/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
  });

  it('shows browsers an explanatory page', async () => {
    const res = await fetch(`${t.url}/recall/mcp`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/Recall/);
  });
});
