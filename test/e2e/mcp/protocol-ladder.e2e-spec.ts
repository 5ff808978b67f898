// The section 1 table of the wire digest (../shared/spec/mcp-protocol.md), one case per row: HTTP
// status, JSON-RPC code and id echo. Runs against a fixture server mounted with the same engine
// and transport as the real ones, so it does not depend on feature tools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import {
  FIXTURE_BODY_LIMIT,
  FIXTURE_PATH,
  initializeParams,
  legacyHeaders,
  MODERN,
  modernHeaders,
  modernMeta,
  withFixture,
} from './fixtures.js';
import { send, sseMessages, type Reply, type Send } from '../../support/json-rpc.js';

interface Row {
  row: number;
  title: string;
  request: Send;
  status: number;
  /** JSON-RPC error code, or 'result' for a success, or null for an empty body. */
  code: number | 'result' | null;
  /** The id the answer must carry (undefined: not checked; null: must be null). */
  id?: string | number | null;
  check?: (reply: Reply) => void;
}

const P = FIXTURE_PATH;
const modern = (id: string | number, method: string, params: Record<string, unknown> = {}, name?: string): Send => ({
  path: P,
  headers: modernHeaders(method, name),
  body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: modernMeta } },
});
const legacy = (id: string | number, method: string, params?: Record<string, unknown>, extra: Record<string, string> = {}): Send => ({
  path: P,
  headers: { ...legacyHeaders, ...extra },
  body: params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params },
});

