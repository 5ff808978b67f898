import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../../../src/common/mail/mail.service.js';
import { INBOX_RETENTION_CRON, INBOX_RETENTION_QUEUE, RetentionSweeper } from '../../../src/inbox/services/retention.js';
import { WaitHub } from '../../../src/inbox/services/wait-hub.js';
import { brokerCall, brokerTool, createBrokerPrincipal } from '../../support/broker.js';
import { createInboxApp, deliver, type InboxTestApp } from '../../support/inbox.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { sleep } from '../../support/wait.js';

const MAIL_DOMAIN = 'agents.test';
const OPERATOR = 'mco_inbox_tools_operator_0123456789000000000000';

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('inbox: the four broker tools, two instances sharing one database, the relay', () => {
  let a: InboxTestApp;
  let b: InboxTestApp;
  let relay: SmtpSink;

  beforeAll(async () => {
    relay = await startSmtpSink();
    a = await createInboxApp({
      env: { MAIL_DOMAIN, SMTP_RELAY_URL: relay.url, RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_INBOX_SEND_AGENT: '4/3600' },
    });
    // A second instance on the same database, without a relay: mail is held there.
    b = await createInboxApp({
      databaseUrl: a.databaseUrl,
      env: { MAIL_DOMAIN, RATE_LIMIT_GENERAL: 'off', PUBLIC_BASE_URL: a.config.publicBaseUrl, OPERATOR_BOOTSTRAP_TOKEN: OPERATOR },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await relay?.stop();
  });

  it('lists the four inbox tools with their scopes and a wait timeout capped at 55 s in the schema', async () => {
    const agent = await createBrokerPrincipal(a);
    const list = await brokerCall(a, agent.token, 'tools/list');
    const tools = list.body.result.tools as Array<{
      name: string;
      inputSchema: { properties: Record<string, { maximum?: number; description?: string }> };
    }>;
    const names = tools.map((tool) => tool.name);
    expect(names.filter((n) => n.startsWith('inbox_'))).toEqual(['inbox_list', 'inbox_read', 'inbox_wait_for_email', 'inbox_send']);
    const wait = tools.find((tool) => tool.name === 'inbox_wait_for_email')!;
    expect(wait.inputSchema.properties.timeout_seconds.maximum).toBe(55);
    expect(wait.inputSchema.properties.since.description).toMatch(/120 seconds/);
  });

  it('wakes a waiter on one instance when mail arrives over SMTP at the other, through one shared listening connection', async () => {
    const agents = await Promise.all([1, 2, 3, 4, 5].map(() => createBrokerPrincipal(a)));
    const waits = agents.map((agent) =>
      brokerTool(a, agent.token, 'inbox_wait_for_email', { subject_contains: 'verify', require_otp: true, timeout_seconds: 20 }),
    );
    const hub = a.app.get(WaitHub, { strict: false });
    await until(() => hub.waiting === agents.length);
    // One LISTEN connection per instance, however many wait.
    const listeners = await a.sql<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'agentry-inbox-listen'`,
    );
    expect(Number(listeners[0].n)).toBe(2);

    const started = Date.now();
    for (const [i, agent] of agents.entries()) {
      // Noise first: not matching the filter, it must not end the wait.
      await deliver(b.smtpPort, { to: `${agent.agentHandle}@${MAIL_DOMAIN}`, subject: 'newsletter', text: 'Read our news.' });
      await deliver(b.smtpPort, {
        to: `${agent.agentHandle}@${MAIL_DOMAIN}`,
        subject: 'Please verify your email',
        text: `Your verification code is 40${i}913.`,
      });
    }
    const results = await Promise.all(waits);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const [i, result] of results.entries()) {
      expect(result.isError).toBe(false);
      expect(result.data.message).toMatchObject({ subject: 'Please verify your email', otp: { code: `40${i}913` }, direction: 'inbound' });
      expect(result.data.waited_ms).toBeLessThan(19_000);
    }
    expect(hub.waiting).toBe(0);
  });

  it('returns mail that arrived just before the call (default look-back), and wait_timeout names the since to retry with', async () => {
    const agent = await createBrokerPrincipal(a);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    await deliver(a.smtpPort, { to: address, subject: 'Your sign-in code', text: 'Sign-in code: 771204' });
    const early = await brokerTool(a, agent.token, 'inbox_wait_for_email', { require_otp: true, timeout_seconds: 5 });
    expect(early.data.message.otp.code).toBe('771204');
    expect(early.data.waited_ms).toBeLessThan(2000);

    const timedOut = await brokerTool(a, agent.token, 'inbox_wait_for_email', { subject_contains: 'second', timeout_seconds: 1 });
    expect(timedOut.isError).toBe(true);
    expect(timedOut.data.error).toMatchObject({ code: 'wait_timeout', retryable: true, side_effects: {} });
    const since = /since="([^"]+)"/.exec(timedOut.data.error.next_step)![1];
    await deliver(a.smtpPort, { to: address, subject: 'The second mail', text: 'hello' });
    const retried = await brokerTool(a, agent.token, 'inbox_wait_for_email', { subject_contains: 'second', since, timeout_seconds: 5 });
    expect(retried.data.message.subject).toBe('The second mail');
    expect(retried.data.since).toBe(since);
  });

  it('delivers mail the service itself sends to a mailbox (ledger copies) into that mailbox', async () => {
    const agent = await createBrokerPrincipal(a);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    const result = await a.app
      .get(MailService)
      .send({ to: address, subject: 'Ledger: you accepted the terms of rp.example', text: 'Terms hash 1f2e…' });
    expect(result).toMatchObject({ status: 'sent', localDelivery: true });
    const list = await brokerTool(a, agent.token, 'inbox_list', { direction: 'inbound' });
    expect(list.data.messages).toHaveLength(1);
    const read = await brokerTool(a, agent.token, 'inbox_read', { message_id: list.data.messages[0].id });
    expect(read.data).toMatchObject({ subject: 'Ledger: you accepted the terms of rp.example', authentication: { verdict: 'local' } });
    // Unknown local mailboxes are recorded as failed, not silently dropped.
    const unknown = await a.app.get(MailService).send({ to: `nobody-xyz@${MAIL_DOMAIN}`, subject: 's', text: 't' });
    expect(unknown.status).toBe('failed');
  });

  it('paginates newest first with a cursor and filters; another agent’s message is message_not_found', async () => {
    const agent = await createBrokerPrincipal(a);
    const other = await createBrokerPrincipal(a);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    for (let i = 0; i < 5; i++) {
      await deliver(a.smtpPort, {
        to: address,
        from: `s${i}@sender.example`,
        subject: `Message ${i}`,
        text: i === 3 ? 'Your code is 123987' : 'hello',
      });
    }
    const first = await brokerTool(a, agent.token, 'inbox_list', { limit: 2 });
    expect(first.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Message 4', 'Message 3']);
    const second = await brokerTool(a, agent.token, 'inbox_list', { limit: 2, cursor: first.data.next_cursor });
    expect(second.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Message 2', 'Message 1']);
    const third = await brokerTool(a, agent.token, 'inbox_list', { limit: 2, cursor: second.data.next_cursor });
    expect(third.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Message 0']);
    expect(third.data.next_cursor).toBeNull();
    const withOtp = await brokerTool(a, agent.token, 'inbox_list', { has_otp: true });
    expect(withOtp.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Message 3']);
    const fromFilter = await brokerTool(a, agent.token, 'inbox_list', { from: 's1@' });
    expect(fromFilter.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Message 1']);

    const foreign = await brokerTool(a, other.token, 'inbox_read', { message_id: first.data.messages[0].id });
    expect(foreign.isError).toBe(true);
    expect(foreign.data.error.code).toBe('message_not_found');
    const bogus = await brokerTool(a, agent.token, 'inbox_read', { message_id: 'not-a-uuid' });
    expect(bogus.data.error.code).toBe('message_not_found');
  });

  it('sends through the relay from the agent’s own address only, strips CR/LF from headers, and records the outbound copy', async () => {
    const agent = await createBrokerPrincipal(a);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    relay.mode = 'accept';
    const before = relay.messages.length;
    const sent = await brokerTool(a, agent.token, 'inbox_send', {
      to: 'person@remote.example',
      subject: 'Hello\r\nBcc: victim@remote.example',
      text: 'Hi there',
    });
    expect(sent.isError).toBe(false);
    expect(sent.data).toMatchObject({
      status: 'sent',
      from: address,
      to: ['person@remote.example'],
      side_effects: { email_sent: true, recorded_outbound: true },
    });
    const relayed = relay.messages[before];
    expect(relayed.from).toBe(address);
    expect(relayed.to).toEqual(['person@remote.example']);
    expect(relayed.data).toMatch(new RegExp(`^From: ${address}`, 'm'));
    expect(relayed.data).not.toMatch(/^Bcc:/im);
    expect(relayed.data).toMatch(/^Subject: Hello Bcc: victim@remote.example/m);
    const outbound = await brokerTool(a, agent.token, 'inbox_list', { direction: 'outbound' });
    expect(outbound.data.messages).toMatchObject([
      { id: sent.data.id, direction: 'outbound', status: 'sent', to: ['person@remote.example'] },
    ]);

    // A From of the caller's choosing is refused; so are malformed or header-injecting recipients.
    const spoof = await brokerTool(a, agent.token, 'inbox_send', {
      from: 'ceo@bank.example',
      to: 'person@remote.example',
      subject: 's',
      text: 't',
    });
    expect(spoof.data.error).toMatchObject({ code: 'validation_failed' });
    expect(spoof.data.error.message).toMatch(/from/);
    const injected = await brokerTool(a, agent.token, 'inbox_send', {
      to: 'person@remote.example\r\nBcc: victim@remote.example',
      subject: 's',
      text: 't',
    });
    expect(injected.data.error.code).toBe('validation_failed');
    // The service's one address rule: a numeric top-level domain is not an address.
    const numericTld = await brokerTool(a, agent.token, 'inbox_send', { to: 'person@remote.123', subject: 's', text: 't' });
    expect(numericTld.data.error).toMatchObject({ code: 'validation_failed', side_effects: { email_sent: false } });
    expect(relay.messages.length).toBe(before + 1);
  });

  it('send_failed (retryable, nothing sent) when the relay refuses; internal_error with email_sent "unknown" when it drops after the body', async () => {
    const agent = await createBrokerPrincipal(a);
    try {
      relay.mode = 'reject';
      const refused = await brokerTool(a, agent.token, 'inbox_send', { to: 'person@remote.example', subject: 'one', text: 't' });
      expect(refused.data.error).toMatchObject({ code: 'send_failed', retryable: true, side_effects: { email_sent: false } });
      relay.mode = 'drop-after-data';
      const dropped = await brokerTool(a, agent.token, 'inbox_send', { to: 'person@remote.example', subject: 'two', text: 't' });
      expect(dropped.data.error).toMatchObject({ code: 'internal_error', retryable: false, side_effects: { email_sent: 'unknown' } });
    } finally {
      relay.mode = 'accept';
    }
    const rows = await a.sql<{ subject: string; status: string }>(
      `SELECT subject, status FROM inbox_message WHERE agent_id = $1 ORDER BY received_at`,
      [agent.agentId],
    );
    expect(rows).toEqual([
      { subject: 'one', status: 'failed' },
      { subject: 'two', status: 'sent' },
    ]);
  });

  it('delivers agent-to-agent mail locally, holds external mail without a relay, and enforces the per-agent budget', async () => {
    const sender = await createBrokerPrincipal(a);
    const receiver = await createBrokerPrincipal(a);
    const waiting = brokerTool(a, receiver.token, 'inbox_wait_for_email', { from: sender.agentHandle, timeout_seconds: 10 });
    // Sent on instance b (no relay): the local recipient gets it, and the waiter on instance a wakes.
    const local = await brokerTool(b, sender.token, 'inbox_send', {
      to: `${receiver.agentHandle}@${MAIL_DOMAIN}`,
      subject: 'Between agents',
      text: 'Code 918273',
    });
    expect(local.data, JSON.stringify(local.body)).toMatchObject({ status: 'delivered', side_effects: { email_sent: true } });
    const received = await waiting;
    expect(received.data.message).toMatchObject({
      subject: 'Between agents',
      from: `${sender.agentHandle}@${MAIL_DOMAIN}`,
      authentication: { verdict: 'local' },
    });

    const held = await brokerTool(b, sender.token, 'inbox_send', { to: 'person@remote.example', subject: 'Held', text: 't' });
    expect(held.data).toMatchObject({ status: 'held', side_effects: { email_sent: false, held: true } });
    // Operators see the held mail and the mailbox's usage.
    const op = { authorization: `Bearer ${OPERATOR}` };
    const heldList = await b.inject({ method: 'GET', url: '/admin/inbox/held', headers: op });
    expect(heldList.json().held).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: held.data.id, to: ['person@remote.example'], subject: 'Held' })]),
    );
    const usage = await b.inject({ method: 'GET', url: `/admin/inbox/mailboxes/${sender.agentHandle}`, headers: op });
    expect(usage.json()).toMatchObject({
      handle: sender.agentHandle,
      status: 'active',
      outbound_messages: 2,
      held_messages: 1,
      inbound_messages: 0,
    });
    const receiverUsage = await b.inject({ method: 'GET', url: `/admin/inbox/mailboxes/${receiver.agentHandle}`, headers: op });
    expect(receiverUsage.json()).toMatchObject({ inbound_messages: 1 });
    expect((await b.inject({ method: 'GET', url: '/admin/inbox/mailboxes/no-such-agent', headers: op })).statusCode).toBe(404);
    const unknownLocal = await brokerTool(b, sender.token, 'inbox_send', { to: `nobody-xyz@${MAIL_DOMAIN}`, subject: 's', text: 't' });
    expect(unknownLocal.data.error).toMatchObject({ code: 'validation_failed', side_effects: { email_sent: false } });

    // Budget: 4 per hour per agent on instance a.
    for (let i = 0; i < 4; i++) {
      expect((await brokerTool(a, sender.token, 'inbox_send', { to: 'x@remote.example', subject: `n${i}`, text: 't' })).isError).toBe(
        false,
      );
    }
    const over = await brokerTool(a, sender.token, 'inbox_send', { to: 'x@remote.example', subject: 'n5', text: 't' });
    // Legacy-era budget refusals answer HTTP 200 with the JSON-RPC error and Retry-After.
    expect(over.status).toBe(200);
    expect(over.body.error).toMatchObject({ data: { error: 'rate_limited', retryable: true } });
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('checks scopes per tool (inbox:send is not inbox:read) and refuses a revoked agent with agent_revoked', async () => {
    const reader = await createBrokerPrincipal(a, { scopes: ['inbox:read'] });
    const denied = await brokerTool(a, reader.token, 'inbox_send', { to: 'x@remote.example', subject: 's', text: 't' });
    expect(denied.status).toBe(403);
    expect(String(denied.headers['www-authenticate'])).toMatch(/insufficient_scope/);
    expect((await brokerTool(a, reader.token, 'inbox_list', {})).isError).toBe(false);
    await a.sql(`UPDATE identity_agent SET status = 'suspended' WHERE id = $1`, [reader.agentId]);
    const revoked = await brokerTool(a, reader.token, 'inbox_wait_for_email', { timeout_seconds: 1 });
    expect(revoked.data.error.code).toBe('agent_revoked');
  });

  it('mirrors the tools over REST under /api/v1/broker/inbox with the same scopes and error codes', async () => {
    const agent = await createBrokerPrincipal(a, { scopes: ['inbox:read'] });
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    await deliver(a.smtpPort, { to: address, subject: 'REST mirror', text: 'Your code: 560193' });
    const auth = { authorization: `Bearer ${agent.token}` };
    const list = await a.inject({ method: 'GET', url: '/api/v1/broker/inbox/messages?has_otp=true', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().messages).toMatchObject([{ subject: 'REST mirror', has_otp: true }]);
    const read = await a.inject({ method: 'GET', url: `/api/v1/broker/inbox/messages/${list.json().messages[0].id}`, headers: auth });
    expect(read.json().otp.code).toBe('560193');
    const missing = await a.inject({
      method: 'GET',
      url: '/api/v1/broker/inbox/messages/00000000-0000-4000-8000-000000000000',
      headers: auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('message_not_found');
    const wait = await a.inject({
      method: 'POST',
      url: '/api/v1/broker/inbox/wait',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: { subject_contains: 'REST' },
    });
    expect(wait.json().message.subject).toBe('REST mirror');
    const send = await a.inject({
      method: 'POST',
      url: '/api/v1/broker/inbox/send',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: { to: ['x@remote.example'], subject: 's', text: 't' },
    });
    expect(send.statusCode).toBe(403);
    expect(send.json().error).toBe('insufficient_scope');
    expect((await a.inject({ method: 'GET', url: '/api/v1/broker/inbox/messages' })).statusCode).toBe(401);
    const openapi = await a.inject({ method: 'GET', url: '/openapi.json' });
    if (openapi.statusCode === 200) {
      expect(Object.keys(openapi.json().paths)).toEqual(
        expect.arrayContaining(['/api/v1/broker/inbox/messages', '/api/v1/broker/inbox/send', '/admin/inbox/mailboxes']),
      );
    }
  });

  it('removes expired mail in the scheduled cleanup', async () => {
    const agent = await createBrokerPrincipal(a);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    await deliver(a.smtpPort, { to: address, subject: 'old', text: 'x' });
    await deliver(a.smtpPort, { to: address, subject: 'new', text: 'x' });
    const [raw] = await a.sql<{ has_raw: boolean; expires_in_days: number }>(
      `SELECT r.raw IS NOT NULL AS has_raw, round(extract(epoch FROM m.expires_at - m.received_at) / 86400) AS expires_in_days
         FROM inbox_message m JOIN inbox_raw_message r ON r.id = m.raw_id WHERE m.agent_id = $1 LIMIT 1`,
      [agent.agentId],
    );
    expect(raw).toMatchObject({ has_raw: true });
    expect(Number(raw.expires_in_days)).toBe(30);
    await a.sql(`UPDATE inbox_message SET expires_at = now() - interval '1 minute' WHERE agent_id = $1 AND subject = 'old'`, [
      agent.agentId,
    ]);
    expect(await a.app.get(RetentionSweeper, { strict: false }).sweep()).toBeGreaterThanOrEqual(1);
    const left = await a.sql<{ subject: string }>(`SELECT subject FROM inbox_message WHERE agent_id = $1`, [agent.agentId]);
    expect(left).toEqual([{ subject: 'new' }]);
  });

  it('runs retention as one hourly pg-boss job for both instances; a queued job deletes only expired mail', async () => {
    const agent = await createBrokerPrincipal(a);
    const address = `${agent.agentHandle}@${MAIL_DOMAIN}`;
    await deliver(a.smtpPort, { to: address, subject: 'expired', text: 'x' });
    await deliver(a.smtpPort, { to: address, subject: 'kept', text: 'x' });
    await a.sql(`UPDATE inbox_message SET expires_at = now() - interval '1 minute' WHERE agent_id = $1 AND subject = 'expired'`, [
      agent.agentId,
    ]);
    await a.sql(`UPDATE inbox_message SET expires_at = now() + interval '1 minute' WHERE agent_id = $1 AND subject = 'kept'`, [
      agent.agentId,
    ]);

    // Queued from the second instance: whichever instance's worker takes it, the shared database is swept.
    const retention = b.app.get(RetentionSweeper, { strict: false });
    const jobId = await retention.trigger();
    expect(jobId).toBeTruthy();
    const deadline = Date.now() + 20_000;
    while ((await retention.jobState(jobId!)) !== 'completed') {
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(200);
    }
    const left = await a.sql<{ subject: string }>(`SELECT subject FROM inbox_message WHERE agent_id = $1`, [agent.agentId]);
    expect(left).toEqual([{ subject: 'kept' }]);
    // Both instances registered the same schedule: one row, so one job per tick.
    const schedules = await a.sql<{ name: string; cron: string }>(`SELECT name, cron FROM pgboss.schedule WHERE name = $1`, [
      INBOX_RETENTION_QUEUE,
    ]);
    expect(schedules).toEqual([{ name: INBOX_RETENTION_QUEUE, cron: INBOX_RETENTION_CRON }]);
  });
});
