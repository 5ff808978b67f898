import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { DmvMailCaps1796110689055 } from '../../../migrations/1796110689055-dmv-mail-caps.js';
import { SecretsService } from '../../../src/common/secrets/secrets.service.js';
import { mailboxKey } from '../../../src/common/validation/email-address.js';
import type { TestApp } from '../../support/test-app.js';
import type { SmtpSink } from '../../support/smtp-sink.js';
import { sleep } from '../../support/wait.js';
import { mcpCall, nextIp, restRegister, startDmvApp } from './dmv-support.js';

const PER_MAILBOX = 2;
const PER_DOMAIN = 3;
const TOTAL = 5;

// Issue 14, DMV items: caller IP hashes keyed with a server secret; the per-address cap counts
// mailboxes (no +tags, no Gmail dots); verification mail has per-domain and global daily caps.
describe('dmv: abuse limits (issue 14)', () => {
  let app: Awaited<ReturnType<typeof startDmvApp>>;
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    app = await startDmvApp({
      DMV_DAILY_CAP_PER_EMAIL: String(PER_MAILBOX),
      DMV_MAIL_DAILY_CAP_PER_DOMAIN: String(PER_DOMAIN),
      DMV_MAIL_DAILY_CAP_TOTAL: String(TOTAL),
    });
    ({ t, smtp } = app);
  });
  beforeEach(async () => {
    await t.sql('TRUNCATE dmv_registration, dmv_verification_token, dmv_idempotency, outbound_mail CASCADE');
    smtp.messages.length = 0;
  });
  afterAll(() => app?.close());

  const register = (agent_name: string, email: string, idempotencyKey?: string) =>
    restRegister(t.url, { agent_name, email, operator_name: 'Ops' }, { ip: nextIp(), idempotencyKey });
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).length;

  it('hashes caller IPs with an HMAC under a server secret, not a constant salt', async () => {
    const ip = nextIp();
    const res = await restRegister(
      t.url,
      { agent_name: 'hmac-bot', email: 'hmac@example.com', operator_name: 'H' },
      { ip, idempotencyKey: 'hmac-key-1' },
    );
    expect(res.status).toBe(201);
    const [row] = await t.sql<{ caller_ip_hash: string }>(`SELECT caller_ip_hash FROM dmv_registration WHERE agent_name = 'hmac-bot'`);
    const secret = await t.app.get(SecretsService).secret('dmv-ip-hash');
    expect(secret.length).toBe(32);
    expect(row.caller_ip_hash).toBe(createHmac('sha256', secret).update(ip, 'utf8').digest('hex'));
    expect(row.caller_ip_hash).not.toBe(createHash('sha256').update(`agentry-dmv-ip-v1:${ip}`, 'utf8').digest('hex'));
    // The secret is shared through the database, so every instance keys alike.
    expect(await t.sql(`SELECT 1 FROM app_secret WHERE name = 'dmv-ip-hash'`)).toHaveLength(1);
    // Idempotency records are keyed by the same hash.
    const [idem] = await t.sql<{ caller_ip_hash: string }>(`SELECT caller_ip_hash FROM dmv_idempotency`);
    expect(idem.caller_ip_hash).toBe(row.caller_ip_hash);
  });

  it('counts a+1@x.test and a+2@x.test as one mailbox for the per-address cap', async () => {
    expect((await register('sub-one', 'a+1@x.test')).status).toBe(201);
    expect((await register('sub-two', 'a+2@x.test')).status).toBe(201);
    for (const address of ['a+3@x.test', 'a@x.test', 'A@X.test']) {
      const refused = await register('sub-three', address);
      expect(refused.status, address).toBe(429);
      expect(refused.body).toMatchObject({ error: 'rate_limited', budget: 'email_daily_cap' });
    }
    // Another mailbox at the same domain is not affected; mail goes to the address as given.
    expect((await register('sub-three', 'b@x.test')).status).toBe(201);
    expect([mailsTo('a+1@x.test'), mailsTo('a+2@x.test'), mailsTo('b@x.test')]).toEqual([1, 1, 1]);
    const rows = await t.sql<{ contact_email: string; contact_mailbox: string }>(
      `SELECT contact_email, contact_mailbox FROM dmv_registration ORDER BY created_at`,
    );
    expect(rows).toEqual([
      { contact_email: 'a+1@x.test', contact_mailbox: 'a@x.test' },
      { contact_email: 'a+2@x.test', contact_mailbox: 'a@x.test' },
      { contact_email: 'b@x.test', contact_mailbox: 'b@x.test' },
    ]);
  });

  it('counts A.Li.Ce@gmail.com and alice@gmail.com as one mailbox', async () => {
    expect((await register('dots-one', 'A.Li.Ce@gmail.com')).status).toBe(201);
    expect((await register('dots-two', 'alice+news@googlemail.com')).status).toBe(201);
    const refused = await register('dots-three', 'alice@gmail.com');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited', budget: 'email_daily_cap' });
    // Dots count at Gmail only: elsewhere they name another mailbox.
    expect((await register('dots-three', 'a.lice@example.com')).status).toBe(201);
    expect((await register('dots-four', 'alice@example.com')).status).toBe(201);
  });

  it('stops verification mail to a domain over its daily cap; the registration stands and says so', async () => {
    for (let i = 1; i <= PER_DOMAIN; i++) {
      const ok = await register(`dom-${i}`, `user${i}@cap.test`);
      expect(ok.status).toBe(201);
      expect(ok.body.email_sent).toBe(true);
    }
    const over = await register('dom-over', 'late@cap.test');
    expect(over.status).toBe(201);
    expect(over.body.email_sent).toBe(false);
    expect(over.body.email_note).toMatch(
      /No verification email was sent: the daily limit of verification emails to addresses at cap\.test is reached/,
    );
    expect(over.body.email_note).toMatch(/registration is recorded/);
    const id = over.body.certificate_id as string;
    const lookup = (await (await fetch(`${t.url}/dmv/api/lookup?certificate_id=${id}`)).json()) as { status: string };
    expect(lookup.status).toBe('issued');
    const tokens = await t.sql(
      `SELECT 1 FROM dmv_verification_token v JOIN dmv_registration r ON r.id = v.registration_id WHERE r.certificate_id = $1`,
      [id],
    );
    expect(tokens).toHaveLength(0);
    // A resend is answered alike and sends nothing either.
    const resend = await fetch(`${t.url}/api/v1/dmv/registrations/${id}/resend-verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ email: 'late@cap.test' }),
    });
    expect(resend.status).toBe(202);
    // Other domains still get their mail.
    expect((await register('dom-other', 'someone@other.test')).body.email_sent).toBe(true);
    await sleep(300);
    expect(mailsTo('late@cap.test')).toBe(0);
    expect(await t.sql(`SELECT 1 FROM outbound_mail WHERE to_address = 'late@cap.test'`)).toHaveLength(0);
  });

  it('stops all verification mail over the global daily cap, over REST and MCP alike', async () => {
    for (let i = 1; i <= TOTAL; i++) {
      const ok = await register(`all-${i}`, `user@d${i}.test`);
      expect(ok.status).toBe(201);
      expect(ok.body.email_sent).toBe(true);
    }
    const over = await register('all-over', 'user@d9.test');
    expect(over.status).toBe(201);
    expect(over.body).toMatchObject({ email_sent: false, agent_name: 'all-over' });
    expect(over.body.email_note).toMatch(/this service's daily limit of verification emails is reached/);
    const viaMcp = await mcpCall(
      t.url,
      'register_agent',
      { agent_name: 'all-mcp', email: 'user@d10.test', operator_name: 'Ops' },
      { ip: nextIp() },
    );
    expect(viaMcp.body.result?.isError).toBeFalsy();
    expect(viaMcp.body.result?.structuredContent).toMatchObject({ email_sent: false, email_note: expect.stringMatching(/daily limit/) });
    await sleep(300);
    expect(smtp.messages).toHaveLength(TOTAL);
    // The window slides: once the oldest mail is a day old, mail flows again.
    await t.sql(`UPDATE dmv_verification_token SET created_at = now() - interval '25 hours'`);
    expect((await register('all-later', 'user@d11.test')).body.email_sent).toBe(true);
  });

  it('the migration keys existing registrations by mailbox the way mailboxKey does', async () => {
    const addresses = ['a+1@x.test', 'A.Li.Ce+tag@googlemail.com', 'a.b@example.com', '+x@example.com', 'plain@example.org'];
    for (const [i, address] of addresses.entries()) expect((await register(`backfill-${i}`, address)).status).toBe(201);
    const ds = t.app.get(DataSource);
    const runner = ds.createQueryRunner();
    try {
      const migration = new DmvMailCaps1796110689055();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows = await t.sql<{ contact_email: string; contact_mailbox: string }>(
      `SELECT contact_email, contact_mailbox FROM dmv_registration`,
    );
    expect(rows).toHaveLength(addresses.length);
    for (const row of rows) expect(row.contact_mailbox, row.contact_email).toBe(mailboxKey(row.contact_email));
    const [{ n }] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM dmv_verification_token WHERE recipient_domain = 'googlemail.com'`,
    );
    expect(n).toBe(1);
  });
});
