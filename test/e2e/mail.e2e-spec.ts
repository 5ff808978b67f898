import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../../src/common/mail/mail.service.js';
import { AppError } from '../../src/common/errors/app-error.js';
import { findFreePort } from '../../src/database/embedded-postgres.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { waitFor } from '../support/wait.js';

const TOKEN = 'mco_mail_outbox_test_token_0123456789abcdef0000';

describe('foundation: outbound mail through a real SMTP relay', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: smtp.url, MAIL_FROM: 'dmv@agents.test', MAIL_DOMAIN: 'agents.test', MAIL_RETRY_DELAY_SECONDS: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends through the relay from the configured sender with a stable Message-ID, and records the message', async () => {
    const mail = t.app.get(MailService);
    const result = await mail.send({ to: 'owner@example.org', subject: 'Hello\r\nBcc: victim@example.org', text: 'Body' });
    expect(result.status).toBe('sent');
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message.from).toBe('dmv@agents.test');
    expect(message.to).toEqual(['owner@example.org']);
    // CR/LF in header values cannot inject headers.
    expect(message.data).not.toMatch(/^Bcc:/im);
    expect(message.data).toMatch(/^Subject: Hello Bcc: victim@example.org/m);
    expect(message.messageId).toBe(`<${result.id}@agents.test>`);
    const rows = await t.sql<{ status: string; to_address: string; relay_response: string; message_id: string; attempts: number }>(
      'SELECT status, to_address, relay_response, message_id, attempts FROM outbound_mail WHERE id = $1',
      [result.id],
    );
    expect(rows[0]).toMatchObject({ status: 'sent', to_address: 'owner@example.org', message_id: message.messageId, attempts: 1 });
    expect(rows[0].relay_response).toMatch(/^250/);
  });

  it('refuses an invalid recipient before anything is sent', async () => {
    await expect(t.app.get(MailService).send({ to: 'not-an-address', subject: 's', text: 't' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });

  it('writes the message in the caller transaction: a rollback leaves neither the row nor its job', async () => {
    const mail = t.app.get(MailService);
    const before = smtp.messages.length;
    const dataSource = t.app.get(MailService)['dataSource'];
    let queuedId = '';
    await expect(
      dataSource.transaction(async (tx) => {
        queuedId = (await mail.enqueue({ to: 'rollback@example.org', subject: 'never', text: 'never' }, tx)).id;
        throw new Error('the change that caused the mail failed');
      }),
    ).rejects.toThrow(/caused the mail failed/);
    expect(await t.sql('SELECT 1 FROM outbound_mail WHERE id = $1', [queuedId])).toHaveLength(0);
    expect(await t.sql('SELECT 1 FROM pgboss.job WHERE id = $1', [queuedId])).toHaveLength(0);

    // Committed without an immediate attempt: the worker delivers it (after the backstop delay).
    const committed = await dataSource.transaction((tx) => mail.enqueue({ to: 'later@example.org', subject: 'later', text: 'x' }, tx));
    expect(committed.status).toBe('queued');
    const delivered = await waitFor(() => smtp.messages.find((m) => m.to.includes('later@example.org')));
    expect(delivered.messageId).toBe(`<${committed.id}@agents.test>`);
    expect(smtp.messages.length - before).toBe(1);
  }, 20_000);
});

describe('outbox: relay failures', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let downPort: number;
  let silent: Server;
  let silentPort: number;

  beforeAll(async () => {
    smtp = await startSmtpSink({ mode: 'reject' });
    downPort = await findFreePort();
    // Accepts connections and never says a word: the relay that hangs.
    silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    silentPort = (silent.address() as { port: number }).port;
    t = await createTestApp({
      env: {
        SMTP_RELAY_URL: `smtp://127.0.0.1:${downPort}`,
        MAIL_DOMAIN: 'agents.test',
        OPERATOR_BOOTSTRAP_TOKEN: TOKEN,
        MAIL_RETRY_DELAY_SECONDS: '1',
        SMTP_TIMEOUT_SECONDS: '2',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    silent?.close();
  });

  it('a relay that is down: send() says queued (truthfully), and the worker delivers it once the relay is back, once, same Message-ID', async () => {
    const mail = t.app.get(MailService);
    const result = await mail.send({ to: 'owner@example.org', subject: 'while down', text: 't' });
    expect(result.status).toBe('queued');
    const [row] = await t.sql<{ status: string; attempts: number }>('SELECT status, attempts FROM outbound_mail WHERE id = $1', [
      result.id,
    ]);
    expect(row).toEqual({ status: 'queued', attempts: 1 });

    const relay = await startSmtpSink({ port: downPort });
    try {
      const delivered = await waitFor(() => relay.messages.find((m) => m.to.includes('owner@example.org')));
      expect(delivered.messageId).toBe(`<${result.id}@agents.test>`);
      await waitFor(async () => {
        const [r] = await t.sql<{ status: string }>('SELECT status FROM outbound_mail WHERE id = $1', [result.id]);
        return r.status === 'sent' ? r : undefined;
      });
      await new Promise((r) => setTimeout(r, 1500));
      expect(relay.messages).toHaveLength(1);
    } finally {
      await relay.stop();
    }
  }, 30_000);

  it('a relay that refuses permanently (550): a typed error saying nothing was sent, recorded as failed, not retried', async () => {
    const mail = t.app.get(MailService);
    mail['relay'] = new (mail['relay']!.constructor as new (url: string, timeoutSeconds: number) => NonNullable<MailService['relay']>)(
      smtp.url,
      2,
    );
    let error: unknown;
    try {
      await mail.send({ to: 'refused@example.org', subject: 's', text: 't' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'mail_relay_failed', retryable: true });
    expect((error as Error).message).toMatch(/nothing was sent/);
    const rows = await t.sql<{ status: string }>(`SELECT status FROM outbound_mail WHERE to_address = 'refused@example.org'`);
    expect(rows.map((r) => r.status)).toEqual(['failed']);
  });

  it('a relay that hangs: the attempt gives up within the greeting timeout and the message stays queued', async () => {
    const mail = t.app.get(MailService);
    mail['relay'] = new (mail['relay']!.constructor as new (url: string, timeoutSeconds: number) => NonNullable<MailService['relay']>)(
      `smtp://127.0.0.1:${silentPort}`,
      2,
    );
    const started = Date.now();
    const result = await mail.send({ to: 'hang@example.org', subject: 's', text: 't' });
    expect(result.status).toBe('queued');
    expect(Date.now() - started).toBeLessThan(4000);
  }, 20_000);

  it('retries exhausted: dead-lettered, listed for operators, and queued again on request', async () => {
    const mail = t.app.get(MailService);
    smtp.mode = 'defer';
    mail['relay'] = new (mail['relay']!.constructor as new (url: string, timeoutSeconds: number) => NonNullable<MailService['relay']>)(
      smtp.url,
      2,
    );
    const result = await mail.send({ to: 'dead@example.org', subject: 'dead', text: 't' });
    expect(result.status).toBe('queued');
    // Fast-forward pg-boss to its last retry (the real job, run by the real worker).
    await t.sql(`UPDATE pgboss.job SET retry_count = retry_limit, start_after = now() WHERE id = $1`, [result.id]);
    await waitFor(async () => {
      const [r] = await t.sql<{ status: string }>('SELECT status FROM outbound_mail WHERE id = $1', [result.id]);
      return r.status === 'dead' ? r : undefined;
    });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const listed = await t.inject({ method: 'GET', url: '/admin/mail?status=dead', headers: auth });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ messages: Array<{ id: string; to: string; attempts: number; last_response: string }> }>().messages).toContainEqual(
      expect.objectContaining({
        id: result.id,
        to: 'de***@example.org',
        attempts: 2,
        last_response: expect.stringMatching(/451/) as string,
      }),
    );
    expect((await t.inject({ method: 'GET', url: '/admin/mail?status=dead' })).statusCode).toBe(401);

    smtp.mode = 'accept';
    const retried = await t.inject({ method: 'POST', url: `/admin/mail/${result.id}/retry`, headers: auth });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id: result.id, status: 'queued' });
    const delivered = await waitFor(() => smtp.messages.find((m) => m.to.includes('dead@example.org')));
    expect(delivered.messageId).toBe(`<${result.id}@agents.test>`);
    expect((await t.inject({ method: 'POST', url: `/admin/mail/${result.id}/retry`, headers: auth })).statusCode).toBe(404);
  }, 30_000);
});

describe('foundation: mail without a relay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DOMAIN: 'agents.test' } });
  });
  afterAll(() => t.close());

  it('holds mail to other domains in the outbox instead of dropping it', async () => {
    const result = await t.app.get(MailService).send({ to: 'someone@example.org', subject: 'Held', text: 'Keep me' });
    expect(result).toMatchObject({ status: 'held', localDelivery: false });
    const rows = await t.sql<{ status: string; text_body: string }>('SELECT status, text_body FROM outbound_mail WHERE id = $1', [
      result.id,
    ]);
    expect(rows[0]).toEqual({ status: 'held', text_body: 'Keep me' });
  });

  it('mail to MAIL_DOMAIN goes to local mailboxes only: an unknown mailbox is recorded as failed, never relayed', async () => {
    const result = await t.app.get(MailService).send({ to: 'bot-7@agents.test', subject: 'Local', text: 'Code 123456' });
    expect(result).toMatchObject({ status: 'failed', localDelivery: true });
    const rows = await t.sql<{ local_delivery: boolean }>('SELECT local_delivery FROM outbound_mail WHERE id = $1', [result.id]);
    expect(rows[0].local_delivery).toBe(true);
  });
});
