import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, safeFetch, safeFetchJson, SafeFetchError } from './safe-fetch.js';

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
      reason: 'timeout',
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
    ).rejects.toMatchObject({ reason: 'address_not_allowed' });
  });

  it('with the loopback switch on, private ranges other than loopback stay refused', async () => {
    await expect(
      safeFetch('https://attacker.example/doc.json', {
        maxBytes: 5000,
        timeoutMs: 2000,
        allowLoopback: true,
        lookup: resolveTo('10.1.2.3'),
      }),
    ).rejects.toMatchObject({ reason: 'address_not_allowed' });
  });
});
