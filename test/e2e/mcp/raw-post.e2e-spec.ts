// The MCP front answers JSON-RPC POSTs to ungated servers on the raw node:http request
// (src/mcp/protocol/raw-post.ts); a query string sends the same request through the front's Fastify
// routes. Both must write the same answer: status, every header in the same order, body, and the
// same metrics.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request as httpRequest } from 'node:http';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { RawPostPath } from '../../../src/mcp/protocol/raw-post.js';
import { FIXTURE_PATH, legacyHeaders, MODERN, modernHeaders, modernMeta, withFixture } from './fixtures.js';

interface RawAnswer {
  status: number;
  /** Header lines as sent (name and value), Date left out. */
  headers: string[];
  body: string;
}

/**
 * One POST over a real socket, the answer's header lines in their order on the wire. A body given in
 * pieces is written piece by piece, 20 ms apart (the server reads it in as many chunks).
 */
function post(base: string, path: string, headers: Record<string, string>, body: string | string[]): Promise<RawAnswer> {
  const pieces = typeof body === 'string' ? [body] : body;
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(pieces.join(''))) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i].toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    const last = pieces.length - 1;
    const write = (i: number) => {
      if (i === last) req.end(pieces[i]);
      else {
        req.write(pieces[i]);
        setTimeout(() => write(i + 1), 20);
      }
    };
    write(0);
  });
}

const call = (name: string, args: Record<string, unknown>, id: unknown = 1, meta = false) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...(meta ? { _meta: modernMeta } : {}) } });

describe('the raw JSON-RPC POST path', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The call budget raised: both paths count against it, and this test compares, not refuses.
    t = await createTestApp({ override: withFixture(), env: { RATE_LIMIT_GENERAL: '100000/60' } });
  });
  afterAll(() => t?.close());

  const cases: [string, string, Record<string, string>, string][] = [
    ['modern tools/call', FIXTURE_PATH, modernHeaders('tools/call', 'echo'), call('echo', { text: 'hé' }, 1, true)],
    ['legacy tools/call', FIXTURE_PATH, legacyHeaders, call('echo', { text: 'x', count: 2 }, 'a')],
    ['community tools/call', '/mcp', legacyHeaders, call('get_community_stats', {}, 3)],
    ['community modern tools/call', '/mcp', modernHeaders('tools/call', 'get_community_stats'), call('get_community_stats', {}, 4, true)],
    ['tools/list', '/mcp/docs', legacyHeaders, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })],
    ['recall tools/list', '/recall/mcp', legacyHeaders, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })],
    ['notification → 202', FIXTURE_PATH, legacyHeaders, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })],
    ['parse error', FIXTURE_PATH, legacyHeaders, '{"jsonrpc":'],
    ['invalid request', FIXTURE_PATH, legacyHeaders, '{"id":1}'],
    ['batch', '/mcp', legacyHeaders, JSON.stringify([1, 2].map((id) => ({ jsonrpc: '2.0', id, method: 'ping' })))],
    [
      'batch as SSE',
      '/mcp',
      { ...legacyHeaders, accept: 'text/event-stream' },
      JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }]),
    ],
    ['SSE answer', FIXTURE_PATH, { ...legacyHeaders, accept: 'text/event-stream' }, call('echo', { text: 'x' })],
    ['unknown tool', FIXTURE_PATH, legacyHeaders, call('nope', {})],
    ['schema failure', FIXTURE_PATH, legacyHeaders, call('echo', { text: '' })],
    ['tool failure', FIXTURE_PATH, legacyHeaders, call('fail', { mode: 'not_found', sync: true })],
    ['tool crash, later', FIXTURE_PATH, legacyHeaders, call('fail', { mode: 'crash' })],
    ['transient failure', FIXTURE_PATH, legacyHeaders, call('fail', { mode: 'database' })],
    ['modern header missing', FIXTURE_PATH, { ...legacyHeaders, 'mcp-protocol-version': MODERN }, call('echo', { text: 'x' }, 5, true)],
    [
      'charset parameter',
      '/mcp/chatgpt',
      { ...legacyHeaders, 'content-type': 'application/json; charset=utf-8' },
      call('get_community_stats', {}),
    ],
  ];

  it.each(cases)('%s: the same answer as the Fastify routes', async (_name, path, headers, body) => {
    const sent = { ...headers, 'x-request-id': 'raw-post-compare' };
    const serve = vi.spyOn(RawPostPath.prototype, 'serve');
    try {
      const raw = await post(t.url, path, sent, body);
      const routed = await post(t.url, `${path}?via=routes`, sent, body);
      // The first went the raw way, the second through the routes.
      expect(serve.mock.results.map((r) => r.value)).toEqual([true, false]);
      expect(raw).toEqual(routed);
    } finally {
      serve.mockRestore();
    }
  });

  it('reads a body that arrives in several chunks, and answers as the routes do', async () => {
    const sent = { ...modernHeaders('tools/call', 'echo'), 'x-request-id': 'raw-post-chunks' };
    const body = call('echo', { text: 'in pieces, é' }, 7, true);
    const pieces = [body.slice(0, 10), body.slice(10, 40), body.slice(40)];
    const serve = vi.spyOn(RawPostPath.prototype, 'serve');
    try {
      const raw = await post(t.url, FIXTURE_PATH, sent, pieces);
      const routed = await post(t.url, `${FIXTURE_PATH}?via=routes`, sent, pieces);
      expect(serve.mock.results.map((r) => r.value)).toEqual([true, false]);
      expect(raw.status).toBe(200);
      expect(JSON.parse(raw.body).result.structuredContent).toBeDefined();
      expect(raw).toEqual(routed);
    } finally {
      serve.mockRestore();
    }
  });

  it('counts its answers in the same metrics as the routes, per surface and status', async () => {
    const { metricsRegistry } = await import('../../../src/common/metrics/http-metrics.js');
    const count = async (status: string) => {
      const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === 'agentry_http_requests_total');
      const value = (metric?.values ?? []).find(
        (v) => v.labels.surface === 'mcp_docs' && v.labels.method === 'POST' && String(v.labels.status) === status,
      );
      return Number(value?.value ?? 0);
    };
    const before = await count('200');
    const beforeBad = await count('400');
    await post(t.url, '/mcp/docs', legacyHeaders, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    await post(t.url, '/mcp/docs', legacyHeaders, 'not json');
    expect(await count('200')).toBe(before + 1);
    expect(await count('400')).toBe(beforeBad + 1);
  });
});

