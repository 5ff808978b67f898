// Issue 14: no one-time secret is stored in plaintext. The DMV verification token and the owner
// sign-in code and link are mailed through the outbox; while queued (relay down) and after delivery
// the outbound_mail row, every column of it, holds them only redacted or sealed, the relay still gets
// the real mail, and operators listing the outbox see the redacted subject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../../../src/common/mail/mail.service.js';
import { nextIp, restRegister, startDmvAppRelayDown, verificationLink } from '../dmv/dmv-support.js';
import type { SmtpSink } from '../../support/smtp-sink.js';
import type { TestApp } from '../../support/test-app.js';

const TOKEN = 'mco_mail_secrets_test_token_0123456789abcdef_000';

describe('abuse: one-time secrets in queued mail', () => {
  let app: Awaited<ReturnType<typeof startDmvAppRelayDown>>;
  let t: TestApp;
  let smtp: SmtpSink | undefined;

  beforeAll(async () => {
    app = await startDmvAppRelayDown({ OPERATOR_BOOTSTRAP_TOKEN: TOKEN });
    t = app.t;
  });
  afterAll(() => app?.close());

  /** Every column of the recipient's outbox rows, as text. */
  const dump = async (to: string) =>
    (await t.sql<{ dump: string }>(`SELECT row_to_json(m)::text AS dump FROM outbound_mail m WHERE to_address = $1`, [to]))
      .map((r) => r.dump)
      .join('\n');
  const rows = (to: string) =>
    t.sql<{ status: string; redacted: boolean; sealed: boolean }>(
      `SELECT status, redacted, sealed_content IS NOT NULL AS sealed FROM outbound_mail WHERE to_address = $1`,
      [to],
    );

  it('the DMV token and the sign-in code and link are never in the outbox row, queued or sent; the relay gets the real mail', async () => {
    const reg = await restRegister(
      t.url,
      { agent_name: 'secret-bot', email: 'secret-dmv@example.com', operator_name: 'Ops' },
      { ip: nextIp() },
    );
    expect(reg.status).toBe(201);
    const form = await t.inject({ method: 'GET', url: '/signin', remoteAddress: '10.9.0.1' });
    const signin = await t.inject({
      method: 'POST',
      url: '/signin',
      remoteAddress: '10.9.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: String(form.headers['set-cookie']).split(';')[0] },
      payload: new URLSearchParams({
        email: 'secret-owner@example.org',
        return_to: '/account',
        csrf: /name="csrf" value="([^"]+)"/.exec(form.body)![1],
      }).toString(),
    });
    expect(signin.statusCode).toBeLessThan(400);

    // Relay down: both messages wait in the outbox, redacted, with the real content sealed.
    expect(await rows('secret-dmv@example.com')).toEqual([{ status: 'queued', redacted: true, sealed: true }]);
    expect(await rows('secret-owner@example.org')).toEqual([{ status: 'queued', redacted: true, sealed: true }]);
    const queuedDumps = (await dump('secret-dmv@example.com')) + (await dump('secret-owner@example.org'));
    expect(queuedDumps).toMatch(/token=dmvv_\[redacted\]/);
    expect(queuedDumps).toMatch(/token=msl_\[redacted\]/);
    const listed = await t.inject({ method: 'GET', url: '/admin/mail?status=queued', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(listed.statusCode).toBe(200);
    const subjects = listed.json<{ messages: Array<{ subject: string }> }>().messages.map((m) => m.subject);
    expect(subjects).toContain('Your Agentry sign-in code');

    smtp = await app.relayUp();
    const dmvMail = await smtp.waitFor('secret-dmv@example.com', 15_000);
    const ownerMail = await smtp.waitFor('secret-owner@example.org', 15_000);
    const token = new URL(verificationLink(dmvMail.text)).searchParams.get('token')!;
    const code = /sign-in code is (\d{6})/.exec(ownerMail.text)![1];
    const link = /token=(msl_[A-Za-z0-9_-]+)/.exec(ownerMail.text)![1];
    expect(token).toMatch(/^dmvv_[A-Za-z0-9_-]{43}$/);
    expect(ownerMail.subject).toBe('Your Agentry sign-in code'); // never the code (lock screens)

    for (const secret of [token, link, code]) expect(queuedDumps).not.toContain(secret);
    await expect.poll(async () => (await rows('secret-owner@example.org'))[0].status, { timeout: 10_000 }).toBe('sent');
    await expect.poll(async () => (await rows('secret-dmv@example.com'))[0].status, { timeout: 10_000 }).toBe('sent');
    // Sent: the sealed copy is erased too.
    expect(await rows('secret-dmv@example.com')).toEqual([{ status: 'sent', redacted: true, sealed: false }]);
    expect(await rows('secret-owner@example.org')).toEqual([{ status: 'sent', redacted: true, sealed: false }]);
    const sentDumps = (await dump('secret-dmv@example.com')) + (await dump('secret-owner@example.org'));
    for (const secret of [token, link, code]) expect(sentDumps).not.toContain(secret);
    const anywhere = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbound_mail m WHERE row_to_json(m)::text LIKE '%' || $1 || '%' OR row_to_json(m)::text LIKE '%' || $2 || '%'`,
      [token, link],
    );
    expect(anywhere[0].n).toBe(0);
  }, 40_000);

  it('a message that ended (refused by the relay) keeps no sealed secret and cannot be queued again', async () => {
    smtp ??= await app.relayUp();
    const mail = t.app.get(MailService);
    smtp.mode = 'reject-data';
    await expect(
      mail.send({ to: 'erased@example.org', subject: 'code 424242', text: 'Your code is 424242', secrets: ['424242'] }),
    ).rejects.toMatchObject({
      code: 'mail_relay_failed',
    });
    smtp.mode = 'accept';
    expect(await rows('erased@example.org')).toEqual([{ status: 'failed', redacted: true, sealed: false }]);
    expect(await dump('erased@example.org')).not.toContain('424242');
    const [{ id }] = await t.sql<{ id: string }>(`SELECT id FROM outbound_mail WHERE to_address = 'erased@example.org'`);
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await t.inject({ method: 'POST', url: `/admin/mail/${id}/retry`, headers: auth })).statusCode).toBe(404);
  }, 30_000);
});
