// Assertion signing keys (first start, encryption at rest, rotation by admin endpoint and CLI with
// old assertions still verifying) and the SSRF rules of relying-party fetches, proven with a stubbed
// resolver that maps names to private addresses (no traffic ever leaves loopback).
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo, type LookupFunction } from 'node:net';
import path from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_MESSAGE } from '../../../src/common/http/safe-fetch.js';
import { findFreePort } from '../../../src/database/embedded-postgres.js';
import { RP_DNS_LOOKUP } from '../../../src/identity/services/rp-fetcher.js';
import { admin, brokerTool, createBrokerPrincipal, signup, startIdentityEnv, type IdentityEnv } from './identity-support.js';

const CLI = path.resolve('dist/src/cli.js');

describe('identity broker: signing keys and rotation', () => {
  let env: IdentityEnv;
  beforeAll(async () => {
    env = await startIdentityEnv({ env: { BROKER_KEY_ENCRYPTION_KEY: 'k'.repeat(40) } });
  });
  afterAll(() => env?.close());

  const jwks = async () =>
    JSON.parse((await env.t.inject({ method: 'GET', url: '/.well-known/jwks.json' })).body) as { keys: { kid: string; d?: string }[] };

  it('generates a key on first start and stores it encrypted', async () => {
    const rows = await env.t.sql<{ kid: string; private_jwk: string; status: string }>(
      'SELECT kid, private_jwk, status FROM identity_signing_key',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('active');
    expect(rows[0].private_jwk).toMatch(/^enc:v1:/);
    const keys = (await jwks()).keys;
    expect(keys.map((k) => k.kid)).toEqual([rows[0].kid]);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
  });

  it('rotation keeps the retired key published until its assertions expired; old assertions still verify', async () => {
    const who = await createBrokerPrincipal(env.t);
    const before = await signup(env.t, who, env.rp);
    const oldKid = before.data.assertion.kid;

    const rotated = await admin(env.t, 'POST', '/admin/broker/signing-keys/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.kid).not.toBe(oldKid);
    const listed = await admin(env.t, 'GET', '/admin/broker/signing-keys');
    const old = listed.body.keys.find((k: { kid: string }) => k.kid === oldKid);
    expect(old).toMatchObject({ status: 'retired', retired_at: expect.any(String) });
    expect(new Date(old.publish_until).getTime()).toBeGreaterThan(new Date(before.data.assertion.expiry).getTime());

    const set = await jwks();
    expect(set.keys.map((k) => k.kid).sort()).toEqual([oldKid, rotated.body.kid].sort());
    await expect(
      jwtVerify(before.data.assertion.jwt, createLocalJWKSet(set as never), { issuer: env.t.url, typ: 'agent-assertion+jwt' }),
    ).resolves.toBeTruthy();

    const after = await signup(env.t, who, env.rp, { force_new: true });
    expect(decodeProtectedHeader(after.data.assertion.jwt).kid).toBe(rotated.body.kid);
    // An identical call reuses the old-key assertion while it is valid: it still verifies.
    expect((await signup(env.t, who, env.rp)).data.assertion.kid).toBe(rotated.body.kid);

    // The CLI rotates too (another process, same database).
    const cli = spawnSync(process.execPath, [CLI, 'identity:rotate-key'], {
      env: { ...process.env, DATABASE_URL: env.t.databaseUrl, LOG_LEVEL: 'silent', BROKER_KEY_ENCRYPTION_KEY: 'k'.repeat(40) },
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr).toBe(0);
    const cliKid = /New active signing key (\S+)/.exec(cli.stdout)?.[1];
    expect((await jwks()).keys.map((k) => k.kid)).toContain(cliKid);
    const third = await signup(env.t, who, env.rp, { force_new: true });
    expect(third.data.assertion.kid).toBe(cliKid);

    // Once its publication window has passed, a retired key leaves the JWKS.
    await env.t.sql(`UPDATE identity_signing_key SET publish_until = now() - interval '1 second' WHERE kid = $1`, [oldKid]);
    expect((await jwks()).keys.map((k) => k.kid)).not.toContain(oldKid);
    expect(
      spawnSync(process.execPath, [CLI, 'identity:list-keys'], {
        env: { ...process.env, DATABASE_URL: env.t.databaseUrl, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      }).stdout,
    ).toContain(oldKid);
  }, 120_000); // two CLI processes, each booting and checking migrations
});

describe('identity broker: SSRF-safe relying-party fetches', () => {
  const resolved: string[] = [];
  const table: Record<string, [string, 4 | 6]> = {
    'private.example': ['10.0.0.7', 4],
    'metadata.example': ['169.254.169.254', 4],
    'loopback.example': ['127.0.0.1', 4],
    'mapped.example': ['::ffff:192.168.1.1', 6],
    'ula.example': ['fd00::1', 6],
  };
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolved.push(hostname);
    const hit = table[hostname];
    if (!hit) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    if (options?.all) return callback(null, [{ address: hit[0], family: hit[1] }]);
    callback(null, hit[0], hit[1]);
  }) as unknown as LookupFunction;

  let strict: IdentityEnv;
  beforeAll(async () => {
    strict = await startIdentityEnv({
      env: { BROKER_RP_ALLOW_LOOPBACK: 'false' },
      override: (b) => b.overrideProvider(RP_DNS_LOOKUP).useValue(lookup),
      registerAuthority: false,
    });
  });
  afterAll(() => strict?.close());

  it('refuses names that resolve to private, link-local, loopback or mapped addresses, before connecting, with the generic answer', async () => {
    const who = await createBrokerPrincipal(strict.t);
    const answers = new Set<string>();
    for (const host of [...Object.keys(table), 'unknown.example']) {
      const r = await brokerTool(strict.t, who.token, 'identity_signup', { service: `https://${host}`, accepted_tos_text: 'x' });
      expect(r.data.error, host).toMatchObject({ code: 'rp_discovery_failed', retryable: true });
      expect(r.data.error.message, host).toContain(UNREACHABLE_MESSAGE);
      // The caller cannot tell a private address from a name that does not resolve.
      answers.add(r.data.error.message.replace(host, '<host>'));
      expect(resolved, host).toContain(host);
    }
    expect([...answers]).toHaveLength(1);
    expect(await strict.t.sql('SELECT id FROM identity_acceptance')).toEqual([]);
  });

  it('refuses http, loopback and ports other than 443 unless BROKER_RP_ALLOW_LOOPBACK is set, before any lookup', async () => {
    const who = await createBrokerPrincipal(strict.t);
    const before = resolved.length;
    for (const service of [
      strict.rp.origin,
      'http://example.com',
      'https://user:pw@example.com',
      'https://127.0.0.1:9',
      'https://private.example:8443',
      'https://private.example:22',
    ]) {
      const r = await brokerTool(strict.t, who.token, 'identity_signup', { service, accepted_tos_text: 'x' });
      expect(r.data.error?.code, service).toBe('rp_discovery_failed');
      expect(r.data.error.retryable, service).toBe(false);
    }
    expect(resolved.length).toBe(before);
    const port = await brokerTool(strict.t, who.token, 'identity_signup', {
      service: 'https://private.example:6379',
      accepted_tos_text: 'x',
    });
    expect(port.data.error.message).toMatch(/port 443/);
    // Authorities too: a loopback jwks_uri cannot even be registered.
    expect(
      (
        await admin(strict.t, 'POST', '/admin/broker/attestation-authorities', {
          issuer: 'https://a.example',
          jwks_uri: 'http://127.0.0.1:1/jwks',
        })
      ).status,
    ).toBe(400);
  });
});

describe('identity broker: discovery fetch limits (loopback test server)', () => {
  let env: IdentityEnv;
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    env = await startIdentityEnv();
    server = http.createServer((req, res) => {
      if (req.url?.startsWith('/redirect/')) {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
        return res.end();
      }
      if (req.url?.startsWith('/big/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ pad: 'x'.repeat(70 * 1024) }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('not json');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await env?.close();
  });

  it('gives the caller the same error text for a closed port, a refused connection, a reset, a timeout and a TLS failure', async () => {
    const who = await createBrokerPrincipal(env.t);
    const silent = net.createServer(() => undefined); // accepts and never answers: the 5 s deadline
    const resetter = net.createServer((socket) => socket.resetAndDestroy());
    for (const s of [silent, resetter]) await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const portOf = (s: net.Server) => (s.address() as AddressInfo).port;
    try {
      const targets: Record<string, string> = {
        closed: `http://127.0.0.1:${await findFreePort()}`,
        timeout: `http://127.0.0.1:${portOf(silent)}`,
        reset: `http://127.0.0.1:${portOf(resetter)}`,
        tls: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
      };
      const answers: Record<string, unknown> = {};
      await Promise.all(
        Object.entries(targets).map(async ([name, origin]) => {
          const r = await brokerTool(env.t, who.token, 'identity_signup', { service: origin, accepted_tos_text: 'x' });
          const { code, retryable, message, next_step, side_effects } = r.data.error;
          answers[name] = { code, retryable, message: message.replace(origin, '<origin>'), next_step, side_effects };
        }),
      );
      const distinct = new Set(Object.values(answers).map((a) => JSON.stringify(a)));
      expect(distinct.size, JSON.stringify(answers, null, 1)).toBe(1);
      expect(answers.closed).toMatchObject({ code: 'rp_discovery_failed', retryable: true });
      expect(JSON.stringify(Object.values(answers))).not.toMatch(/ECONN|refused|timed? ?out|within \d+ ms|TLS|SSL|EPROTO|reset/i);
    } finally {
      for (const s of [silent, resetter]) s.close();
    }
  }, 30_000);

  it('follows no redirect, caps the size at 64 KB and wants JSON (identity_prove by URL)', async () => {
    const who = await createBrokerPrincipal(env.t);
    const cases: [string, RegExp][] = [
      [`${origin}/redirect/.well-known/agent-signup`, /redirect/],
      [`${origin}/big/.well-known/agent-signup`, /larger than 65536 bytes/],
      [`${origin}/other/.well-known/agent-signup`, /not valid JSON/],
    ];
    for (const [url, message] of cases) {
      const r = await brokerTool(env.t, who.token, 'identity_prove', { rp_discovery_url: url, accepted_tos_text: 'x' });
      expect(r.data.error, url).toMatchObject({ code: 'rp_discovery_failed' });
      expect(r.data.error.message, url).toMatch(message);
    }
  });
});
