// Per-server transport rules (recall, broker, the community alias), the general rate limit counted
// per JSON-RPC message, the discovery documents, and clean shutdown of keepalive streams.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { SERVER_CARD_SCHEMA } from '../../../src/mcp/endpoints/discovery.js';
import { initializeParams, legacyHeaders, MODERN, modernHeaders, modernMeta, withFixture, FIXTURE_PATH } from './fixtures.js';
import { send, type Send } from '../../support/json-rpc.js';

let ipCounter = 10;
/** A fresh client address per test, so rate-limit budgets never leak between tests. */
const freshIp = () => `198.51.100.${ipCounter++}`;

describe('MCP endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ override: withFixture() });
  });
  afterAll(() => t?.close());

  describe('recall (/recall/mcp)', () => {
    const R = '/recall/mcp';

    it('serves only 2025-11-25, 2025-06-18, 2025-03-26 and counter-offers 2025-11-25 for anything else', async () => {
      const remoteAddress = freshIp();
      for (const [asked, answered] of [
        ['2025-06-18', '2025-06-18'],
        ['2025-03-26', '2025-03-26'],
        ['2024-11-05', '2025-11-25'],
        ['2026-07-28', '2025-11-25'],
      ]) {
        const r = await send(t, {
          path: R,
          headers: legacyHeaders,
          remoteAddress,
          body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { ...initializeParams, protocolVersion: asked } },
        });
        expect(r.status).toBe(200);
        expect(r.json.result.protocolVersion).toBe(answered);
        expect(r.headers['mcp-session-id']).toBeUndefined();
      }
    });

    it('notifications/initialized → 202 with no body', async () => {
      const r = await send(t, {
        path: R,
        remoteAddress: freshIp(),
        headers: { ...legacyHeaders, 'mcp-protocol-version': '2025-11-25' },
        body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      });
      expect(r.status).toBe(202);
      expect(r.text).toBe('');
    });

    it('GET with an SSE Accept → 405; GET from a browser → an HTML page about the endpoint', async () => {
      const sse = await send(t, { path: R, method: 'GET', headers: { accept: 'text/event-stream' }, remoteAddress: freshIp() });
      expect(sse.status).toBe(405);
      const html = await send(t, {
        path: R,
        method: 'GET',
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
        remoteAddress: freshIp(),
      });
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.headers['content-security-policy']).toContain("default-src 'self'");
      expect(html.text).toMatch(/<!doctype html>/i);
      expect(html.text).toContain('32 KiB');
      expect(html.text).not.toContain('<script');
    });

    it('refuses batches', async () => {
      const r = await send(t, {
        path: R,
        headers: legacyHeaders,
        remoteAddress: freshIp(),
        body: [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
      });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe(-32600);
    });

    it('bodies over 32 KiB → 413 with a JSON-RPC error', async () => {
      const r = await send(t, {
        path: R,
        headers: legacyHeaders,
        remoteAddress: freshIp(),
        body: { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(32 * 1024) } },
      });
      expect(r.status).toBe(413);
      expect(r.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    });

    it("a modern client's server/discover probe gets -32601 at HTTP 200, legacy style", async () => {
      const r = await send(t, {
        path: R,
        headers: modernHeaders('server/discover'),
        remoteAddress: freshIp(),
        body: { jsonrpc: '2.0', id: 'server-discover-probe-1', method: 'server/discover', params: { _meta: modernMeta } },
      });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ id: 'server-discover-probe-1', error: { code: -32601 } });
    });

    it('a header naming a revision recall does not serve → 400', async () => {
      const r = await send(t, {
        path: R,
        headers: { ...legacyHeaders, 'mcp-protocol-version': '2024-11-05' },
        remoteAddress: freshIp(),
        body: { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      });
      expect(r.status).toBe(400);
      expect(r.json.id).toBe(3);
    });
  });

  describe('broker (/broker/mcp) without a token', () => {
    it('the gate answers before anything else is read: 401, -32001 and WWW-Authenticate', async () => {
      const requests: Omit<Send, 'path'>[] = [
        { method: 'POST', headers: { 'content-type': 'text/plain' }, raw: 'not json' },
        { method: 'GET', headers: { accept: 'text/event-stream' } },
      ];
      for (const request of requests) {
        const r = await send(t, { path: '/broker/mcp', remoteAddress: freshIp(), ...request });
        expect(r.status).toBe(401);
        expect(r.headers['www-authenticate']).toMatch(
          /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/broker\/mcp", scope="identity:read"$/,
        );
        expect(r.headers['x-request-id']).toBeTruthy();
        expect(r.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
      }
    });

    it('the Host guard still comes first', async () => {
      const r = await send(t, { path: '/broker/mcp', headers: { host: 'evil.example.com' }, remoteAddress: freshIp() });
      expect(r.status).toBe(403);
    });
  });

  describe('rate limits on /mcp: 30/60 s per IP for tool calls, a separate flood budget for every other message', () => {
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_community_stats', arguments: {} } });

    it('the 31st tool call within the window is refused at HTTP 200 (legacy) with Retry-After, RateLimit headers and a JSON-RPC error; another IP is unaffected', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 30; i++) {
        const r = await send(t, { path: '/mcp', headers: legacyHeaders, remoteAddress: ip, body: call(i) });
        expect(r.status, `request ${i}`).toBe(200);
        expect(r.json.error, `request ${i}`).toBeUndefined();
        expect(r.headers['ratelimit-policy']).toBe('30;w=60');
      }
      const refused = await send(t, { path: '/mcp/chatgpt', headers: legacyHeaders, remoteAddress: ip, body: call(31) });
      expect(refused.status).toBe(200);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['ratelimit-limit']).toBe('30');
      expect(refused.json).toMatchObject({
        jsonrpc: '2.0',
        id: 31,
        error: { code: -32000, data: { error: 'rate_limited', budget: 'general', retryable: true } },
      });
      const other = await send(t, { path: '/mcp', headers: legacyHeaders, remoteAddress: freshIp(), body: call(1) });
      expect(other.json.error).toBeUndefined();
    });

    it('initialize, notifications, tools/list and pings do not spend the call budget', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 40; i++) {
        const r = await send(t, {
          path: '/mcp',
          headers: legacyHeaders,
          remoteAddress: ip,
          body: i % 2 ? ping(i) : { jsonrpc: '2.0', id: i, method: 'tools/list' },
        });
        expect(r.status).toBe(200);
        expect(r.json.error).toBeUndefined();
      }
      const init = await send(t, {
        path: '/mcp',
        headers: legacyHeaders,
        remoteAddress: ip,
        body: { jsonrpc: '2.0', id: 0, method: 'initialize', params: initializeParams },
      });
      expect(init.json.error).toBeUndefined();
      const note = await send(t, {
        path: '/mcp',
        headers: legacyHeaders,
        remoteAddress: ip,
        body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      });
      expect(note.status).toBe(202);
      for (let i = 1; i <= 30; i++) {
        const r = await send(t, { path: '/mcp', headers: legacyHeaders, remoteAddress: ip, body: call(i) });
        expect(r.json.error, `call ${i}`).toBeUndefined();
      }
    });

    it('the flood budget (20 times the call budget) refuses the 601st other message', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 600; i++) {
        const r = await send(t, { path: '/mcp', headers: legacyHeaders, remoteAddress: ip, body: ping(i) });
        if (r.json.error) throw new Error(`ping ${i} refused`);
      }
      const refused = await send(t, { path: '/mcp', headers: legacyHeaders, remoteAddress: ip, body: ping(601) });
      expect(refused.status).toBe(200);
      expect(refused.headers['retry-after']).toBeTruthy();
      expect(refused.json).toMatchObject({ id: 601, error: { data: { error: 'rate_limited', budget: 'mcp_flood' } } });
      // Tool calls have their own budget, untouched by the flood.
      const stillCalls = await send(t, { path: '/mcp', headers: legacyHeaders, remoteAddress: ip, body: call(1) });
      expect(stillCalls.json.error).toBeUndefined();
    });

    it('a batch counts each tool call it holds', async () => {
      const ip = freshIp();
      const first = await send(t, {
        path: '/mcp',
        headers: legacyHeaders,
        remoteAddress: ip,
        body: [...Array.from({ length: 25 }, (_, i) => call(i)), ping(99)],
      });
      expect(first.status).toBe(200);
      expect(first.json).toHaveLength(26);
      const second = await send(t, {
        path: '/mcp',
        headers: legacyHeaders,
        remoteAddress: ip,
        body: Array.from({ length: 6 }, (_, i) => call(i)),
      });
      expect(second.status).toBe(200);
      expect(second.json).toMatchObject({ id: null, error: { data: { error: 'rate_limited' } } });
    });

    it('modern tool calls count too, and are refused with HTTP 429', async () => {
      const ip = freshIp();
      let last = 0;
      for (let i = 1; i <= 31; i++) {
        const r = await send(t, {
          path: '/mcp',
          remoteAddress: ip,
          headers: modernHeaders('tools/call', 'get_community_stats'),
          body: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'get_community_stats', arguments: {}, _meta: modernMeta } },
        });
        last = r.status;
        if (i <= 30) expect(r.status).toBe(200);
      }
      expect(last).toBe(429);
    });
  });

  describe('discovery documents', () => {
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });

    it('/.well-known/mcp and /.well-known/mcp.json are the same manifest of every public server', async () => {
      const a = await get('/.well-known/mcp');
      const b = await get('/.well-known/mcp.json');
      expect(a.status).toBe(200);
      expect(a.headers.get('content-type')).toMatch(/^application\/json/);
      const manifest = (await a.json()) as { servers: Record<string, unknown>[] };
      expect(await b.json()).toEqual(manifest);
      const base = t.config.publicBaseUrl;
      expect(manifest.servers.map((s) => s.url)).toEqual([`${base}/mcp`, `${base}/mcp/docs`, `${base}/recall/mcp`, `${base}/broker/mcp`]);
      const text = JSON.stringify(manifest);
      expect(text).not.toContain('/mcp/chatgpt');
      expect(text).not.toContain(FIXTURE_PATH);
      expect(text).not.toContain('"protocolVersion"');
      const broker = manifest.servers.pop() as Record<string, unknown>;
      expect(broker).toMatchObject({
        transport: 'streamable-http',
        auth: { type: 'oauth2', resourceMetadata: `${base}/.well-known/oauth-protected-resource/broker/mcp` },
      });
      for (const server of manifest.servers) {
        expect(server).toMatchObject({ transport: 'streamable-http', auth: { type: 'none' } });
        expect(server.serverCard).toBe(`${server.url}/server-card`);
        expect(Array.isArray(server.supportedProtocolVersions)).toBe(true);
      }
      expect(manifest.servers[0].supportedProtocolVersions).toEqual([MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
      expect(manifest.servers[2].supportedProtocolVersions).toEqual(['2025-11-25', '2025-06-18', '2025-03-26']);
    });

    it('server cards follow the experimental format and agree with server/discover and initialize', async () => {
      for (const [path, endpoint] of [
        ['/mcp/server-card', '/mcp'],
        ['/.well-known/mcp/server-card.json', '/mcp'],
        ['/mcp/docs/server-card', '/mcp/docs'],
        ['/recall/mcp/server-card', '/recall/mcp'],
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/mcp-server-card\+json(;\s*charset=utf-8)?$/);
        const card = (await res.json()) as Record<string, any>;
        expect(card.$schema).toBe(SERVER_CARD_SCHEMA);
        expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
        expect(card.description.length).toBeGreaterThan(0);
        expect(card.description.length).toBeLessThanOrEqual(100);
        expect(card.title.length).toBeLessThanOrEqual(100);
        expect(card.version).toMatch(/^\d+\.\d+\.\d+$/);
        expect(card.remotes).toHaveLength(1);
        expect(card.remotes[0]).toMatchObject({ type: 'streamable-http', url: `${t.config.publicBaseUrl}${endpoint}` });
        const init = await send(t, {
          path: endpoint,
          headers: legacyHeaders,
          remoteAddress: freshIp(),
          body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: initializeParams },
        });
        expect(init.json.result.serverInfo.version).toBe(card.version);
        expect(card.remotes[0].supportedProtocolVersions).toContain(init.json.result.protocolVersion);
        const modern = card.remotes[0].supportedProtocolVersions.filter((v: string) => v === MODERN);
        if (modern.length) {
          const discover = await send(t, {
            path: endpoint,
            headers: modernHeaders('server/discover'),
            remoteAddress: freshIp(),
            body: { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } },
          });
          expect(discover.json.result.supportedVersions).toEqual(modern);
          expect(discover.json.result._meta['io.modelcontextprotocol/serverInfo'].version).toBe(card.version);
        }
      }
      const community = await (await get('/mcp/server-card')).json();
      expect(await (await get('/.well-known/mcp/server-card.json')).json()).toEqual(community);
    });

    it('every discovery document is cacheable, has an ETag, answers If-None-Match with 304 and is readable cross-origin', async () => {
      for (const path of [
        '/.well-known/mcp',
        '/.well-known/mcp.json',
        '/.well-known/mcp/server-card.json',
        '/mcp/server-card',
        '/mcp/docs/server-card',
        '/recall/mcp/server-card',
      ]) {
        const res = await get(path, { origin: 'https://somewhere.example' });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
        expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
        const etag = res.headers.get('etag');
        expect(etag).toMatch(/^"[^"]+"$/);
        const again = await get(path, { 'if-none-match': etag! });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('access-control-allow-origin')).toBe('*');
        const changed = await get(path, { 'if-none-match': '"something-else"' });
        expect(changed.status).toBe(200);
        const preflight = await fetch(`${t.url}${path}`, {
          method: 'OPTIONS',
          headers: { origin: 'https://somewhere.example', 'access-control-request-method': 'GET' },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
        expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
        expect(preflight.headers.get('access-control-allow-headers')).toContain('If-None-Match');
      }
    });

    it('the home page links the MCP servers and the manifest', async () => {
      const html = await (await get('/')).text();
      for (const href of ['/mcp', '/mcp/docs', '/recall/mcp', '/.well-known/mcp']) expect(html).toContain(`href="${href}"`);
    });
  });
});

describe('keepalive streams end cleanly on shutdown', () => {
  it('an open GET stream is closed when the app closes', async () => {
    const t = await createTestApp({ override: withFixture(), env: { RATE_LIMIT_GENERAL: 'off' } });
    const res = await fetch(`${t.url}${FIXTURE_PATH}`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    const started = Date.now();
    await t.close();
    let done = false;
    while (!done) ({ done } = await reader.read());
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
