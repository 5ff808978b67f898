// Issue 21, finding 3 of the broker review: a stolen database or backup must not forge identities.
// The assertion signing keys, the generated app secrets and the minted assertions are sealed
// (AES-256-GCM) in every deployment; a row stored in plaintext is refused, never used, and a start
// over such rows stops with one line naming the command that encrypts them.
import { exportJWK, generateKeyPair, calculateJwkThumbprint } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaintextSecretError, SecretBox } from '../../../src/common/secrets/secret-box.js';
import { SecretsService } from '../../../src/common/secrets/secrets.service.js';
import { createTestApp } from '../../support/test-app.js';
import { createBrokerPrincipal, signup, startIdentityEnv, type IdentityEnv } from './identity-support.js';

describe('identity broker: keys and secrets are encrypted at rest', () => {
  let env: IdentityEnv;
  let box: SecretBox;
  beforeAll(async () => {
    env = await startIdentityEnv();
    box = new SecretBox(env.t.config.brokerKeyEncryptionKey!);
  });
  afterAll(() => env?.close());

  /** Every row of every table of the service (public and the job queue's schema), as JSON text. */
  async function dump(): Promise<string> {
    const tables = await env.t.sql<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    const parts: string[] = [];
    for (const { schema, name } of tables) {
      const rows = await env.t.sql<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM "${schema}"."${name}" t`);
      parts.push(...rows.map((r) => r.j));
    }
    return parts.join('\n');
  }

  it('a dump of the database never shows a private key, an app secret or an assertion in clear', async () => {
    const who = await createBrokerPrincipal(env.t);
    const r = await signup(env.t, who, env.rp);
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    const keys = await env.t.sql<{ private_jwk: string }>('SELECT private_jwk FROM identity_signing_key');
    const secrets = await env.t.sql<{ name: string; value: string }>('SELECT name, value FROM app_secret');
    const assertions = await env.t.sql<{ assertion_jwt: string }>('SELECT assertion_jwt FROM identity_acceptance');
    expect(keys.length).toBeGreaterThan(0);
    expect(secrets.length).toBeGreaterThan(0);
    expect(assertions.length).toBeGreaterThan(0);
    for (const value of [...keys.map((k) => k.private_jwk), ...secrets.map((s) => s.value), ...assertions.map((a) => a.assertion_jwt)]) {
      expect(value).toMatch(/^enc:v1:/);
    }

    // What a thief would want, opened here with the key the thief does not have.
    const privateParts = keys.map((k) => (JSON.parse(box.open(k.private_jwk)) as { d: string }).d);
    const secretValues = secrets.map((s) => box.open(s.value));
    const jwts = assertions.map((a) => box.open(a.assertion_jwt));
    expect(jwts).toContain(r.data.assertion.jwt);
    const text = await dump();
    for (const clear of [...privateParts, ...secretValues, ...jwts]) {
      expect(clear.length).toBeGreaterThan(20);
      expect(text.includes(clear), 'a secret in clear in the dump').toBe(false);
    }
    expect(text).not.toMatch(/"d"\s*:/);
    expect(text).not.toMatch(/"kty"\s*:\s*"EC"[^}]*"d"/);
  });

  it('a plaintext row is refused, never used: at read time, and at the next start (naming secrets:encrypt)', async () => {
    // A secret written before encryption was always on.
    await env.t.sql(`INSERT INTO app_secret (name, value) VALUES ('legacy-plain', 'cGxhaW50ZXh0LXNlY3JldC12YWx1ZS0wMTIzNDU2Nzg5')`);
    await expect(env.t.app.get(SecretsService).secret('legacy-plain')).rejects.toBeInstanceOf(PlaintextSecretError);

    // A signing key stored in plaintext never signs: the broker refuses to mint with it.
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await env.t.sql(`UPDATE identity_signing_key SET status = 'retired', retired_at = now(), publish_until = now() + interval '1 hour'`);
    await env.t.sql(`INSERT INTO identity_signing_key (kid, alg, public_jwk, private_jwk, status) VALUES ($1, 'ES256', $2, $3, 'active')`, [
      kid,
      JSON.stringify({ ...publicJwk, kid, alg: 'ES256', use: 'sig' }),
      JSON.stringify(await exportJWK(privateKey)),
    ]);
    const who = await createBrokerPrincipal(env.t);
    const refused = await signup(env.t, who, env.rp, { force_new: true });
    expect(refused.isError).toBe(true);
    expect(refused.data.error.code).toBe('internal_error');
    expect(JSON.stringify(refused.data)).not.toContain('"d"');
    expect(await env.t.sql('SELECT id FROM identity_acceptance WHERE agent_id = $1', [who.agentId])).toEqual([]);

    // Another instance starting on this database refuses to run, with one line saying what to do.
    const started = createTestApp({
      databaseUrl: env.t.databaseUrl,
      env: { BROKER_KEY_ENCRYPTION_KEY: env.t.config.brokerKeyEncryptionKey },
    });
    await expect(started).rejects.toThrow(
      /stored secrets? (is|are) not encrypted \(.*\); plaintext rows are refused\. Run `npm run cli -- secrets:encrypt` once/,
    );

    // Restore what the other tests of this file expect.
    await env.t.sql(`DELETE FROM app_secret WHERE name = 'legacy-plain'`);
    await env.t.sql(`DELETE FROM identity_signing_key WHERE kid = $1`, [kid]);
    await env.t.sql(`UPDATE identity_signing_key SET status = 'active', retired_at = NULL, publish_until = NULL`);
  });

  it('whoever can write to the database but lacks the key cannot add a key of their own to the JWKS', async () => {
    const jwks = async () =>
      (JSON.parse((await env.t.inject({ method: 'GET', url: '/.well-known/jwks.json' })).body) as { keys: { kid: string }[] }).keys.map(
        (k) => k.kid,
      );
    const genuine = await jwks();
    expect(genuine.length).toBeGreaterThan(0);
    const [active] = await env.t.sql<{ private_jwk: string }>(`SELECT private_jwk FROM identity_signing_key WHERE status = 'active'`);
    const planted: string[] = [];
    for (const privateJwk of [
      `enc:v1:${Buffer.from('forged ciphertext without the key').toString('base64url')}`,
      active.private_jwk, // a genuine sealed private key, beside the attacker's public key
      async (jwk: object) => JSON.stringify(jwk), // the attacker's own private key, in plaintext
    ]) {
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      const stored = typeof privateJwk === 'string' ? privateJwk : await privateJwk(await exportJWK(privateKey));
      await env.t.sql(
        `INSERT INTO identity_signing_key (kid, alg, public_jwk, private_jwk, status, retired_at, publish_until)
         VALUES ($1, 'ES256', $2, $3, 'retired', now(), now() + interval '1 hour')`,
        [kid, JSON.stringify({ ...publicJwk, kid, alg: 'ES256', use: 'sig' }), stored],
      );
      planted.push(kid);
    }
    try {
      expect(await jwks()).toEqual(genuine);
    } finally {
      await env.t.sql(`DELETE FROM identity_signing_key WHERE kid = ANY($1)`, [planted]);
    }
  });

  it('a start with another key is refused too (a stored secret does not open)', async () => {
    const started = createTestApp({ databaseUrl: env.t.databaseUrl, env: { BROKER_KEY_ENCRYPTION_KEY: 'w'.repeat(40) } });
    await expect(started).rejects.toThrow(/could not be decrypted: BROKER_KEY_ENCRYPTION_KEY/);
  });
});
