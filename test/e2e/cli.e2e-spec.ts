import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

const CLI = path.resolve('dist/src/cli.js');

describe('foundation: npm run cli -- operator:*', () => {
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
  });
});
