// A hostile mail sender against the inbound SMTP listener (issue 21): forged bounces and complaints,
// one message to 50 mailboxes, a mailbox quota, NUL characters and lone surrogates, and per-client
// budgets keyed by the IPv6 /64. Real SMTP over loopback, the real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailAuthenticator } from '../../../src/inbox/services/mail-authenticator.js';
import { RetentionSweeper } from '../../../src/inbox/services/retention.js';
import { SmtpListener } from '../../../src/inbox/smtp/smtp-listener.js';
import { brokerTool, createBrokerPrincipal, type BrokerTestPrincipal } from '../../support/broker.js';
import { insertAgent, insertOwner } from '../../support/factories/index.js';
import { createInboxApp, SmtpDialog, type InboxTestApp } from '../../support/inbox.js';

const MAIL_DOMAIN = 'agents.test';
const QUOTA = 10_000;

describe('inbox: a hostile mail sender', () => {
  let t: InboxTestApp;
  beforeAll(async () => {
    t = await createInboxApp({
      env: { MAIL_DOMAIN, RATE_LIMIT_GENERAL: 'off', INBOX_MAILBOX_QUOTA_BYTES: String(QUOTA), INBOX_SMTP_MAX_CONNECTIONS_PER_IP: '3' },
      txt: {
        // The reporting MTA of genuine bounces: SPF for its HELO name passes from 127.0.0.1.
        'mx.remote.example': ['v=spf1 ip4:127.0.0.1 -all'],
        // A forger's HELO name whose SPF refuses 127.0.0.1.
        'mx.forger.example': ['v=spf1 ip4:192.0.2.1 -all'],
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** One SMTP transaction; the reply to each step (the DATA reply last). */
  async function transaction(opts: { helo?: string; from?: string; to: string[]; body: string }): Promise<string[]> {
    const { dialog } = await SmtpDialog.open(t.smtpPort);
    try {
      const replies = [await dialog.command(`EHLO ${opts.helo ?? 'client.example'}`)];
      replies.push(await dialog.command(`MAIL FROM:<${opts.from ?? ''}>`));
      for (const rcpt of opts.to) replies.push(await dialog.command(`RCPT TO:<${rcpt}>`));
      const data = await dialog.command('DATA');
      replies.push(data);
      if (data.startsWith('354')) replies.push(await dialog.data(opts.body));
      return replies;
    } finally {
      dialog.close();
    }
  }

  function dsn(to: string, failed: string, original: string[]): string {
    return [
      'From: MAILER-DAEMON@remote.example',
      `To: ${to}`,
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
      `Final-Recipient: rfc822; ${failed}`,
      'Action: failed',
      'Status: 5.1.1',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      ...original,
      '--b1--',
    ].join('\r\n');
  }

  async function suppressions(agentId: string): Promise<Array<{ address: string; reason: string }>> {
    return t.sql(`SELECT address, reason FROM inbox_suppression WHERE agent_id = $1 ORDER BY address`, [agentId]);
  }

  async function sentTo(agent: BrokerTestPrincipal, to: string): Promise<string> {
    const sent = await brokerTool(t, agent.token, 'inbox_send', { to, subject: 'Question', text: 'Hello support.' });
    expect(sent.isError).toBe(false);
    return sent.data.message_id as string;
  }

  describe('forged bounces and complaints never create a suppression', () => {
    it('a bounce that names no message the agent sent is stored as mail, not acted on (audited)', async () => {
      const agent = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      await sentTo(agent, 'support@service.example');
      const replies = await transaction({ helo: 'mx.remote.example', to: [address], body: dsn(address, 'support@service.example', []) });
      expect(replies.at(-1)).toMatch(/^250 /);
      expect(await suppressions(agent.agentId)).toEqual([]);
      const stored = await t.sql<{ subject: string }>(`SELECT subject FROM inbox_message WHERE agent_id = $1 AND direction = 'inbound'`, [
        agent.agentId,
      ]);
      expect(stored).toEqual([{ subject: 'Undelivered Mail Returned to Sender' }]);
      const audit = await t.sql<{ action: string; detail: { reason: string; address: string } }>(
        `SELECT action, detail FROM inbox_audit WHERE agent_id = $1`,
        [agent.agentId],
      );
      expect(audit).toMatchObject([
        { action: 'ignore_bounce', detail: { reason: 'no_matching_sent_message', address: 'support@service.example' } },
      ]);
      // And the agent can still write to support@.
      const again = await brokerTool(t, agent.token, 'inbox_send', { to: 'support@service.example', subject: 'Still there?', text: 'hi' });
      expect(again.isError).toBe(false);
    });

    it('a bounce that names a wrong Message-ID, or one the agent sent to someone else, is not acted on', async () => {
      const agent = await createBrokerPrincipal(t);
      const other = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      await sentTo(agent, 'support@service.example');
      const toSomeoneElse = await sentTo(agent, 'sales@service.example');
      const othersMessage = await sentTo(other, 'support@service.example');
      for (const messageId of ['<made-up-0123456789@agents.test>', toSomeoneElse, othersMessage]) {
        const body = dsn(address, 'support@service.example', [
          `From: ${address}`,
          'To: support@service.example',
          `Message-ID: ${messageId}`,
        ]);
        expect((await transaction({ helo: 'mx.remote.example', to: [address], body })).at(-1)).toMatch(/^250 /);
      }
      expect(await suppressions(agent.agentId)).toEqual([]);
    });

    it('a bounce naming the real message but failing authentication (SPF fail) is not acted on', async () => {
      const agent = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      const messageId = await sentTo(agent, 'support@service.example');
      const body = dsn(address, 'support@service.example', [`Message-ID: ${messageId}`]);
      expect((await transaction({ helo: 'mx.forger.example', to: [address], body })).at(-1)).toMatch(/^250 /);
      // Unauthenticated: a HELO name without any SPF record.
      expect((await transaction({ helo: 'unknown.example', to: [address], body })).at(-1)).toMatch(/^250 /);
      expect(await suppressions(agent.agentId)).toEqual([]);
      const [stored] = await t.sql<{ auth: { spf: string } }>(
        `SELECT auth FROM inbox_message WHERE agent_id = $1 AND direction = 'inbound' ORDER BY received_at LIMIT 1`,
        [agent.agentId],
      );
      // The verdict is recorded either way.
      expect(stored.auth.spf).toBe('fail');
      const audit = await t.sql<{ reason: string }>(`SELECT detail->>'reason' AS reason FROM inbox_audit WHERE agent_id = $1`, [
        agent.agentId,
      ]);
      expect(audit.map((a) => a.reason)).toEqual(['not_authenticated', 'not_authenticated']);
    });

    it('a forged complaint (ARF) naming no sent message is not acted on; an authenticated one naming it is', async () => {
      const agent = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      const messageId = await sentTo(agent, 'person@service.example');
      const arf = (original: string[]) =>
        [
          'From: abuse@remote.example',
          `To: ${address}`,
          'Subject: Abuse report',
          'MIME-Version: 1.0',
          'Content-Type: multipart/report; report-type=feedback-report; boundary="b2"',
          '',
          '--b2',
          'Content-Type: message/feedback-report',
          '',
          'Feedback-Type: abuse',
          'Original-Rcpt-To: person@service.example',
          '--b2',
          'Content-Type: message/rfc822',
          '',
          ...original,
          '--b2--',
        ].join('\r\n');
      const forged = arf([`From: ${address}`, 'To: person@service.example', 'Subject: x']);
      expect((await transaction({ helo: 'mx.remote.example', to: [address], body: forged })).at(-1)).toMatch(/^250 /);
      expect(await suppressions(agent.agentId)).toEqual([]);
      const genuine = arf([`From: ${address}`, 'To: person@service.example', `Message-ID: ${messageId}`, 'Subject: Question']);
      expect((await transaction({ helo: 'mx.remote.example', to: [address], body: genuine })).at(-1)).toMatch(/^250 /);
      expect(await suppressions(agent.agentId)).toEqual([{ address: 'person@service.example', reason: 'complaint' }]);
    });

    it('a genuine bounce (authenticated, naming the message sent to that address) still suppresses it', async () => {
      const agent = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      const messageId = await sentTo(agent, 'gone@service.example');
      const body = dsn(address, 'gone@service.example', [`From: ${address}`, 'To: gone@service.example', `Message-ID: ${messageId}`]);
      expect((await transaction({ helo: 'mx.remote.example', to: [address], body })).at(-1)).toMatch(/^250 /);
      expect(await suppressions(agent.agentId)).toEqual([{ address: 'gone@service.example', reason: 'bounce' }]);
      const send = await brokerTool(t, agent.token, 'inbox_send', { to: 'gone@service.example', subject: 'again', text: 'hi' });
      expect(send.data.error).toMatchObject({ code: 'recipient_suppressed' });
    });
  });

  describe('one raw source per transaction, and a mailbox quota', () => {
    it('stores a message to 50 mailboxes with ONE raw source; retention deletes it with the last message', async () => {
      const owner = await insertOwner(t);
      const agents = [];
      for (let i = 0; i < 50; i++) agents.push(await insertAgent(t, owner.id, { name: `Fan out ${i}` }));
      const body = `From: sender@remote.example\r\nSubject: to fifty\r\n\r\n${'Fifty mailboxes, one source.\r\n'.repeat(20)}`;
      const replies = await transaction({ from: 'sender@remote.example', to: agents.map((a) => `${a.handle}@${MAIL_DOMAIN}`), body });
      expect(replies.at(-1)).toMatch(/^250 /);
      const ids = agents.map((a) => a.id);
      const rows = await t.sql<{ raw_id: string }>(`SELECT raw_id FROM inbox_message WHERE agent_id = ANY($1::uuid[])`, [ids]);
      expect(rows).toHaveLength(50);
      const rawIds = [...new Set(rows.map((r) => r.raw_id))];
      expect(rawIds).toHaveLength(1);
      const [raw] = await t.sql<{ n: number; size: number }>(
        `SELECT count(*)::int AS n, max(octet_length(raw))::int AS size FROM inbox_raw_message WHERE id = $1`,
        [rawIds[0]],
      );
      expect(raw.n).toBe(1);
      expect(raw.size).toBeGreaterThan(600);

      // 49 of the 50 expire: the source stays for the last one.
      const sweeper = t.app.get(RetentionSweeper, { strict: false });
      await t.sql(`UPDATE inbox_message SET expires_at = now() - interval '1 minute' WHERE agent_id = ANY($1::uuid[])`, [ids.slice(1)]);
      expect(await sweeper.sweep()).toBe(49);
      expect(await t.sql(`SELECT id FROM inbox_raw_message WHERE id = $1`, [rawIds[0]])).toHaveLength(1);
      // The last one expires: the source goes with it.
      await t.sql(`UPDATE inbox_message SET expires_at = now() - interval '1 minute' WHERE agent_id = $1`, [ids[0]]);
      expect(await sweeper.sweep()).toBe(1);
      // Each mailbox got its bytes back.
      const counters = await t.sql<{ used: number }>(`SELECT used_bytes::int AS used FROM inbox_mailbox WHERE agent_id = ANY($1::uuid[])`, [
        ids,
      ]);
      expect(counters.map((c) => c.used)).toEqual(ids.map(() => 0));
      expect(await t.sql(`SELECT id FROM inbox_raw_message WHERE id = $1`, [rawIds[0]])).toEqual([]);
    });

    it('deletes a raw source left without messages (deleted some other way) in the retention pass', async () => {
      const agent = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      await transaction({ from: 'a@remote.example', to: [address], body: 'Subject: orphan\r\n\r\nx' });
      const [row] = await t.sql<{ raw_id: string }>(`SELECT raw_id FROM inbox_message WHERE agent_id = $1`, [agent.agentId]);
      await t.sql(`DELETE FROM inbox_message WHERE agent_id = $1`, [agent.agentId]);
      await t.sql(`UPDATE inbox_raw_message SET created_at = now() - interval '2 hours' WHERE id = $1`, [row.raw_id]);
      await t.app.get(RetentionSweeper, { strict: false }).sweep();
      expect(await t.sql(`SELECT id FROM inbox_raw_message WHERE id = $1`, [row.raw_id])).toEqual([]);
    });

    it('refuses mail past the quota: 452 4.2.2 at DATA (nothing written for any recipient), then at RCPT; 552 5.2.2 when larger than the quota', async () => {
      const full = await createBrokerPrincipal(t);
      const empty = await createBrokerPrincipal(t);
      const fullAddress = `${full.agentHandle}@${MAIL_DOMAIN}`;
      const emptyAddress = `${empty.agentHandle}@${MAIL_DOMAIN}`;
      const message = (subject: string, bytes: number) => `Subject: ${subject}\r\n\r\n${'q'.repeat(bytes)}`;
      expect((await transaction({ from: 'a@remote.example', to: [fullAddress], body: message('one', 4000) })).at(-1)).toMatch(/^250 /);
      expect((await transaction({ from: 'a@remote.example', to: [fullAddress], body: message('two', 4000) })).at(-1)).toMatch(/^250 /);
      // 8 KB held: another 4 KB would pass 10,000 bytes. Refused for both recipients, stored for neither.
      const refused = await transaction({ from: 'a@remote.example', to: [emptyAddress, fullAddress], body: message('three', 4000) });
      expect(refused.at(-1)).toMatch(/^452 4\.2\.2 Mailbox full: .*is at its quota of 10000 bytes/);
      expect(await t.sql(`SELECT id FROM inbox_message WHERE agent_id = $1`, [empty.agentId])).toEqual([]);
      expect(await t.sql(`SELECT subject FROM inbox_message WHERE agent_id = $1 ORDER BY received_at`, [full.agentId])).toEqual([
        { subject: 'one' },
        { subject: 'two' },
      ]);
      const [raws] = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM inbox_raw_message r WHERE NOT EXISTS (SELECT 1 FROM inbox_message m WHERE m.raw_id = r.id)`,
      );
      expect(raws.n).toBe(0);
      // The usage counters: the refused message raised neither (the one admitted first was rolled back).
      const used = async (agentId: string) =>
        Number((await t.sql<{ used_bytes: string }>(`SELECT used_bytes FROM inbox_mailbox WHERE agent_id = $1`, [agentId]))[0].used_bytes);
      const [sums] = await t.sql<{ total: number }>(`SELECT sum(size_bytes)::int AS total FROM inbox_message WHERE agent_id = $1`, [
        full.agentId,
      ]);
      expect(await used(full.agentId)).toBe(sums.total);
      expect(await used(empty.agentId)).toBe(0);
      // At the quota: the next RCPT is refused straight away.
      await t.sql(`UPDATE inbox_mailbox SET used_bytes = $2 WHERE agent_id = $1`, [full.agentId, QUOTA]);
      const atRcpt = await transaction({ from: 'a@remote.example', to: [fullAddress], body: message('four', 10) });
      expect(atRcpt[2]).toMatch(/^452 4\.2\.2 Mailbox full/);
      // A message larger than the whole quota can never be delivered: permanent.
      const huge = await transaction({ from: 'a@remote.example', to: [emptyAddress], body: message('huge', QUOTA + 100) });
      expect(huge.at(-1)).toMatch(/^552 5\.2\.2 /);
      expect(await t.sql(`SELECT id FROM inbox_message WHERE agent_id = $1`, [empty.agentId])).toEqual([]);
    });
  });

  it('keeps the quota exact when messages race: of three that each fit alone, only the two that fit together are stored', async () => {
    const agent = await createBrokerPrincipal(t);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    // Three connections (the per-client limit here), each up to the end of its DATA, then all bodies at once:
    // 4,000 bytes each, 10,000 allowed.
    const dialogs = await Promise.all(Array.from({ length: 3 }, () => SmtpDialog.open(t.smtpPort)));
    try {
      for (const { dialog } of dialogs) {
        await dialog.command('EHLO client.example');
        await dialog.command('MAIL FROM:<a@remote.example>');
        expect(await dialog.command(`RCPT TO:<${address}>`)).toMatch(/^250/);
        expect(await dialog.command('DATA')).toMatch(/^354/);
      }
      const replies = await Promise.all(dialogs.map(({ dialog }, i) => dialog.data(`Subject: race ${i}\r\n\r\n${'r'.repeat(3980)}`)));
      const accepted = replies.filter((r) => r.startsWith('250')).length;
      expect(replies.filter((r) => !r.startsWith('250')).every((r) => /^452 4\.2\.2/.test(r))).toBe(true);
      const [row] = await t.sql<{ n: number; total: number; used: string }>(
        `SELECT count(*)::int AS n, coalesce(sum(m.size_bytes), 0)::int AS total, max(b.used_bytes)::text AS used
           FROM inbox_mailbox b LEFT JOIN inbox_message m ON m.agent_id = b.agent_id WHERE b.agent_id = $1`,
        [agent.agentId],
      );
      expect(accepted).toBe(2);
      expect(row.n).toBe(2);
      expect(row.total).toBeLessThanOrEqual(QUOTA);
      expect(Number(row.used)).toBe(row.total);
    } finally {
      for (const { dialog } of dialogs) dialog.close();
    }
  });

  it('refuses a header section over INBOX_MAX_HEADER_BYTES (64 KiB) with 552 5.3.4 before parsing it; one under it is stored', async () => {
    const agent = await createBrokerPrincipal(t);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    const count = async () =>
      (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM inbox_message WHERE agent_id = $1`, [agent.agentId]))[0].n;
    // A header that mailauth would scan byte by byte for a quarter of a second.
    const huge = await transaction({
      from: 'a@remote.example',
      to: [address],
      body: `X-Huge: ${'h'.repeat(200_000)}\r\nSubject: big\r\n\r\nbody`,
    });
    expect(huge.at(-1)).toMatch(/^552 5\.3\.4 Message header too big/);
    // Folded over many lines, or with bare LF line ends, it counts the same.
    const folded = Array.from({ length: 2000 }, (_, i) => `X-Line-${i}: ${'f'.repeat(40)}`).join('\n');
    expect((await transaction({ from: 'a@remote.example', to: [address], body: `${folded}\n\nbody` })).at(-1)).toMatch(/^552 5\.3\.4 /);
    expect(await count()).toBe(0);
    const large = await transaction({
      from: 'a@remote.example',
      to: [address],
      body: `X-Large: ${'l'.repeat(3_000)}\r\nSubject: fits\r\n\r\nbody`,
    });
    expect(large.at(-1)).toMatch(/^250 /);
    expect(await count()).toBe(1);
  });

  describe('NUL characters and lone surrogates are stored sanitized, never answered 451', () => {
    async function readOnly(agent: BrokerTestPrincipal) {
      const list = await brokerTool(t, agent.token, 'inbox_list', {});
      expect(list.data.messages).toHaveLength(1);
      const read = await brokerTool(t, agent.token, 'inbox_read', { message_id: list.data.messages[0].id });
      expect(read.isError).toBe(false);
      return read.data;
    }

    it('a NUL in the From name, the subject, a kept header, the body and an attachment name', async () => {
      const agent = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      const body = [
        'From: "\u0000" <x@y.example>',
        `To: ${address}`,
        'Subject: Hello\u0000world',
        'List-Id: <list\u0000id.example>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="nul"',
        '',
        '--nul',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Body with a \u0000 in it, code 482913.',
        '--nul',
        'Content-Type: application/octet-stream',
        'Content-Disposition: attachment; filename="a\u0000b.txt"',
        '',
        'content',
        '--nul--',
      ].join('\r\n');
      const replies = await transaction({ from: 'x@y.example', to: [address], body });
      expect(replies.at(-1)).toMatch(/^250 /);
      const read = await readOnly(agent);
      expect(read.subject).toBe('Hello\uFFFDworld');
      expect(read.text).toContain('Body with a \uFFFD in it');
      expect(read.attachments[0].filename).toBe('a\uFFFDb.txt');
      expect(read.headers['list-id']).toBe('<list\uFFFDid.example>');
      expect(JSON.stringify(read)).not.toContain('\\u0000');
    });

    it('lone surrogates (UTF-16 encoded words and an RFC 2231 file name)', async () => {
      const agent = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      const body = [
        'From: "=?UTF-16BE?B?2AA=?=" <x@y.example>',
        `To: ${address}`,
        'Subject: =?UTF-16BE?B?AEHcAA==?= hi',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'body',
        '--b',
        'Content-Type: application/octet-stream',
        "Content-Disposition: attachment; filename*=utf-16be''%D8%00%00a",
        '',
        'xx',
        '--b--',
      ].join('\r\n');
      expect((await transaction({ from: 'x@y.example', to: [address], body })).at(-1)).toMatch(/^250 /);
      const read = await readOnly(agent);
      expect(read.subject).toBe('A\uFFFD hi');
      expect(read.attachments[0].filename).toBe('\uFFFDa');
    });
  });

  describe('mail authentication looks DNS up once per name (issue 25)', () => {
    it('a second message from the same sender and HELO is authenticated from the cache, and its verdict still recorded', async () => {
      const agent = await createBrokerPrincipal(t);
      const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
      const authenticator = t.app.get(MailAuthenticator, { strict: false });
      const body = (n: number) => `From: a@mx.remote.example\r\nTo: ${address}\r\nSubject: cached ${n}\r\n\r\nhello`;
      expect((await transaction({ helo: 'mx.remote.example', from: 'a@mx.remote.example', to: [address], body: body(1) })).at(-1)).toMatch(
        /^250 /,
      );
      const after1 = authenticator.dnsStats.queries;
      expect((await transaction({ helo: 'mx.remote.example', from: 'a@mx.remote.example', to: [address], body: body(2) })).at(-1)).toMatch(
        /^250 /,
      );
      expect(authenticator.dnsStats.queries).toBe(after1);
      const auth = await t.sql<{ spf: string }>(`SELECT auth->>'spf' AS spf FROM inbox_message WHERE agent_id = $1 ORDER BY received_at`, [
        agent.agentId,
      ]);
      expect(auth).toEqual([{ spf: 'pass' }, { spf: 'pass' }]);
    });
  });

  describe('per-client budgets count an IPv6 client by its /64', () => {
    it('connections: three addresses of one /64 fill its limit, a fourth is refused (421), another /64 is not', () => {
      const listener = t.app.get(SmtpListener, { strict: false });
      const outcome = (remoteAddress: string) => {
        let result: Error | undefined | 'ok' = undefined;
        const session = { remoteAddress };
        listener.onConnect(session, (error) => (result = error ?? 'ok'));
        return { session, result: result as Error | 'ok' | undefined };
      };
      const open = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3'].map(outcome);
      try {
        expect(open.map((o) => o.result)).toEqual(['ok', 'ok', 'ok']);
        const fourth = outcome('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
        expect(fourth.result).toMatchObject({ responseCode: 421 });
        const elsewhere = outcome('2001:db8:1:3::1');
        expect(elsewhere.result).toBe('ok');
        listener.onClose(elsewhere.session);
      } finally {
        for (const o of open) listener.onClose(o.session);
      }
      // Closed again: the /64 has its connections back.
      const after = outcome('2001:db8:1:2::9');
      expect(after.result).toBe('ok');
      listener.onClose(after.session);
    });

    it('messages: the budget of one /64 is spent by all its addresses together', async () => {
      const listener = t.app.get(SmtpListener, { strict: false });
      const limit = t.config.rateLimitInboxSmtpIp.limit;
      for (let i = 0; i < limit; i++) await listener.admitMessage(`2001:db8:5:6::${(i + 1).toString(16)}`);
      await expect(listener.admitMessage('2001:db8:5:6:ffff::1')).rejects.toMatchObject({ responseCode: 451 });
      await expect(listener.admitMessage('2001:db8:5:7::1')).resolves.toBeUndefined();
    });
  });
});
