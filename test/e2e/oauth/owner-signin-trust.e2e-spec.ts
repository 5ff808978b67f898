// Issue 21's owner sign-in findings, each proved against the real HTTP stack, database and SMTP
// relay: (a) an agent's own mailbox cannot be a "verified human" owner; (b) login CSRF: every
// sign-in form POST carries a token bound to a pre-session cookie; (c) the code is never in the mail
// subject; (d) the per-IP sign-in mail budget counts an IPv6 client by its /64.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent, insertOwner } from '../../support/factories/index.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { cookiesOf, startSignin } from './owner-support.js';

describe('owner sign-in: trust findings (issue 21)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: sink.url, RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_SIGNIN: '5/600', RATE_LIMIT_SIGNIN_EMAIL: '100/3600' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const form = 'application/x-www-form-urlencoded';
  const count = async (sql: string, params: unknown[] = []) => (await t.sql<{ n: number }>(sql, params))[0].n;

  it('a: an agent signing in with its own mailbox address (any tag, any case, a subdomain) is refused; no mail, no owner', async () => {
    const owner = await insertOwner(t, { email: 'real-human@example.org' });
    const agent = await insertAgent(t, owner.id, { name: 'Sneaky' });
    const domain = t.config.mailDomain;
    const mailBefore = await count(`SELECT count(*)::int AS n FROM outbound_mail`);
    const relayBefore = sink.messages.length;
    for (const [i, address] of [
      `${agent.handle}+1@${domain}`,
      `${agent.handle}@${domain}`,
      `${agent.handle.toUpperCase()}+x@${domain.toUpperCase()}`,
      `${agent.handle}@mx.${domain}`,
    ].entries()) {
      const r = await startSignin(t, address, `10.40.0.${i + 1}`);
      expect(r.statusCode, address).toBe(400);
      expect(r.body).toContain('belong to agents');
      expect(r.body).toContain('Use your own email address');
    }
    expect(await count(`SELECT count(*)::int AS n FROM outbound_mail`)).toBe(mailBefore);
    expect(sink.messages.length).toBe(relayBefore);
    expect(await count(`SELECT count(*)::int AS n FROM oauth_signin_challenge WHERE email ILIKE '%' || $1`, [domain])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM oauth_owner WHERE email ILIKE '%' || $1`, [domain])).toBe(0);
    // A look-alike domain is a normal address.
    expect((await startSignin(t, `someone@not${domain}.example`, '10.40.0.9')).statusCode).toBe(303);
  });

  it('b: sign-in form POSTs without the token bound to the pre-session cookie are refused with an HTML page', async () => {
    // A hostile page whose posts get past the Origin check (an origin an operator allowed in
    // ALLOWED_ORIGINS, or a client that sends none) posts the forms: the token still stops it.
    const hostile = { 'content-type': form, origin: t.config.publicBaseUrl };
    const before = sink.messages.length;
    const noToken = await t.inject({
      method: 'POST',
      url: '/signin',
      remoteAddress: '10.41.0.1',
      headers: hostile,
      payload: new URLSearchParams({ email: 'victim@example.org', return_to: '/account' }).toString(),
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.headers['content-type']).toMatch(/^text\/html/);
    expect(noToken.body).toContain('Form not accepted');
    expect(noToken.body).not.toMatch(/^\s*\{/);
    // The attacker's own pre-session cookie and token do not work with another cookie, nor a wrong token.
    const attacker = await t.inject({ method: 'GET', url: '/signin', remoteAddress: '10.41.0.2' });
    const attackerCsrf = /name="csrf" value="([^"]+)"/.exec(attacker.body)![1];
    const victim = await t.inject({ method: 'GET', url: '/signin', remoteAddress: '10.41.0.3' });
    for (const [cookie, csrf] of [
      [cookiesOf(victim), attackerCsrf],
      [cookiesOf(victim), 'f'.repeat(64)],
      ['', attackerCsrf],
    ]) {
      for (const [url, fields] of [
        ['/signin', { email: 'victim@example.org', return_to: '/account' }],
        ['/signin/code', { code: '123456' }],
        ['/signin/resend', {}],
        ['/signin/confirm', { token: 'msl_whatever' }],
      ] as const) {
        const r = await t.inject({
          method: 'POST',
          url,
          remoteAddress: '10.41.0.4',
          headers: { ...hostile, cookie },
          payload: new URLSearchParams({ ...fields, csrf }).toString(),
        });
        expect(r.statusCode, `${url} ${csrf.slice(0, 6)}`).toBe(403);
        expect(r.headers['content-type']).toMatch(/^text\/html/);
        expect(r.headers['set-cookie'] ?? '').not.toMatch(/agentry_session=[^;]/);
      }
    }
    expect(sink.messages.length).toBe(before);
    // The browser's own token works.
    expect((await startSignin(t, 'victim@example.org', '10.41.0.5')).statusCode).toBe(303);
  });

  it('c: the code is in the body of the sign-in mail, never in its subject', async () => {
    const started = await startSignin(t, 'subject@example.org', '10.42.0.1');
    expect(started.statusCode).toBeLessThan(400);
    const mail = await sink.waitFor('subject@example.org');
    const code = /sign-in code is (\d{6})/.exec(mail.text)![1];
    expect(mail.subject).toBe('Your Agentry sign-in code');
    expect(mail.subject).not.toContain(code);
    expect(mail.subject).not.toMatch(/\d{6}/);
  });

  it('d: the per-IP sign-in budget counts IPv6 clients by their /64, not per address', async () => {
    // RATE_LIMIT_SIGNIN is 5 per 10 minutes: five addresses of one /64 use it up for the whole /64.
    for (let i = 1; i <= 5; i++) {
      expect((await startSignin(t, `v6-${i}@example.org`, `2001:db8:77:1::${i.toString(16)}`)).statusCode).toBeLessThan(400);
    }
    const sixth = await startSignin(t, 'v6-6@example.org', '2001:db8:77:1:ffff:ffff:ffff:ffff');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('Too many sign-in attempts');
    // Another /64 has its own budget.
    expect((await startSignin(t, 'v6-7@example.org', '2001:db8:77:2::1')).statusCode).toBe(303);
  });
});
