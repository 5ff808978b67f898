import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '../../support/smtp-sink.js';
import type { TestApp } from '../../support/test-app.js';
import { nextIp, restRegister, startDmvAppRelayDown, verificationLink } from './dmv-support.js';

async function resend(baseUrl: string, certificateId: string, email: string, ip: string) {
  const res = await fetch(`${baseUrl}/api/v1/dmv/registrations/${certificateId}/resend-verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

// The verification mail goes through the durable outbox: queued in the registration's transaction,
// delivered when the relay accepts it, and re-sendable (budgeted) while the contact is unverified.
describe('dmv: verification mail through the outbox', () => {
  let app: Awaited<ReturnType<typeof startDmvAppRelayDown>>;
  let t: TestApp;
  let smtp: SmtpSink | undefined;

  beforeAll(async () => {
    app = await startDmvAppRelayDown();
    t = app.t;
  });
  afterAll(() => app?.close());

  it('with the relay down: the registration, its token and its mail commit together, email_sent says queued, and the mail arrives once the relay is back', async () => {
    const res = await restRegister(
      t.url,
      { agent_name: 'outbox-bot', email: 'outbox@example.com', operator_name: 'Ops' },
      { ip: nextIp() },
    );
    expect(res.status).toBe(201);
    expect(res.body.email_sent).toBe(false);
    expect(res.body.email_note).toMatch(/queued.*retried automatically/);
    const [row] = await t.sql<{ status: string; n: number }>(
      `SELECT m.status, (SELECT count(*)::int FROM dmv_verification_token v JOIN dmv_registration r ON r.id = v.registration_id
                          WHERE r.certificate_id = $1) AS n
         FROM outbound_mail m WHERE m.to_address = 'outbox@example.com'`,
      [res.body.certificate_id],
    );
    expect(row).toEqual({ status: 'queued', n: 1 });

    smtp = await app.relayUp();
    const mail = await smtp.waitFor('outbox@example.com', 15_000);
    // The link opens a confirmation page; its button POSTs the token (a GET verifies nothing).
    const link = new URL(verificationLink(mail.text));
    const verify = await fetch(`${link.origin}${link.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: link.origin },
      body: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }).toString(),
    });
    expect(verify.status).toBe(200);
    expect(await verify.text()).toMatch(/Contact verified/);
    // Once sent, the stored copy no longer carries the one-time token.
    const [stored] = await t.sql<{ status: string; text_body: string }>(
      `SELECT status, text_body FROM outbound_mail WHERE to_address = 'outbox@example.com'`,
    );
    expect(stored.status).toBe('sent');
    expect(stored.text_body).toMatch(/token=dmvv_%5Bredacted%5D|token=dmvv_\[redacted\]/);
  }, 30_000);

  it('resends a verification link to the unverified contact only, invalidates the old one, answers alike for a wrong address, and is capped', async () => {
    const reg = await restRegister(
      t.url,
      { agent_name: 'resend-bot', email: 'resend@example.com', operator_name: 'Ops' },
      { ip: nextIp() },
    );
    expect(reg.status).toBe(201);
    expect(reg.body.email_sent).toBe(true);
    const id = reg.body.certificate_id as string;
    const first = await smtp!.waitFor('resend@example.com');
    const count = () => smtp!.messages.filter((m) => m.to.includes('resend@example.com')).length;

    const wrong = await resend(t.url, id, 'someone-else@example.com', nextIp());
    const right = await resend(t.url, id, 'Resend@Example.com', nextIp());
    expect(wrong.status).toBe(202);
    expect(right.status).toBe(202);
    expect(wrong.body).toEqual(right.body);
    expect(count()).toBe(2);
    const second = smtp!.messages.filter((m) => m.to.includes('resend@example.com'))[1];
    expect(verificationLink(second.text)).not.toBe(verificationLink(first.text));

    // Only the newest link works.
    expect((await fetch(verificationLink(first.text))).status).toBe(410);
    // Third mail of the day is allowed, the fourth is not sent (same answer).
    expect((await resend(t.url, id, 'resend@example.com', nextIp())).status).toBe(202);
    expect((await resend(t.url, id, 'resend@example.com', nextIp())).status).toBe(202);
    expect(count()).toBe(3);
    const third = smtp!.messages.filter((m) => m.to.includes('resend@example.com'))[2];
    expect((await fetch(verificationLink(third.text))).status).toBe(200);
    // Verified: nothing more is sent.
    await resend(t.url, id, 'resend@example.com', nextIp());
    expect(count()).toBe(3);
  }, 30_000);

  it('charges resends to the register budget per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await resend(t.url, 'DMV-0000-014S-C0PJ-V', 'x@example.com', ip)).status);
    expect(statuses).toEqual([202, 202, 429]);
    expect((await resend(t.url, 'not-a-certificate', 'x@example.com', nextIp())).status).toBe(400);
  });
});
