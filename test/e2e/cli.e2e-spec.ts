import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/common/secrets/secret-box.js';
import { cloneDatabase, dropDatabase } from '../support/database.js';
import { createTestApp, TEST_KEY_ENCRYPTION_KEY, type TestApp } from '../support/test-app.js';

const CLI = path.resolve('dist/src/cli.js');

// Each case spawns the CLI (the unbundled dist/, a few seconds of start-up each on a loaded machine).
describe('foundation: npm run cli -- operator:*', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error('dist/ is missing: run the suite with `npm test`, which builds first');
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t.close());

  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });

  it('creates an operator and prints its token exactly once; the token works and can be revoked', async () => {
    const created = cli('operator:create', 'Grace', 'Hopper');
    expect(created.status).toBe(0);
    const token = /mco_[A-Za-z0-9_-]{43}/.exec(created.stdout)?.[0];
    expect(token).toBeDefined();
    const who = await fetch(`${t.url}/admin/whoami`, { headers: { authorization: `Bearer ${token}` } });
    expect(await who.json()).toMatchObject({ operator: { name: 'Grace Hopper' } });

    const listed = cli('operator:list');
    expect(listed.stdout).toContain('Grace Hopper');
    expect(listed.stdout).not.toContain(token);
    const id = /^([0-9a-f-]{36})\s.*Grace Hopper/m.exec(listed.stdout)?.[1];
    expect(cli('operator:revoke', id!).status).toBe(0);
    expect((await fetch(`${t.url}/admin/whoami`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
  });

  it('refuses bad usage with a clear message', () => {
    const missing = cli('operator:create');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/name/);
    const unknown = cli('nonsense');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown command/);
    const badId = cli('operator:revoke', "1' OR '1'='1");
    expect(badId.status).toBe(2);
    expect(badId.stderr).toMatch(/operator id \(a UUID/);
    expect(badId.stderr).not.toMatch(/syntax|uuid:|SELECT|UPDATE/i);
  });

  it('checks the command line before it connects to the database: a refused command migrates nothing', () => {
    // An address nothing listens on: a command that connected first would fail with a connection error, not a usage error.
    const offline = (...args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], {
        env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
    for (const args of [['nonsense'], ['operator:create'], ['operator:revoke', 'not-a-uuid']]) {
      const r = offline(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/ECONNREFUSED|Failed/);
    }
  });
});

describe('foundation: npm run cli -- secrets:encrypt and the key encryption key', { timeout: 120_000 }, () => {
  // Rows as a release before "always encrypted" stored them: a generated secret and a private JWK in clear.
  const PLAIN_SECRET = 'cGxhaW4tYXBwLXNlY3JldC0wMTIzNDU2Nzg5YWJjZGVm';
  const PLAIN_JWK = JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x-part', y: 'y-part', d: 'the-private-part-of-an-old-key' });
  let databaseUrl: string;
  let db: pg.Pool;
  let dataDir: string;
  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error('dist/ is missing: run the suite with `npm test`, which builds first');
    databaseUrl = await cloneDatabase();
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'agentry-cli-key-'));
  });
  afterAll(async () => {
    await db?.end();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (env: Record<string, string | undefined>, ...args: string[]) => {
    const clean: Record<string, string | undefined> = { ...process.env, BROKER_KEY_ENCRYPTION_KEY: undefined, PUBLIC_BASE_URL: undefined };
    const merged = Object.fromEntries(
      Object.entries({ ...clean, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env }).filter(([, v]) => v !== undefined),
    );
    return spawnSync(process.execPath, [CLI, ...args], { env: merged as NodeJS.ProcessEnv, encoding: 'utf8' });
  };
  const plantPlaintext = async (suffix: string) => {
    await db.query(`INSERT INTO app_secret (name, value) VALUES ($1, $2)`, [`legacy-${suffix}`, PLAIN_SECRET]);
    await db.query(
      `INSERT INTO identity_signing_key (kid, alg, public_jwk, private_jwk, status, retired_at, publish_until)
       VALUES ($1, 'ES256', '{}', $2, 'retired', now(), now())`,
      [`legacy-kid-${suffix}`, PLAIN_JWK],
    );
  };
  const stored = async (suffix: string) => {
    const [secret] = (await db.query<{ value: string }>(`SELECT value FROM app_secret WHERE name = $1`, [`legacy-${suffix}`])).rows;
    const [key] = (
      await db.query<{ private_jwk: string }>(`SELECT private_jwk FROM identity_signing_key WHERE kid = $1`, [`legacy-kid-${suffix}`])
    ).rows;
    return { secret: secret.value, key: key.private_jwk };
  };

  it('encrypts every plaintext row in one go, reports the counts, and a second run finds nothing', async () => {
    await plantPlaintext('env');
    const first = run({ BROKER_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY }, 'secrets:encrypt');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      'Encrypted 2 rows: app_secret.value 1, identity_signing_key.private_jwk 1, identity_acceptance.assertion_jwt 0.\n',
    );
    const rows = await stored('env');
    expect(rows.secret).toMatch(/^enc:v1:/);
    expect(rows.key).toMatch(/^enc:v1:/);
    const box = new SecretBox(TEST_KEY_ENCRYPTION_KEY);
    expect(box.open(rows.secret)).toBe(PLAIN_SECRET);
    expect(box.open(rows.key)).toBe(PLAIN_JWK);
    const again = run({ BROKER_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY }, 'secrets:encrypt');
    expect(again.stdout).toBe(
      'Encrypted 0 rows: app_secret.value 0, identity_signing_key.private_jwk 0, identity_acceptance.assertion_jwt 0.\n',
    );
    expect(await stored('env')).toEqual(rows);
    // An app started on this database (the same key) now boots: no plaintext row is left.
    const app = await createTestApp({ databaseUrl });
    await app.close();
  }, 60_000);

  it('without BROKER_KEY_ENCRYPTION_KEY, a local installation generates a key file (0600) under DATA_DIR and reuses it', async () => {
    await plantPlaintext('file');
    const file = path.join(dataDir, 'broker-key.secret');
    const first = run({ DATA_DIR: dataDir }, 'secrets:encrypt');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain(`Generated the key encryption key file ${file} (mode 0600)`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, 'utf8');
    expect(first.stderr).not.toContain(key);
    const rows = await stored('file');
    expect(new SecretBox(key).open(rows.secret)).toBe(PLAIN_SECRET);
    // The next start reuses the file: the rotated key it stores opens with the same key file.
    const rotated = run({ DATA_DIR: dataDir }, 'identity:rotate-key');
    expect(rotated.status, rotated.stderr).toBe(0);
    expect(rotated.stderr).not.toContain('Generated');
    expect(readFileSync(file, 'utf8')).toBe(key);
    const kid = /New active signing key (\S+)/.exec(rotated.stdout)?.[1];
    const [fresh] = (await db.query<{ private_jwk: string }>(`SELECT private_jwk FROM identity_signing_key WHERE kid = $1`, [kid])).rows;
    expect(JSON.parse(new SecretBox(key).open(fresh.private_jwk))).toHaveProperty('d');
  }, 60_000);

  it('an https PUBLIC_BASE_URL without the key refuses with one line naming BROKER_KEY_ENCRYPTION_KEY, and writes no key file', () => {
    const dir = path.join(dataDir, 'never');
    const refused = run({ PUBLIC_BASE_URL: 'https://agents.example.org', DATA_DIR: dir }, 'secrets:encrypt');
    expect(refused.status).toBe(1);
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: BROKER_KEY_ENCRYPTION_KEY must be set when PUBLIC_BASE_URL is https/);
    expect(existsSync(dir)).toBe(false);
  });
});
