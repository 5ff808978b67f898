import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type LookupFunction, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../database/embedded-postgres.js';
import { checkOutboundUrl, safeFetch, safeFetchJson, SafeFetchError, UNREACHABLE_MESSAGE } from './safe-fetch.js';

/** A resolver that answers every name with one fixed address (no DNS, no traffic to it). */
function resolveTo(address: string, family: 4 | 6 = 4): LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
}

describe('safeFetch: outbound fetches of user-given URLs', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
        res.end();
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ pad: 'x'.repeat(10_000) }));
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('{}'), 2000);
      } else if (req.url === '/array') {
        res.end('[1,2]');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true }));
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses http, credentials and fragments unless loopback is allowed for tests', () => {
    expect(() => checkOutboundUrl('http://example.com/x')).toThrow(SafeFetchError);
    expect(() => checkOutboundUrl('https://user:pw@example.com/x')).toThrow(/credentials/);
    expect(() => checkOutboundUrl('https://example.com/x#frag')).toThrow(/fragment/);
    expect(() => checkOutboundUrl('ftp://example.com/x')).toThrow(SafeFetchError);
    expect(checkOutboundUrl('https://example.com/x').host).toBe('example.com');
    expect(() => checkOutboundUrl(`${base}/ok`)).toThrow(SafeFetchError);
    expect(checkOutboundUrl(`${base}/ok`, true).hostname).toBe('127.0.0.1');
  });

  it('fetches https on port 443 only, plus an explicit allowlist; loopback on any port only with the test switch', () => {
    expect(checkOutboundUrl('https://example.com:443/x').port).toBe('');
    expect(() => checkOutboundUrl('https://example.com:8443/x')).toThrow(/port 443/);
    expect(() => checkOutboundUrl('https://example.com:22/x')).toThrow(SafeFetchError);
    expect(() => checkOutboundUrl('https://10.0.0.1:6379/x')).toThrow(/port 443/);
    expect(checkOutboundUrl('https://example.com:8443/x', false, [8443]).port).toBe('8443');
    expect(() => checkOutboundUrl('https://example.com:8444/x', false, [8443])).toThrow(/port 443/);
    expect(() => checkOutboundUrl('https://127.0.0.1:9/x')).toThrow(/port 443/);
    expect(checkOutboundUrl('https://127.0.0.1:9/x', true).port).toBe('9');
    expect(() => checkOutboundUrl('https://example.com:8443/x', true)).toThrow(/port 443/);
  });

  it('fetches JSON from loopback only with the test switch on', async () => {
    await expect(safeFetchJson(`${base}/ok`, { maxBytes: 5000, timeoutMs: 2000, allowLoopback: true })).resolves.toMatchObject({
      json: { ok: true },
    });
    await expect(safeFetchJson(`${base}/ok`, { maxBytes: 5000, timeoutMs: 2000 })).rejects.toMatchObject({ reason: 'url_not_allowed' });
  });

  it('never follows redirects, caps the body while streaming, and keeps its deadline', async () => {
    await expect(safeFetch(`${base}/redirect`, { maxBytes: 5000, timeoutMs: 2000, allowLoopback: true })).rejects.toMatchObject({
      reason: 'redirect',
    });
    await expect(safeFetch(`${base}/big`, { maxBytes: 5000, timeoutMs: 2000, allowLoopback: true })).rejects.toMatchObject({
      reason: 'too_large',
    });
    const started = Date.now();
    await expect(safeFetch(`${base}/slow`, { maxBytes: 5000, timeoutMs: 300, allowLoopback: true })).rejects.toMatchObject({
      reason: 'unreachable',
      detail: 'no complete answer within 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(safeFetchJson(`${base}/array`, { maxBytes: 5000, timeoutMs: 2000, allowLoopback: true })).rejects.toMatchObject({
      reason: 'not_json',
    });
  });

  it.each([
    ['10.0.0.7', 4],
    ['192.168.1.1', 4],
    ['172.16.5.5', 4],
    ['169.254.169.254', 4],
    ['100.64.0.1', 4],
    ['127.0.0.1', 4],
    ['0.0.0.0', 4],
    ['::1', 6],
    ['fd00::1', 6],
    ['fe80::1', 6],
    ['::ffff:10.0.0.1', 6],
  ] as const)('a name resolving to %s is refused at connect time (no traffic leaves)', async (address, family) => {
    await expect(
      safeFetch('https://attacker.example/doc.json', { maxBytes: 5000, timeoutMs: 2000, lookup: resolveTo(address, family) }),
    ).rejects.toMatchObject({ reason: 'unreachable', message: UNREACHABLE_MESSAGE, detail: expect.stringMatching(/not allowed/) });
  });

  it('with the loopback switch on, private ranges other than loopback stay refused', async () => {
    await expect(
      safeFetch('https://attacker.example/doc.json', {
        maxBytes: 5000,
        timeoutMs: 2000,
        allowLoopback: true,
        lookup: resolveTo('10.1.2.3'),
      }),
    ).rejects.toMatchObject({ reason: 'unreachable', detail: expect.stringMatching(/not allowed/) });
  });
});

