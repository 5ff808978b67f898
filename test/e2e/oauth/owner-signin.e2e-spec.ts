// Owners' passwordless sign-in and sessions over plain HTTP: answers that reveal nothing about
// accounts, budgets per address and per IP, single-use codes with bounded attempts, safe return
// targets, session expiry, sign-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenField, TestHuman } from '../../support/oauth-login.js';
import { startSignin } from './owner-support.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('owner sign-in and sessions', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: sink.url, RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_SIGNIN: '20/600', RATE_LIMIT_SIGNIN_EMAIL: '3/3600' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const start = (email: string, ip: string) => startSignin(t, email, ip);

  it('the answer is the same whether or not the address has an account', async () => {
    const existing = new TestHuman(t.url, 'known@example.org', sink);
    await existing.signIn();
    const a = await start('known@example.org', '10.1.0.1');
    const b = await start('unknown@example.org', '10.1.0.2');
    expect(a.statusCode).toBe(b.statusCode);
    // A redirect to the code page, and the code pages differ only in the address typed.
    expect(a.headers.location).toBe(b.headers.location);
    const strip = (html: string) =>
      html
        .replace(/value="[0-9a-f]{64}"/g, '')
        .replace(/(un)?known@example\.org/g, 'X')
        .replace(/data-countdown="[^"]+"/g, '')
        .replace(/\d\d:\d\d UTC/g, '');
    expect(strip(a.codePage)).toBe(strip(b.codePage));
  });

  it('the sign-in mail holds a code and a link; the code and the link are stored only as hashes', async () => {
    const before = sink.messages.length;
    await start('hashes@example.org', '10.1.0.3');
    const mail = sink.messages.slice(before).find((m) => m.to.includes('hashes@example.org'))!;
    const code = /sign-in code is (\d{6})/.exec(mail.text)![1];
    const link = /token=([^\s]+)/.exec(mail.text)![1];
    const rows = await t.sql<{ dump: string }>(
      `SELECT row_to_json(c)::text AS dump FROM oauth_signin_challenge c WHERE email = 'hashes@example.org'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].dump).not.toContain(decodeURIComponent(link));
    expect(rows[0].dump).not.toMatch(new RegExp(`"${code}"`));
  });

  it('refuses a bad address with a clear message', async () => {
    const r = await start('not-an-address', '10.1.0.4');
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('valid email address');
    // The service's one address rule (common/validation/email-address.ts): the domain needs a letter TLD.
    for (const address of ['owner@example.123', 'a@b.c', 'o..wner@example.org']) {
      expect((await start(address, '10.1.0.4')).statusCode, address).toBe(400);
    }
  });

  it('budgets per address and per IP answer 429 on the page with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await start('limited@example.org', `10.2.0.${i + 1}`)).statusCode).toBe(303);
    const fourth = await start('limited@example.org', '10.2.0.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(fourth.body).toContain('Too many sign-in attempts');
    // The wait in plain words, never in seconds.
    expect(fourth.body).toMatch(/Try again in (about|less than)/);
    expect(fourth.body).not.toMatch(/\d+ s\b/);
    for (let i = 0; i < 20; i++) expect((await start(`ip${i}@example.org`, '10.3.0.1')).statusCode).toBe(303);
    expect((await start('ip-last@example.org', '10.3.0.1')).statusCode).toBe(429);
  });

  it('a code works once; each wrong code says how many attempts are left; five wrong codes close the field', async () => {
    const human = new TestHuman(t.url, 'tries@example.org', sink);
    const { csrf } = await human.startSignIn();
    const mail = await human.nextMail(0);
    const code = /sign-in code is (\d{6})/.exec(mail.text)![1];
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await human.request('/signin/code', { form: { csrf, code: wrong } });
      expect(r.status).toBe(303);
      expect(r.location).toBe('/signin/code?e=wrong');
      const page = await human.request(r.location!);
      if (i < 4) {
        expect(page.text).toContain(`${4 - i === 1 ? '1 attempt' : `${4 - i} attempts`} left.`);
        expect(page.text).not.toMatch(/id="code"[^>]*disabled/);
      } else {
        expect(page.text).toContain('Five wrong codes');
        expect(page.text).toMatch(/id="code"[^>]*disabled/);
      }
    }
    await human.request('/signin/code', { form: { csrf, code } });
    expect(human.signedIn).toBe(false);
    expect((await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM oauth_owner WHERE email = 'tries@example.org'`))[0].n).toBe(0);
  });

  it('"send a new code" waits a minute (said in plain words), then mails a new code and ends the old one', async () => {
    const human = new TestHuman(t.url, 'resend@example.org', sink);
    const { csrf, codePage } = await human.startSignIn();
    expect(codePage).toMatch(/You can ask for a new code <span[^>]*>in (about a|less than a) minute<\/span>/);
    expect(codePage).not.toContain('data-testid="signin-resend"');
    const early = await human.request('/signin/resend', { form: { csrf } });
    expect(early.status).toBe(429);
    expect(early.text).toMatch(/ask for a new code in (about a|less than a) minute/);
    const first = /sign-in code is (\d{6})/.exec((await human.nextMail(0)).text)![1];
    await t.sql(`UPDATE oauth_signin_challenge SET created_at = now() - interval '2 minutes' WHERE email = 'resend@example.org'`);
    const ready = await human.request('/signin/code');
    expect(ready.text).toContain('data-testid="signin-resend"');
    const resent = await human.request('/signin/resend', { form: { csrf } });
    expect(resent.status).toBe(303);
    expect((await human.request(resent.location!)).text).toContain('We sent you a new code');
    const second = /sign-in code is (\d{6})/.exec((await human.nextMail(1)).text)![1];
    if (first !== second) {
      expect((await human.request('/signin/code', { form: { csrf, code: first } })).location).toBe('/signin/code?e=wrong');
    }
    expect((await human.request('/signin/code', { form: { csrf, code: second } })).location).toBe('/account');
  });

  it('only same-site paths are accepted as the place to return to', async () => {
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const human = new TestHuman(t.url, `ret${evil.length}@example.org`, sink);
      expect(await human.signIn(evil)).toBe('/account');
    }
  });

  it('sessions: the cookie is HttpOnly and SameSite=Lax; idle and absolute expiry end them; sign-out ends them', async () => {
    const human = new TestHuman(t.url, 'session@example.org', sink);
    const { csrf: signinCsrf } = await human.startSignIn();
    const code = /sign-in code is (\d{6})/.exec((await human.nextMail(0)).text)![1];
    const done = await human.request('/signin/code', { form: { csrf: signinCsrf, code } });
    const cookie = done.headers.getSetCookie().find((c) => c.startsWith('agentry_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http base URL in tests; Secure when PUBLIC_BASE_URL is https
    expect((await human.request('/account')).status).toBe(200);
    const stored = await t.sql<{ token_hash: string }>(
      `SELECT s.token_hash FROM oauth_session s JOIN oauth_owner o ON o.id = s.owner_id WHERE o.email = 'session@example.org'`,
    );
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(stored[0].token_hash);

    await t.sql(
      `UPDATE oauth_session SET last_seen_at = now() - interval '25 hours' WHERE owner_id = (SELECT id FROM oauth_owner WHERE email = 'session@example.org')`,
    );
    expect((await human.request('/account')).status).toBe(302);

    const again = new TestHuman(t.url, 'session@example.org', sink);
    await again.signIn();
    expect((await again.request('/account')).status).toBe(200);
    await t.sql(
      `UPDATE oauth_session SET expires_at = now() - interval '1 second' WHERE owner_id = (SELECT id FROM oauth_owner WHERE email = 'session@example.org')`,
    );
    expect((await again.request('/account')).status).toBe(302);

    const third = new TestHuman(t.url, 'session@example.org', sink);
    await third.signIn();
    const account = await third.request('/account');
    const csrf = hiddenField(account.text, 'csrf')!;
    expect((await third.request('/signout', { form: { csrf: 'forged' } })).status).toBe(403);
    expect((await third.request('/signout', { form: { csrf } })).status).toBe(303);
    expect((await third.request('/account')).status).toBe(302);
  });

  it('a GET of the mailed link changes nothing; the link works once', async () => {
    const human = new TestHuman(t.url, 'linker@example.org', sink);
    const { csrf } = await human.startSignIn();
    const mail = await human.nextMail(0);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
    for (let i = 0; i < 3; i++) expect((await human.request(`/signin/confirm?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect(human.signedIn).toBe(false);
    const used = await t.sql<{ used_at: Date | null }>(`SELECT used_at FROM oauth_signin_challenge WHERE email = 'linker@example.org'`);
    expect(used[0].used_at).toBeNull();
    expect((await human.request('/signin/confirm', { form: { token, csrf } })).status).toBe(303);
    expect(human.signedIn).toBe(true);
    expect((await human.request('/signin/confirm', { form: { token, csrf } })).status).toBe(400);
  });
});

describe('owner account page: relying-party rules', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_RELAY_URL: sink.url, RATE_LIMIT_GENERAL: '10000/60' } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('an owner sets and removes their own rule for a service; a forged form is refused', async () => {
    const human = new TestHuman(t.url, 'rules@example.org', sink);
    await human.signIn();
    const page = await human.request('/account');
    const csrf = hiddenField(page.text, 'csrf')!;
    expect(
      (await human.request('/account/rp-policies', { form: { csrf: 'forged', service: 'https://shop.example', policy: 'block' } })).status,
    ).toBe(403);
    expect((await human.request('/account/rp-policies', { form: { csrf, service: 'https://shop.example', policy: 'block' } })).status).toBe(
      303,
    );
    const after = await human.request('/account');
    expect(after.text).toContain('https://shop.example');
    // Plain words, not the policy codes.
    expect(after.text).toContain('Never sign up there');
    expect(after.text).not.toMatch(/<td>block<\/td>/);
    const bad = await human.request('/account/rp-policies', { form: { csrf, service: 'https://shop.example', policy: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(
      (await human.request('/account/rp-policies', { form: { csrf, service: 'https://shop.example', policy: 'remove' } })).status,
    ).toBe(303);
    expect((await human.request('/account')).text).not.toContain('data-service="https://shop.example"');
  });
});