const rows: Row[] = [
  {
    row: 1,
    title: 'Origin not allow-listed → 403',
    request: { ...legacy(1, 'tools/list'), headers: { ...legacyHeaders, origin: 'https://evil.example.com' } },
    status: 403,
    code: -32000,
    id: null,
  },
  {
    row: 2,
    title: 'Host not allow-listed → 403',
    request: { ...legacy(1, 'tools/list'), headers: { ...legacyHeaders, host: 'evil.example.com' } },
    status: 403,
    code: -32000,
    id: null,
  },
  {
    row: 3,
    title: 'GET without Accept text/event-stream → 406 (the SSE stream itself is tested below)',
    request: { path: P, method: 'GET', headers: { accept: 'application/json' } },
    status: 406,
    code: -32000,
  },
  {
    row: 4,
    title: 'DELETE (no sessions issued) → 405',
    request: { path: P, method: 'DELETE' },
    status: 405,
    code: -32000,
    check: (r) => expect(r.headers.allow).toBe('GET, POST'),
  },
  {
    row: 5,
    title: 'POST with Content-Type text/plain → 415',
    request: { ...legacy(1, 'tools/list'), headers: { 'content-type': 'text/plain', accept: 'application/json' } },
    status: 415,
    code: -32000,
  },
  {
    row: 6,
    title: 'body over the limit → 413',
    request: {
      ...legacy(1, 'tools/call', { name: 'echo', arguments: { text: 'x'.repeat(FIXTURE_BODY_LIMIT) } }),
    },
    status: 413,
    code: -32000,
  },
  {
    row: 7,
    title: 'invalid JSON → 400 -32700 id null',
    request: { path: P, headers: legacyHeaders, raw: '{"jsonrpc":"2.0","id":1,' },
    status: 400,
    code: -32700,
    id: null,
  },
  {
    row: 8,
    title: 'a request with "id": null → 400 -32600 id null',
    request: { path: P, headers: legacyHeaders, body: { jsonrpc: '2.0', id: null, method: 'tools/list' } },
    status: 400,
    code: -32600,
    id: null,
  },
  {
    row: 9,
    title: 'batch holding a modern request → 400 -32600',
    request: {
      path: P,
      headers: legacyHeaders,
      body: [
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: modernMeta } },
      ],
    },
    status: 400,
    code: -32600,
    id: null,
  },
  {
    row: 10,
    title: 'batch of legacy notifications and responses → 202, empty body',
    request: {
      path: P,
      headers: legacyHeaders,
      body: [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'srv-1', result: {} },
      ],
    },
    status: 202,
    code: null,
  },
  {
    row: 11,
    title: 'batch with legacy requests → 200 array, one response per request',
    request: {
      path: P,
      headers: legacyHeaders,
      body: [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'no/such/method' },
      ],
    },
    status: 200,
    code: null,
    check: (r) => {
      expect(Array.isArray(r.json)).toBe(true);
      expect(r.json).toHaveLength(2);
      expect(r.json[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
      expect(r.json[1]).toMatchObject({ id: 2, error: { code: -32601 } });
    },
  },
  {
    row: 12,
    title: 'initialize without envelope + modern MCP-Protocol-Version header → 400 -32020',
    request: legacy(12, 'initialize', initializeParams, { 'mcp-protocol-version': MODERN }),
    status: 400,
    code: -32020,
    id: 12,
  },
  {
    row: 13,
    title: 'initialize without envelope → legacy result; invalid params → -32602 at 200',
    request: legacy(13, 'initialize', { protocolVersion: '2025-11-25', capabilities: {} }),
    status: 200,
    code: -32602,
    id: 13,
  },
  {
    row: 14,
    title: 'envelope without clientCapabilities → 400 -32602 naming the key (id 0 echoed)',
    request: {
      path: P,
      headers: modernHeaders('tools/list'),
      body: {
        jsonrpc: '2.0',
        id: 0,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } },
      },
    },
    status: 400,
    code: -32602,
    id: 0,
    check: (r) => expect(JSON.stringify(r.json.error.data)).toContain('io.modelcontextprotocol/clientCapabilities'),
  },
  {
    row: 15,
    title: 'envelope v999.0.0 with header 2026-07-28 → 400 -32020',
    request: {
      path: P,
      headers: modernHeaders('tools/list'),
      body: {
        jsonrpc: '2.0',
        id: 15,
        method: 'tools/list',
        params: { _meta: { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } },
      },
    },
    status: 400,
    code: -32020,
    id: 15,
  },
  {
    row: 16,
    title: 'Mcp-Method header ≠ body method (case-sensitive) → 400 -32020',
    request: { ...modern('m16', 'tools/list'), headers: modernHeaders('TOOLS/LIST') },
    status: 400,
    code: -32020,
    id: 'm16',
  },
  {
    row: 17,
    title: 'envelope and header both v999.0.0 → 400 -32022 with supported and requested',
    request: {
      path: P,
      headers: { ...modernHeaders('tools/list'), 'mcp-protocol-version': 'v999.0.0' },
      body: {
        jsonrpc: '2.0',
        id: 17,
        method: 'tools/list',
        params: { _meta: { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } },
      },
    },
    status: 400,
    code: -32022,
    id: 17,
    check: (r) => expect(r.json.error.data).toEqual({ supported: [MODERN], requested: 'v999.0.0' }),
  },
  {
    row: 18,
    title: 'envelope present, MCP-Protocol-Version header absent → 400 -32020',
    request: {
      ...modern(18, 'tools/list'),
      headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-method': 'tools/list' },
    },
    status: 400,
    code: -32020,
    id: 18,
  },
  {
    row: 19,
    title: 'tools/call without Mcp-Name → 400 -32020',
    request: { ...modern(19, 'tools/call', { name: 'echo', arguments: { text: 'a' } }) },
    status: 400,
    code: -32020,
    id: 19,
  },
  {
    row: 20,
    title: 'no tool requires a client capability: an empty clientCapabilities object is enough',
    request: modern(20, 'tools/call', { name: 'echo', arguments: { text: 'a' } }, 'echo'),
    status: 200,
    code: 'result',
    id: 20,
  },
  {
    row: 21,
    title: 'removed method (initialize with envelope) → 404 -32601',
    request: modern(21, 'initialize', initializeParams),
    status: 404,
    code: -32601,
    id: 21,
  },
  {
    row: 22,
    title: 'unknown tool → 200 -32602',
    request: modern(22, 'tools/call', { name: 'nope', arguments: {} }, 'nope'),
    status: 200,
    code: -32602,
    id: 22,
  },
  {
    row: 23,
    title: 'arguments failing the schema → 200 result with isError naming the field',
    request: modern(23, 'tools/call', { name: 'echo', arguments: { text: 5 } }, 'echo'),
    status: 200,
    code: 'result',
    id: 23,
    check: (r) => {
      expect(r.json.result.isError).toBe(true);
      expect(r.json.result.structuredContent).toBeUndefined();
      const text = JSON.parse(r.json.result.content[0].text);
      expect(text).toMatchObject({ error: 'validation_failed', field: 'text' });
      expect(text.message).toContain('text');
    },
  },
  {
    row: 24,
    title: 'success → 200 result with resultType, serverInfo and cache hints',
    request: modern(24, 'tools/list'),
    status: 200,
    code: 'result',
    id: 24,
    check: (r) => {
      expect(r.json.result.resultType).toBe('complete');
      expect(r.json.result.ttlMs).toBeGreaterThan(0);
      expect(r.json.result.cacheScope).toBe('public');
      expect(r.json.result._meta['io.modelcontextprotocol/serverInfo']).toEqual({ name: 'fixture', version: '9.9.9' });
      expect(r.json.result.tools.map((x: { name: string }) => x.name)).toEqual(['echo', 'context', 'fail', 'snapshot', 'live']);
    },
  },
  {
    row: 25,
    title: 'notification with envelope → 202',
    request: {
      path: P,
      headers: legacyHeaders,
      body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: modernMeta } },
    },
    status: 202,
    code: null,
  },
  {
    row: 26,
    title: 'no envelope, MCP-Protocol-Version names a modern revision → 400 -32602 data.envelope.missing',
    request: legacy(26, 'tools/list', undefined, { 'mcp-protocol-version': MODERN }),
    status: 400,
    code: -32602,
    id: 26,
    check: (r) => expect(r.json.error.data.envelope.missing).toContain('io.modelcontextprotocol/protocolVersion'),
  },
  {
    row: 27,
    title: 'no envelope, header names an unserved revision → 400',
    request: legacy(27, 'tools/list', undefined, { 'mcp-protocol-version': '1999-01-01' }),
    status: 400,
    code: -32000,
    id: 27,
  },
  {
    row: 28,
    title: 'no envelope, served legacy header → legacy: unknown method in-band at 200',
    request: legacy(28, 'no/such/method', undefined, { 'mcp-protocol-version': '2025-06-18' }),
    status: 200,
    code: -32601,
    id: 28,
  },
];

