import { describe, expect, it } from 'vitest';
import { findMaintainedSecret, scanWithMaintainedRules } from './maintained-secret-rules.js';

// Secret-shaped values are assembled from parts so that no scanner mistakes this file for a leak.
const PG_URL = ['postgresql://svc', ':', 'Xq7vR2mKp9', '@10.0.0.5/app'].join('');
const NPM_TOKEN = ['npm_', 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5'].join('');
const SENDGRID_KEY = ['SG.', 'ngeVfQFYQlKU0ufo8x5d1A', '.', 'TwL2iGABf9DHoTf09kqeF8tAmbihYzrnopKc1s5crAb'].join('');

describe('maintained secret rules (secretlint recommended preset, second pass)', () => {
  it.each([
    [PG_URL, 'database_connection_string'],
    [NPM_TOKEN, 'npm'],
    [SENDGRID_KEY, 'sendgrid'],
  ])('finds %s as %s', async (secret, kind) => {
    expect(await findMaintainedSecret(`before ${secret} after`)).toEqual({ kind });
  });

  it.each(['postgres://host/db', 'postgres://user@host/db', 'npm_ is the prefix of npm tokens', 'SG.short.key', ''])(
    'lets %j pass',
    async (text) => {
      expect(await findMaintainedSecret(text)).toBeNull();
    },
  );

  it.each([`// secretlint-disable\n${NPM_TOKEN}`, `${NPM_TOKEN} // secretlint-disable-line`, `/* secretlint-disable */ ${NPM_TOKEN}`])(
    'cannot be switched off from the content: %j',
    async (text) => {
      expect(await findMaintainedSecret(text)).toEqual({ kind: 'npm' });
    },
  );

  it('answers the first field holding a secret, in the same shape as the first pass, without the value', async () => {
    const refusal = await scanWithMaintainedRules({ topic: 'ci', title: 'tokens', body: `use ${NPM_TOKEN}` });
    expect(refusal).toEqual({
      ok: false,
      code: 'content_rejected',
      field: 'body',
      message: 'body appears to contain a credential (npm); remove it before publishing',
    });
    expect(await scanWithMaintainedRules({ topic: 'ci', title: 'tokens', body: 'none here' })).toBeNull();
  });

  it('scans worst-case 64 KB bodies in bounded time (logged, not asserted)', async () => {
    // Near-misses for every rule family, repeated: prefixes and separators that start a match and fail
    // late; and one prefix back to back (the slowest found by trying each family's prefix alone).
    const unit = 'SG.aaaaaaaaaaaaaaaaaaaaaa.b postgres://u:@h mysql://a:b npm_aaaa https://x:@ xoxb- AKIA ghp_ sk-ant- ';
    const bodies = { 'near misses': unit.repeat(Math.ceil(65_536 / unit.length)), 'SG. runs': 'SG.'.repeat(21_846) };
    await findMaintainedSecret('warm up');
    for (const [name, text] of Object.entries(bodies)) {
      const body = text.slice(0, 65_536);
      const started = performance.now();
      const found = await findMaintainedSecret(body);
      const elapsed = performance.now() - started;
      console.log(`maintained secret rules: 64 KB of ${name} scanned in ${elapsed.toFixed(1)} ms`);
      expect(body.length).toBe(65_536);
      expect(found).toBeNull();
    }
  });
});