describe('safeFetch: no port-scan oracle', () => {
  // Each kind of connection failure, on loopback (the test switch lets the fetch try any port there).
  let silent: TcpServer;
  let resetter: TcpServer;
  let plainHttp: Server;
  let ports: { silent: number; resetter: number; plainHttp: number; closed: number };
  beforeAll(async () => {
    silent = createTcpServer(() => undefined); // accepts, never answers
    resetter = createTcpServer((socket) => socket.resetAndDestroy());
    plainHttp = createServer((_req, res) => res.end('{}'));
    for (const server of [silent, resetter, plainHttp]) {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
    }
    const port = (server: TcpServer | Server) => (server.address() as AddressInfo).port;
    ports = { silent: port(silent), resetter: port(resetter), plainHttp: port(plainHttp), closed: await findFreePort() };
  });
  afterAll(() => {
    plainHttp.closeAllConnections();
    for (const server of [silent, resetter, plainHttp]) server.close();
  });

  it('a closed port, a silent one, a reset, a TLS failure and a private address all give the caller the same error', async () => {
    const options = { maxBytes: 5000, timeoutMs: 400, allowLoopback: true };
    const attempts: Record<string, Promise<unknown>> = {
      closed: safeFetch(`http://127.0.0.1:${ports.closed}/x`, options),
      timeout: safeFetch(`http://127.0.0.1:${ports.silent}/x`, options),
      reset: safeFetch(`http://127.0.0.1:${ports.resetter}/x`, options),
      tls: safeFetch(`https://127.0.0.1:${ports.plainHttp}/x`, options),
      private: safeFetch('https://intranet.example/x', { ...options, allowLoopback: false, lookup: resolveTo('10.0.0.5') }),
      unknownName: safeFetch('https://intranet.example/x', {
        ...options,
        allowLoopback: false,
        lookup: ((_h: string, _o: unknown, cb: (e: Error) => void) => cb(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }))) as never,
      }),
    };
    const settled = await Promise.allSettled(Object.values(attempts));
    const seen: Record<string, { reason: string; message: string; status?: number; detail?: string }> = {};
    for (const [i, name] of Object.keys(attempts).entries()) {
      const outcome = settled[i];
      expect(outcome.status, name).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as SafeFetchError;
      expect(error, name).toBeInstanceOf(SafeFetchError);
      seen[name] = { reason: error.reason, message: error.message, status: error.status, detail: error.detail };
    }
    for (const [name, error] of Object.entries(seen)) {
      expect({ name, reason: error.reason, message: error.message, status: error.status }).toEqual({
        name,
        reason: 'unreachable',
        message: UNREACHABLE_MESSAGE,
        status: undefined,
      });
    }
    // The log (server side) still tells them apart.
    expect(seen.closed.detail).toBe('ECONNREFUSED');
    expect(seen.timeout.detail).toMatch(/within 400 ms/);
    expect(seen.reset.detail).toBe('ECONNRESET');
    expect(seen.private.detail).toMatch(/not allowed/);
    expect(seen.unknownName.detail).toBe('ENOTFOUND');
    expect(seen.tls.detail).not.toBe(seen.closed.detail);
  });
});
