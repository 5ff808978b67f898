import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/app-config.js';
import { McpFront } from './mcp-front.js';

const config = loadConfig({ LOG_LEVEL: 'silent' });

describe('McpFront', () => {
  const servers: Server[] = [];
  const fronts: McpFront[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
    for (const f of fronts.splice(0)) await f.close();
  });

  const make = (paths = ['/mcp', '/recall/mcp']): McpFront => {
    const front = new McpFront(config, false, paths);
    fronts.push(front);
    return front;
  };

  it('serves exactly its mount paths, ignoring the query string and one trailing slash', () => {
    const front = make();
    for (const url of ['/mcp', '/mcp/', '/mcp?probe=1', '/mcp/?x', '/recall/mcp']) expect(front.serves(url), url).toBe(true);
    for (const url of ['/', '/mcpx', '/mcp/server-card', '/recall', '/recall/mcp/extra', '//mcp', 'http://host/mcp', '', undefined]) {
      expect(front.serves(url), String(url)).toBe(false);
    }
  });

  it('takes the mount paths off the HTTP server and leaves every other request to the app', async () => {
    const front = make();
    front.instance.post('/mcp', async (request, reply) => reply.send({ by: 'mcp', id: request.id }));
    await front.instance.ready();
    const server = createServer((_req, res) => res.end('app'));
    servers.push(server);
    front.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const mcp = await fetch(`${base}/mcp?x=1`, { method: 'POST', headers: { 'x-request-id': 'trace-7' } });
    expect(await mcp.json()).toEqual({ by: 'mcp', id: 'trace-7' });
    expect(mcp.headers.get('x-request-id')).toBe('trace-7');
    expect(mcp.headers.get('content-security-policy')).toBeNull(); // a JSON-RPC POST
    expect(await (await fetch(`${base}/mcp/server-card`)).text()).toBe('app');
    expect(await (await fetch(`${base}/healthz`)).text()).toBe('app');
    const page = await fetch(`${base}/recall/mcp`);
    expect(page.status).toBe(404); // no GET route in this test, but answered by the MCP instance
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('refuses to attach twice or to a server whose request listener it cannot tell apart', async () => {
    const front = make();
    await front.instance.ready();
    const server = createServer((_req, res) => res.end('app'));
    servers.push(server);
    front.attach(server);
    expect(() => front.attach(server)).toThrow(/already attached/);
    const other = make();
    await other.instance.ready();
    const bare = createServer();
    servers.push(bare);
    expect(() => other.attach(bare)).toThrow(/one request listener/);
  });
});