describe('the raw JSON-RPC POST path under hostile requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ override: withFixture(), env: { RATE_LIMIT_GENERAL: '100000/60' } });
  });
  afterAll(() => t?.close());

  // A browser page on another origin, a DNS-rebinding Host, or a body over the limit must never be
  // answered by the shortcut: it declines them untouched and the routes refuse them.
  const hostile: [string, Record<string, string>, string, number][] = [
    ['a foreign Origin', { ...legacyHeaders, origin: 'https://evil.example.com' }, call('echo', { text: 'x' }), 403],
    ['a rebinding Host', { ...legacyHeaders, host: 'evil.example.com' }, call('echo', { text: 'x' }), 403],
    ['a body over the limit', legacyHeaders, call('echo', { text: 'x'.repeat(5 * 1024 * 1024) }), 413],
  ];
  it.each(hostile)('%s is declined by the raw path and refused by the routes', async (_name, headers, body, status) => {
    const serve = vi.spyOn(RawPostPath.prototype, 'serve');
    try {
      const answer = await post(t.url, FIXTURE_PATH, headers, body);
      expect(serve.mock.results.map((r) => r.value)).toEqual([false]);
      expect(answer.status).toBe(status);
      expect(answer.body).not.toContain('"result"');
    } finally {
      serve.mockRestore();
    }
  });

  it('an error on a request after its body ended is handled: the answer stands and nothing is thrown', async () => {
    // A socket can fail after the body has arrived (a reset while the tool runs, or after the answer).
    // The exchange keeps its 'error' listener for that: without one, EventEmitter would throw the error
    // out of emit() — an uncaught exception in the server.
    const original = RawPostPath.prototype.serve;
    const late: { req: import('node:http').IncomingMessage; thrown: unknown[] }[] = [];
    const serve = vi.spyOn(RawPostPath.prototype, 'serve').mockImplementation(function (this: RawPostPath, req, res) {
      const taken = original.call(this, req, res);
      if (taken) {
        const entry = { req, thrown: [] as unknown[] };
        late.push(entry);
        const raise = () => {
          try {
            req.emit('error', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
          } catch (error) {
            entry.thrown.push(error);
          }
        };
        // Once on the turn after 'end', once after the answer went out.
        req.once('end', () => setImmediate(raise));
        res.once('finish', () => setImmediate(raise));
      }
      return taken;
    });
    try {
      const answer = await post(t.url, FIXTURE_PATH, legacyHeaders, call('echo', { text: 'once', count: 2 }, 9));
      await new Promise((r) => setTimeout(r, 50));
      expect(serve.mock.results.map((r) => r.value)).toEqual([true]);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ id: 9, result: { structuredContent: { text: 'once', count: 2 } } });
      expect(late).toHaveLength(1);
      expect(late[0].thrown).toEqual([]);
    } finally {
      serve.mockRestore();
    }
  });

  it('a body cut short of its Content-Length runs no tool', async () => {
    const { connect } = await import('node:net');
    const { port } = new URL(t.url);
    const body = call('echo', { text: 'never' });
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        const head = Object.entries({ ...legacyHeaders, host: new URL(t.url).host, 'content-length': String(body.length + 50) })
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n');
        socket.write(`POST ${FIXTURE_PATH} HTTP/1.1\r\n${head}\r\n\r\n${body}`);
        setTimeout(() => socket.end(), 200);
      });
      let text = '';
      socket.on('data', (d) => (text += d.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(reply).not.toContain('"result"');
  });
});

describe('the raw JSON-RPC POST path behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ override: withFixture(), env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_GENERAL: '100000/60' } });
  });
  afterAll(() => t?.close());

  it('gives tools the client address X-Forwarded-For names, as the routes do', async () => {
    const sent = { ...legacyHeaders, 'x-request-id': 'raw-post-proxy', 'x-forwarded-for': '203.0.113.9, 127.0.0.1' };
    const body = call('context', {});
    const serve = vi.spyOn(RawPostPath.prototype, 'serve');
    try {
      const raw = await post(t.url, FIXTURE_PATH, sent, body);
      const routed = await post(t.url, `${FIXTURE_PATH}?via=routes`, sent, body);
      expect(serve.mock.results.map((r) => r.value)).toEqual([true, false]);
      expect(raw).toEqual(routed);
      expect(JSON.parse(raw.body).result.structuredContent.ip).toBe('203.0.113.9');
    } finally {
      serve.mockRestore();
    }
  });
});
