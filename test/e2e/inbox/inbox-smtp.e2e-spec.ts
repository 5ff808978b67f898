import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SmtpListener } from '../../../src/inbox/smtp/smtp-listener.js';
import { createBrokerPrincipal, brokerTool } from '../../support/broker.js';
import { withClient } from '../../support/database.js';
import { createInboxApp, deliver, SmtpDialog, type InboxTestApp } from '../../support/inbox.js';

const OPERATOR = 'mco_inbox_smtp_operator_01234567890000000000000';
const MAIL_DOMAIN = 'agents.test';

describe('inbox: the inbound SMTP listener', () => {
  let t: InboxTestApp;
  let certDir: string;
  beforeAll(async () => {
    // A self-signed certificate, so the listener offers STARTTLS.
    certDir = mkdtempSync(path.join(tmpdir(), 'agentry-inbox-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${MAIL_DOMAIN}`,
        '-keyout',
        path.join(certDir, 'key.pem'),
        '-out',
        path.join(certDir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    t = await createInboxApp({
      env: {
        INBOX_SMTP_TLS_CERT: path.join(certDir, 'cert.pem'),
        INBOX_SMTP_TLS_KEY: path.join(certDir, 'key.pem'),
        MAIL_DOMAIN,
        OPERATOR_BOOTSTRAP_TOKEN: OPERATOR,
        INBOX_MAX_MESSAGE_BYTES: '20000',
        RATE_LIMIT_GENERAL: 'off',
        INBOX_SMTP_MAX_CONNECTIONS_PER_IP: '3',
      },
      // mx.remote.example: the reporting MTA of the bounce test (SPF of its HELO name passes).
      txt: { 'sender.example': ['v=spf1 ip4:127.0.0.1 -all'], 'mx.remote.example': ['v=spf1 ip4:127.0.0.1 -all'] },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  async function admin(text: string, params: unknown[] = []): Promise<void> {
    await withClient(inject('adminDatabaseUrl'), (client) => client.query(text, params));
  }

  it('accepts mail for an agent over real SMTP (nodemailer), stores it, and the tools show it with its code', async () => {
    const agent = await createBrokerPrincipal(t);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    const info = await deliver(t.smtpPort, {
      from: 'Acme <noreply@sender.example>',
      to: address,
      subject: 'Your Acme verification code',
      html: '<style>.c{color:#123456}</style><p>Enter this verification code:</p><p class="c">482913</p><a href="https://acme.example/verify?x=1&amp;y=2">verify</a>',
      attachments: [{ filename: 'terms.txt', content: 'The terms.', contentType: 'text/plain' }],
    });
    expect(info.response).toMatch(/^250 /);
    expect(info.accepted).toEqual([address]);

    const list = await brokerTool(t, agent.token, 'inbox_list', {});
    expect(list.isError).toBe(false);
    expect(list.data.mailbox).toBe(address);
    expect(list.data.messages).toHaveLength(1);
    const [summary] = list.data.messages;
    expect(summary).toMatchObject({
      direction: 'inbound',
      from: 'noreply@sender.example',
      subject: 'Your Acme verification code',
      has_otp: true,
      to: [address],
    });

    const read = await brokerTool(t, agent.token, 'inbox_read', { message_id: summary.id });
    expect(read.isError).toBe(false);
    expect(read.data.otp).toMatchObject({ code: '482913' });
    expect(read.data.otp.confidence).toBeGreaterThanOrEqual(0.7);
    expect(read.data.text).toContain('482913');
    expect(read.data.text).not.toContain('color');
    expect(read.data.links).toEqual(['https://acme.example/verify?x=1&y=2']);
    // SPF evaluated against the injected zone (127.0.0.1 is allowed for sender.example); no DKIM signature.
    expect(read.data.authentication).toMatchObject({ spf: 'pass', dkim: 'none' });
    expect(read.data.headers.subject).toBe('Your Acme verification code');
    // Attachments: metadata only, never content.
    expect(read.data.attachments).toEqual([{ filename: 'terms.txt', content_type: 'text/plain', size: 10 }]);
    expect(JSON.stringify(read.data)).not.toContain('The terms.');
  });

  it('offers STARTTLS when a certificate is configured, and takes mail over TLS', async () => {
    const { dialog } = await SmtpDialog.open(t.smtpPort);
    try {
      expect(await dialog.command('EHLO client.example')).toMatch(/STARTTLS/);
    } finally {
      dialog.close();
    }
    const agent = await createBrokerPrincipal(t);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.smtpPort,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    try {
      const info = (await transport.sendMail({
        from: 'tls@sender.example',
        to: `${agent.agentHandle}@${MAIL_DOMAIN}`,
        subject: 'over TLS',
        text: 'hi',
      })) as { response: string };
      expect(info.response).toMatch(/^250/);
    } finally {
      transport.close();
    }
    expect(await t.sql('SELECT subject FROM inbox_message WHERE agent_id = $1', [agent.agentId])).toEqual([{ subject: 'over TLS' }]);
  });

  it('refuses an unknown mailbox and a foreign domain with 550 at RCPT time', async () => {
    const { dialog, greeting } = await SmtpDialog.open(t.smtpPort);
    try {
      expect(greeting).toMatch(/^220 /);
      expect(await dialog.command('EHLO client.example')).toMatch(/^250/);
      expect(await dialog.command('MAIL FROM:<a@sender.example>')).toMatch(/^250/);
      expect(await dialog.command(`RCPT TO:<nobody-here@${MAIL_DOMAIN}>`)).toMatch(/^550 5\.1\.1/);
      expect(await dialog.command('RCPT TO:<someone@elsewhere.example>')).toMatch(/^550 5\.7\.1/);
    } finally {
      dialog.close();
    }
    await expect(deliver(t.smtpPort, { to: `ghost@${MAIL_DOMAIN}`, subject: 's', text: 't' })).rejects.toMatchObject({ responseCode: 550 });
  });

  it('refuses a mailbox an operator suspended (550) and a revoked agent (550); restore lets mail in again (audited)', async () => {
    const agent = await createBrokerPrincipal(t);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    const suspend = await t.inject({
      method: 'POST',
      url: `/admin/inbox/mailboxes/${agent.agentHandle}/suspend`,
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      payload: { reason: 'spam source' },
    });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json()).toMatchObject({ status: 'suspended', status_reason: 'spam source' });
    await expect(deliver(t.smtpPort, { to: address, subject: 's', text: 't' })).rejects.toMatchObject({ responseCode: 550 });
    // The agent itself is refused at the tools too.
    const refused = await brokerTool(t, agent.token, 'inbox_list', {});
    expect(refused.isError).toBe(true);
    expect(refused.data.error.code).toBe('agent_revoked');

    const restore = await t.inject({
      method: 'POST',
      url: `/admin/inbox/mailboxes/${agent.agentHandle}/restore`,
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(restore.json()).toMatchObject({ status: 'active' });
    expect((await deliver(t.smtpPort, { to: address, subject: 's', text: 't' })).response).toMatch(/^250/);
    const audit = await t.inject({
      method: 'GET',
      url: `/admin/inbox/audit?handle=${agent.agentHandle}`,
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(audit.json().entries.map((e: { action: string; actor: string }) => e.action)).toEqual(['restore_mailbox', 'suspend_mailbox']);
    expect(audit.json().entries[0].actor).toMatch(/^operator:/);

    await t.sql(`UPDATE identity_agent SET status = 'revoked' WHERE id = $1`, [agent.agentId]);
    await expect(deliver(t.smtpPort, { to: address, subject: 's', text: 't' })).rejects.toMatchObject({ responseCode: 550 });
  });

  it('answers 552 when the message grows past the size limit while streaming, and stores nothing', async () => {
    const agent = await createBrokerPrincipal(t);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    const { dialog } = await SmtpDialog.open(t.smtpPort);
    try {
      expect(await dialog.command('EHLO client.example')).toMatch(/SIZE 20000/);
      expect(await dialog.command('MAIL FROM:<a@sender.example>')).toMatch(/^250/);
      expect(await dialog.command(`RCPT TO:<${address}>`)).toMatch(/^250/);
      expect(await dialog.command('DATA')).toMatch(/^354/);
      const body = `Subject: big\r\n\r\n${'x'.repeat(100).concat('\r\n').repeat(300)}`;
      expect(await dialog.data(body)).toMatch(/^552 5\.3\.4/);
    } finally {
      dialog.close();
    }
    expect(await t.sql('SELECT id FROM inbox_message WHERE agent_id = $1', [agent.agentId])).toHaveLength(0);
  });

  it('answers 451 while the database is unreachable, writes nothing, and accepts the retry once it is back', async () => {
    const agent = await createBrokerPrincipal(t);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    const database = new URL(t.databaseUrl).pathname.slice(1);
    const { dialog } = await SmtpDialog.open(t.smtpPort);
    try {
      await dialog.command('EHLO client.example');
      await dialog.command('MAIL FROM:<a@sender.example>');
      expect(await dialog.command(`RCPT TO:<${address}>`)).toMatch(/^250/);
      expect(await dialog.command('DATA')).toMatch(/^354/);
      // The database goes away between RCPT and the end of DATA.
      await admin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'agentry%'`, [
        database,
      ]);
      expect(await dialog.data('Subject: during the outage\r\n\r\nhello')).toMatch(/^451 4\.3\.0/);
      // RCPT needs the database too.
      expect(await dialog.command('MAIL FROM:<a@sender.example>')).toMatch(/^250/);
      expect(await dialog.command(`RCPT TO:<${address}>`)).toMatch(/^451/);
    } finally {
      dialog.close();
      await admin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    }
    expect(await t.sql('SELECT id FROM inbox_message WHERE agent_id = $1', [agent.agentId])).toHaveLength(0);
    // The sender retries later: accepted, stored once.
    let info: { response: string } | undefined;
    for (let attempt = 0; attempt < 20 && !info; attempt++) {
      info = await deliver(t.smtpPort, { to: address, subject: 'during the outage', text: 'hello' }).catch(async () => {
        await new Promise((r) => setTimeout(r, 250));
        return undefined;
      });
    }
    expect(info?.response).toMatch(/^250/);
    expect(await t.sql('SELECT subject FROM inbox_message WHERE agent_id = $1', [agent.agentId])).toEqual([
      { subject: 'during the outage' },
    ]);
  });

  it('stops with a clear message when SMTP_PORT cannot be bound, instead of hanging', async () => {
    await expect(t.app.get(SmtpListener, { strict: false }).listen(t.smtpPort, '127.0.0.1')).rejects.toThrow(/SMTP_PORT/);
  });

  it('limits connections per client IP (421 past the limit)', async () => {
    const open = await Promise.all([1, 2, 3].map(() => SmtpDialog.open(t.smtpPort)));
    try {
      for (const { greeting } of open) expect(greeting).toMatch(/^220 /);
      const fourth = await SmtpDialog.open(t.smtpPort);
      expect(fourth.greeting).toMatch(/^421 4\.7\.0/);
      fourth.dialog.close();
    } finally {
      for (const { dialog } of open) dialog.close();
    }
  });

  it('turns an authenticated bounce of a message the agent sent into a suppression that inbox_send then refuses', async () => {
    const agent = await createBrokerPrincipal(t);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    // The message that bounces (no relay here: it is held, and recorded outbound with its Message-ID).
    const sent = await brokerTool(t, agent.token, 'inbox_send', { to: 'gone@remote.example', subject: 'hello', text: 'hi' });
    expect(sent.isError).toBe(false);
    const { dialog } = await SmtpDialog.open(t.smtpPort);
    try {
      await dialog.command('EHLO mx.remote.example');
      await dialog.command('MAIL FROM:<>');
      expect(await dialog.command(`RCPT TO:<${address}>`)).toMatch(/^250/);
      await dialog.command('DATA');
      const dsn = [
        'From: MAILER-DAEMON@remote.example',
        `To: ${address}`,
        'Subject: Undelivered Mail Returned to Sender',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        '--b1',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.remote.example',
        '',
        'Final-Recipient: rfc822; gone@remote.example',
        'Action: failed',
        'Status: 5.1.1',
        '--b1',
        'Content-Type: text/rfc822-headers',
        '',
        `From: ${address}`,
        'To: gone@remote.example',
        'Subject: hello',
        `Message-ID: ${sent.data.message_id}`,
        '--b1--',
      ].join('\r\n');
      expect(await dialog.data(dsn)).toMatch(/^250/);
    } finally {
      dialog.close();
    }
    const suppressions = await t.inject({
      method: 'GET',
      url: `/admin/inbox/suppressions?handle=${agent.agentHandle}`,
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(suppressions.json().suppressions).toMatchObject([{ address: 'gone@remote.example', reason: 'bounce' }]);
    const send = await brokerTool(t, agent.token, 'inbox_send', { to: 'gone@remote.example', subject: 'hello again', text: 'hi' });
    expect(send.isError).toBe(true);
    expect(send.data.error).toMatchObject({ code: 'recipient_suppressed', retryable: false, side_effects: { email_sent: false } });
  });
});
