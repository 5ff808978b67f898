import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../src/database/embedded-postgres.js';
import { postJsonRpc, rpcRequest } from '../support/json-rpc.js';

// These tests run the built server exactly as `npm start` does (scripts/test.mjs builds first).
// The server bundle (scripts/bundle.mjs), which `npm start` and `npm run start:prod` serve.
const MAIN = path.resolve('dist/server/main.mjs');

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.REDIS_URL;
  const child = spawn(process.execPath, [MAIN], { env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function waitForHealth(url: string, started: Started, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not become healthy:\n${started.output()}`);
}

describe('foundation: the real process', () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error('dist/ is missing: run the suite with `npm test`, which builds first');
  });

  it('stops on a bad configuration value with one line naming the variable', async () => {
    const s = start({ PORT: 'eighty', DATA_DIR: '/tmp/agentry-never-used' });
    const code = await s.exit;
    expect(code).toBe(78);
    const lines = s.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
  });

  describe('with the embedded PostgreSQL default', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'agentry-boot-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('serves health and the home page, shuts down cleanly on SIGTERM, and reuses its data on the next start', async () => {
      for (const round of [1, 2]) {
        const port = await findFreePort();
        const url = `http://127.0.0.1:${port}`;
        const s = start({ PORT: String(port), DATA_DIR: dir, SEED_DEMO: 'false', LOG_LEVEL: 'info', SMTP_PORT: '0' });
        await waitForHealth(url, s);
        const home = await fetch(`${url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('Agentry');
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
        // The MCP endpoints have their own Fastify instance on the same server: same request ids
        // and access lines as every other route.
        const mcp = await postJsonRpc(`${url}/mcp`, rpcRequest('tools/list'), { accept: 'application/json' });
        expect(mcp.status).toBe(200);
        expect(((await mcp.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map((tool) => tool.name)).toEqual([
          'lookup_member',
          'get_community_stats',
          'register_agent',
          'verify_certificate',
        ]);
        const mcpRequestId = mcp.headers.get('x-request-id');
        // The OpenAPI document built at build time, served with this instance's base URL put in.
        const openapi = await fetch(`${url}/openapi.json`);
        expect(openapi.status).toBe(200);
        const document = (await openapi.json()) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, unknown> };
        expect(document.openapi).toMatch(/^3\.1\./);
        expect(document.servers[0]!.url).toBe(`http://localhost:${port}`);
        expect(Object.keys(document.paths)).toContain('/api/v1/members');
        expect(mcpRequestId).toMatch(/^[0-9a-f-]{36}$/);
        s.child.kill('SIGTERM');
        expect(await s.exit).toBe(0);
        const log = s.output();
        const access = log
          .split('\n')
          .filter((line) => line.includes('"request completed"'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(access).toContainEqual(expect.objectContaining({ reqId: mcpRequestId, method: 'POST', path: '/mcp', status: 200 }));
        expect(access).toContainEqual(expect.objectContaining({ method: 'GET', path: '/readyz', status: 200 }));
        expect(log).toMatch(/embedded PostgreSQL/);
        const secret = (await readFile(path.join(dir, 'postgres.secret'), 'utf8')).trim();
        expect(log).not.toContain(secret); // never the password
        if (round === 1) expect(log).toMatch(/applied migrations/);
        else expect(log).toMatch(/schema up to date/);
        expect(log).toMatch(/Shutdown complete/);
      }
    }, 240_000);
  });
});