describe('MCP engine: the section 1 ladder, row by row', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ override: withFixture(), env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t?.close());

  it('covers every row of the table', () => {
    expect(rows.map((r) => r.row)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
  });

  for (const row of rows) {
    it(`row ${row.row}: ${row.title}`, async () => {
      const reply = await send(t, row.request);
      expect(reply.status).toBe(row.status);
      expect(reply.headers['x-request-id']).toBeTruthy();
      if (row.code === null) {
        if (row.status === 202) expect(reply.text).toBe('');
      } else if (row.code === 'result') {
        expect(reply.json.error).toBeUndefined();
        expect(reply.json.result).toBeDefined();
      } else {
        expect(reply.json.jsonrpc).toBe('2.0');
        expect(reply.json.error.code).toBe(row.code);
        expect(typeof reply.json.error.message).toBe('string');
      }
      if (row.id !== undefined) expect(reply.json.id).toBe(row.id);
      row.check?.(reply);
    });
  }
});

describe('MCP engine: details of the rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ override: withFixture(), env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t?.close());

  it('row 3: GET with Accept text/event-stream opens a keepalive SSE stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${t.url}${P}`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^: /);
    controller.abort();
  });

  it('rows 1-2 come before everything else (a bad Host gets 403 even with a bad body)', async () => {
    const r = await send(t, { path: P, headers: { 'content-type': 'text/plain', host: 'evil.example.com' }, raw: 'x' });
    expect(r.status).toBe(403);
  });

  it('row 4: PUT and PATCH are 405 too', async () => {
    for (const method of ['PUT', 'PATCH'] as const) {
      const r = await send(t, { path: P, method, headers: legacyHeaders, body: {} });
      expect(r.status).toBe(405);
    }
  });

  it('row 5: Content-Type with a charset parameter is accepted', async () => {
    const r = await send(t, {
      ...legacy(5, 'ping'),
      headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
  });

  it('row 6: a chunked body over the limit is refused with 413 too', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(FIXTURE_BODY_LIMIT) } });
    const res = await fetch(`${t.url}${P}`, {
      method: 'POST',
      headers: legacyHeaders,
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(big));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32000);
  });

  it('row 8: non-JSON-RPC bodies are -32600', async () => {
    for (const body of [{ hello: 'world' }, 42, 'text', { jsonrpc: '1.0', id: 1, method: 'ping' }]) {
      const r = await send(t, { path: P, headers: legacyHeaders, body });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe(-32600);
    }
  });

  it('row 9: empty batch, over-bound batch and initialize with company are -32600', async () => {
    const bodies = [
      [],
      Array.from({ length: 4 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })),
      [
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: initializeParams },
        { jsonrpc: '2.0', id: 2, method: 'ping' },
      ],
    ];
    for (const body of bodies) {
      const r = await send(t, { path: P, headers: legacyHeaders, body });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe(-32600);
    }
  });

  it('row 11: a batch answers as SSE events when the client accepts only SSE', async () => {
    const r = await send(t, {
      path: P,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/);
    const messages = sseMessages(r.text) as { id: number }[];
    expect(messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('row 13: initialize echoes a served revision and counter-offers 2025-11-25 otherwise', async () => {
    for (const [asked, answered] of [
      ['2025-06-18', '2025-06-18'],
      ['2024-11-05', '2024-11-05'],
      ['2026-07-28', '2025-11-25'],
      ['2031-01-01', '2025-11-25'],
    ]) {
      const r = await send(t, legacy(1, 'initialize', { ...initializeParams, protocolVersion: asked }));
      expect(r.status).toBe(200);
      expect(Object.keys(r.json.result).sort()).toEqual(['capabilities', 'instructions', 'protocolVersion', 'serverInfo']);
      expect(r.json.result.protocolVersion).toBe(answered);
      expect(r.json.result.capabilities).toEqual({ tools: {}, resources: {} });
    }
    expect(r13Headers(await send(t, legacy(1, 'initialize', initializeParams)))).toBeUndefined();
  });

  it('row 13: "params":{}, no params and no clientInfo are -32602 at 200', async () => {
    for (const params of [{}, undefined, { protocolVersion: '2025-11-25', capabilities: {} }]) {
      const r = await send(t, legacy(7, 'initialize', params));
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ id: 7, error: { code: -32602 } });
    }
  });

  it('row 13: initialize accepts a legacy MCP-Protocol-Version header', async () => {
    const r = await send(t, legacy(1, 'initialize', initializeParams, { 'mcp-protocol-version': '2025-11-25' }));
    expect(r.status).toBe(200);
    expect(r.json.result.protocolVersion).toBe('2025-11-25');
  });

  it('row 14: other malformed envelopes are -32602 at 400 naming the key', async () => {
    const metas = [
      { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': 20260728 },
      { ...modernMeta, 'io.modelcontextprotocol/clientCapabilities': 'all' },
      { ...modernMeta, 'io.modelcontextprotocol/clientInfo': 'me' },
    ];
    for (const meta of metas) {
      const r = await send(t, {
        path: P,
        headers: modernHeaders('tools/list'),
        body: { jsonrpc: '2.0', id: 'x', method: 'tools/list', params: { _meta: meta } },
      });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ id: 'x', error: { code: -32602 } });
      expect(r.json.error.data.envelope.key).toMatch(/^io\.modelcontextprotocol\//);
    }
  });

  it('row 14: clientInfo is optional', async () => {
    const r = await send(t, {
      path: P,
      headers: modernHeaders('tools/list'),
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
    });
    expect(r.status).toBe(200);
  });

  it('row 17: a legacy date in the envelope is an unserved modern revision', async () => {
    const r = await send(t, {
      path: P,
      headers: { ...modernHeaders('tools/list'), 'mcp-protocol-version': '2025-11-25' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } },
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: -32022, data: { supported: [MODERN], requested: '2025-11-25' } });
  });

  it('row 18: Mcp-Method header absent → 400 -32020', async () => {
    const r = await send(t, {
      ...modern(1, 'tools/list'),
      headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': MODERN },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(-32020);
  });

  it('row 19: Mcp-Name mismatch or bad base64 → -32020; padded and base64 values succeed', async () => {
    const call = (name: string, header: string) => send(t, modern(1, 'tools/call', { name, arguments: { text: 'x' } }, header));
    expect((await call('echo', 'ECHO')).json.error.code).toBe(-32020);
    expect((await call('echo', '=?base64?%%%?=')).json.error.code).toBe(-32020);
    expect((await call('echo', '  echo  ')).status).toBe(200);
    expect((await call('echo', `=?base64?${Buffer.from('echo').toString('base64')}?=`)).status).toBe(200);
    const read = await send(t, modern(2, 'resources/read', { uri: 'fixture://readme' }, 'fixture://other'));
    expect(read.status).toBe(400);
    expect(read.json.error.code).toBe(-32020);
  });

  it('row 21: every removed or unadvertised method is 404 -32601 with the id echoed', async () => {
    for (const method of [
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'resources/unsubscribe',
      'prompts/list',
      'completion/complete',
      'subscriptions/listen',
      'unknown/method',
    ]) {
      const r = await send(t, modern(0, method));
      expect(r.status, method).toBe(404);
      expect(r.json).toMatchObject({ id: 0, error: { code: -32601 } });
    }
  });

  it('row 22: unknown resource URI → -32602 with data.uri (modern), -32002 (legacy)', async () => {
    const m = await send(t, modern(1, 'resources/read', { uri: 'fixture://missing' }, 'fixture://missing'));
    expect(m.status).toBe(200);
    expect(m.json.error).toMatchObject({ code: -32602, data: { uri: 'fixture://missing' } });
    const l = await send(t, legacy(2, 'resources/read', { uri: 'fixture://missing' }));
    expect(l.status).toBe(200);
    expect(l.json.error).toMatchObject({ code: -32002, data: { uri: 'fixture://missing' } });
  });

  // Tools fail either by rejecting a promise or by throwing synchronously (the engine runs a tool
  // that answers at once without a promise); both must end the same way.
  describe.each([
    ['a rejected promise', false],
    ['a synchronous throw', true],
  ])('tool failure by %s', (_how, sync) => {
    it('row 23: tool failures are isError results with the documented envelope and no stack', async () => {
      const nf = await send(t, modern(1, 'tools/call', { name: 'fail', arguments: { mode: 'not_found', sync } }, 'fail'));
      expect(nf.status).toBe(200);
      expect(nf.json.result.isError).toBe(true);
      expect(nf.json.result.structuredContent).toBeUndefined();
      expect(JSON.parse(nf.json.result.content[0].text)).toEqual({
        error: 'member_not_found',
        message: 'No such member.',
        query: 'x',
      });
      const crash = await send(t, legacy(2, 'tools/call', { name: 'fail', arguments: { mode: 'crash', sync } }));
      expect(crash.status).toBe(200);
      expect(JSON.parse(crash.json.result.content[0].text)).toEqual({
        error: 'internal_error',
        message: 'An unexpected error occurred.',
      });
      expect(crash.text).not.toContain('internal detail');
      expect(crash.text).not.toMatch(/at .*\.ts:\d+/);
    });

    it('a 429 AppError from a tool is a JSON-RPC error at HTTP 429 (modern) or 200 (legacy) with its headers', async () => {
      for (const [request, status] of [
        [modern(1, 'tools/call', { name: 'fail', arguments: { mode: 'rate_limited', sync } }, 'fail'), 429],
        // The legacy contract keeps errors at HTTP 200: a 1.x SDK turns any other status into a bare transport error.
        [legacy(1, 'tools/call', { name: 'fail', arguments: { mode: 'rate_limited', sync } }), 200],
      ] as const) {
        const r = await send(t, request);
        expect(r.status).toBe(status);
        expect(r.headers['retry-after']).toBe('7');
        expect(r.headers['ratelimit-policy']).toBe('2;w=60');
        expect(r.json).toMatchObject({
          id: 1,
          error: { code: -32000, data: { error: 'rate_limited', budget: 'register', retryable: true, retry_after: 7 } },
        });
      }
    });

    it('a database outage inside a tool is a retryable JSON-RPC error at HTTP 503', async () => {
      const r = await send(t, modern(3, 'tools/call', { name: 'fail', arguments: { mode: 'database', sync } }, 'fail'));
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.json).toMatchObject({ id: 3, error: { code: -32000, data: { error: 'database_unavailable', retryable: true } } });
      expect(r.text).not.toContain('ECONNREFUSED');
    });

    it('a database outage inside a tool stays at HTTP 200 in the legacy era, with Retry-After', async () => {
      const r = await send(t, legacy(3, 'tools/call', { name: 'fail', arguments: { mode: 'database', sync } }));
      expect(r.status).toBe(200);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.json).toMatchObject({ id: 3, error: { code: -32000, data: { error: 'database_unavailable', retryable: true } } });
    });
  });

  it('row 24: tools/call success carries structuredContent and the same JSON as text', async () => {
    const r = await send(t, modern(1, 'tools/call', { name: 'echo', arguments: { text: 'hé', count: 2 } }, '=?base64?ZWNobw==?='));
    expect(r.status).toBe(200);
    const { result } = r.json;
    expect(result.structuredContent).toEqual({ text: 'hé', count: 2 });
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    expect(result.content[0].type).toBe('text');
    expect(result.resultType).toBe('complete');
    expect(result.ttlMs).toBeUndefined();
    expect(result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('fixture');
  });

  it('row 24: server/discover lists only the modern revisions, with capabilities and cache hints', async () => {
    const r = await send(t, modern('d1', 'server/discover'));
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({
      supportedVersions: [MODERN],
      capabilities: { tools: {}, resources: {} },
      instructions: 'Fixture server for protocol tests.',
      resultType: 'complete',
      ttlMs: 60000,
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fixture', version: '9.9.9' } },
    });
  });

  it('row 24: resources list/read/templates carry cache hints; ui:// resources have the MCP Apps MIME type', async () => {
    const list = await send(t, modern(1, 'resources/list'));
    expect(list.json.result.resources).toEqual([
      { uri: 'fixture://readme', name: 'readme', title: 'Fixture readme', mimeType: 'text/markdown' },
    ]);
    expect(list.json.result).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
    const templates = await send(t, modern(2, 'resources/templates/list'));
    expect(templates.json.result).toMatchObject({ resourceTemplates: [], ttlMs: 60000, cacheScope: 'public' });
    const read = await send(t, modern(3, 'resources/read', { uri: 'ui://fixture/view.html' }, 'ui://fixture/view.html'));
    expect(read.json.result.contents[0]).toMatchObject({
      uri: 'ui://fixture/view.html',
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui: { prefersBorder: true } },
    });
    expect(read.json.result).toMatchObject({ resultType: 'complete', ttlMs: 60000, cacheScope: 'public' });
  });

  it('row 24: JSON whenever accepted, SSE when only SSE is accepted', async () => {
    const r = await send(t, { ...modern(1, 'tools/list'), headers: { ...modernHeaders('tools/list'), accept: 'text/event-stream' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(r.headers['x-accel-buffering']).toBe('no');
    const [message] = sseMessages(r.text) as { id: number; result: unknown }[];
    expect(message.id).toBe(1);
    const both = await send(t, modern(2, 'tools/list'));
    expect(both.headers['content-type']).toMatch(/^application\/json/);
  });

  it('legacy results are bare: no resultType, no cache hints, no serverInfo _meta', async () => {
    const list = await send(t, legacy(1, 'tools/list', undefined, { 'mcp-protocol-version': '2025-11-25' }));
    expect(Object.keys(list.json.result)).toEqual(['tools']);
    const call = await send(t, legacy(2, 'tools/call', { name: 'echo', arguments: { text: 'x' } }));
    expect(Object.keys(call.json.result).sort()).toEqual(['content', 'structuredContent']);
    const ping = await send(t, legacy(3, 'ping'));
    expect(ping.json).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  it('tools see the era, revision, source (alias → chatgpt) and can set response headers', async () => {
    const m = await send(t, modern(1, 'tools/call', { name: 'context', arguments: {} }, 'context'));
    expect(m.headers['x-fixture-header']).toBe('set-by-tool');
    expect(m.json.result.structuredContent).toMatchObject({ server: 'fixture', source: 'mcp', era: 'modern', protocolVersion: MODERN });
    const l = await send(t, {
      ...legacy(2, 'tools/call', { name: 'context', arguments: {} }, { 'mcp-protocol-version': '2025-06-18' }),
      path: `${P}/alt`,
    });
    expect(l.json.result.structuredContent).toMatchObject({ source: 'chatgpt', era: 'legacy', protocolVersion: '2025-06-18' });
  });

  it('a response to nothing and a legacy notification are 202 with no body', async () => {
    for (const body of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 5, result: {} },
      { jsonrpc: '2.0', id: 5, error: { code: -1, message: 'x' } },
    ]) {
      const r = await send(t, { path: P, headers: legacyHeaders, body });
      expect(r.status).toBe(202);
      expect(r.text).toBe('');
    }
  });
});

function r13Headers(r: Reply): unknown {
  return r.headers['mcp-session-id'];
}
