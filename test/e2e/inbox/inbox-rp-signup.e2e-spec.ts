// The whole "done when" flow through the broker's tools: the agent signs up at the example relying
// party, whose verification mail travels over real SMTP to the inbox listener; the agent waits for
// it with inbox_wait_for_email, takes the detected code, confirms at the RP and records the signup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelyingParty, type RelyingParty } from '../../../examples/relying-party/server.mjs';
import { brokerTool, createBrokerPrincipal } from '../../support/broker.js';
import { createInboxApp, type InboxTestApp } from '../../support/inbox.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { OPERATOR, registerAuthority } from '../identity/identity-support.js';

describe('inbox: signing up at the example relying party with the code from the agent’s own mailbox', () => {
  let t: InboxTestApp;
  let sink: SmtpSink;
  let rp: RelyingParty;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createInboxApp({
      env: {
        OPERATOR_BOOTSTRAP_TOKEN: OPERATOR,
        SMTP_RELAY_URL: sink.url,
        BROKER_RP_ALLOW_LOOPBACK: 'true',
        RATE_LIMIT_GENERAL: 'off',
        RATE_LIMIT_BROKER_AGENT: 'off',
        RATE_LIMIT_BROKER_OWNER: 'off',
      },
    });
    // The RP mails the agent the way the internet would: to the MX of the agent's domain, our listener.
    rp = await startRelyingParty({ brokerIssuer: t.url, smtpUrl: `smtp://127.0.0.1:${t.smtpPort}` });
    await registerAuthority(t, rp.authority);
  });
  afterAll(async () => {
    await rp?.close();
    await t?.close();
    await sink?.stop();
  });

  it('identity_signup → POST signup_request → inbox_wait_for_email → confirm with the code → identity_record_signup', async () => {
    const who = await createBrokerPrincipal(t);
    const signup = await brokerTool(t, who.token, 'identity_signup', { service: rp.origin, accepted_tos_text: rp.discovery().terms.text });
    expect(signup.isError, JSON.stringify(signup.data)).toBe(false);
    const out = signup.data;
    // The ledger copy is already in the mailbox.
    const ledger = await brokerTool(t, who.token, 'inbox_list', {});
    expect(ledger.data.messages.some((m: { subject: string }) => m.subject.startsWith('Terms accepted'))).toBe(true);

    const since = new Date().toISOString();
    const res = await fetch(out.signup_request.url, {
      method: 'POST',
      headers: out.signup_request.headers,
      body: JSON.stringify(out.signup_request.body),
    });
    expect(res.status).toBe(202);
    const pending = (await res.json()) as { account_id: string; confirm: { url: string } };

    const waited = await brokerTool(t, who.token, 'inbox_wait_for_email', { require_otp: true, since, timeout_seconds: 20 });
    expect(waited.isError, JSON.stringify(waited.data)).toBe(false);
    const message = waited.data.message;
    const printed = /confirmation code is (\d{6})/.exec(message.text)?.[1];
    expect(printed).toBeDefined();
    expect(message.otp.code).toBe(printed);
    expect(message.to).toEqual([out.agent_email]);

    const confirmed = await fetch(pending.confirm.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_id: pending.account_id, code: message.otp.code }),
    });
    const body = (await confirmed.json()) as { status: string; signup_token: string };
    expect(confirmed.status).toBe(200);
    expect(body.status).toBe('active');
    const recorded = await brokerTool(t, who.token, 'identity_record_signup', { signup_token: body.signup_token });
    expect(recorded.isError, JSON.stringify(recorded.data)).toBe(false);
  });
});
