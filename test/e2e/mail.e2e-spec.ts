import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../../src/common/mail/mail.service.js';
import { AppError } from '../../src/common/errors/app-error.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

async function startSmtp(reject = false): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (reject) return callback(new Error('550 relay refused for tests'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

describe('foundation: outbound mail through a real SMTP relay', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_RELAY_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'dmv@agents.test' } });
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
  });

  it('sends through the relay from the configured sender and records the message', async () => {
    const mail = t.app.get(MailService);
    const result = await mail.send({ to: 'owner@example.org', subject: 'Hello\r\nBcc: victim@example.org', text: 'Body' });
    expect(result.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message.from).toBe('dmv@agents.test');
    expect(message.to).toEqual(['owner@example.org']);
    // CR/LF in header values cannot inject headers.
    expect(message.data).not.toMatch(/^Bcc:/im);
    expect(message.data).toMatch(/^Subject: Hello Bcc: victim@example.org/m);
    const rows = await t.sql<{ status: string; to_address: string; relay_response: string }>(
      'SELECT status, to_address, relay_response FROM outbound_mail WHERE id = $1',
      [result.id],
    );
    expect(rows[0]).toMatchObject({ status: 'sent', to_address: 'owner@example.org' });
    expect(rows[0].relay_response).toMatch(/^250/);
  });

  it('refuses an invalid recipient before anything is sent', async () => {
    await expect(t.app.get(MailService).send({ to: 'not-an-address', subject: 's', text: 't' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});

describe('foundation: a failing relay', () => {
  it('surfaces a typed, retryable error saying nothing was sent, and records the failure', async () => {
    const smtp = await startSmtp(true);
    const t = await createTestApp({ env: { SMTP_RELAY_URL: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      let error: unknown;
      try {
        await t.app.get(MailService).send({ to: 'owner@example.org', subject: 's', text: 't' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'mail_relay_failed', retryable: true });
      expect((error as Error).message).toMatch(/nothing was sent/);
      const rows = await t.sql<{ status: string }>('SELECT status FROM outbound_mail');
      expect(rows.map((r) => r.status)).toEqual(['failed']);
    } finally {
      await t.close();
      smtp.server.close();
    }
  });
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
