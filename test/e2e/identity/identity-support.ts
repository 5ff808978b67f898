// Shared setup of the identity broker tests: the app (loopback relying parties allowed, mail through
// a real SMTP sink), the example relying party running as a real HTTP server, its test authority
// registered by an operator.
import { startRelyingParty, type RelyingParty, type RelyingPartyOptions } from '../../../examples/relying-party/server.mjs';
import { brokerTool, createBrokerPrincipal, type BrokerTestPrincipal } from '../../support/broker.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createInboxApp } from '../../support/inbox.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../../support/test-app.js';

export const OPERATOR = 'mco_identity_tests_operator_token_0123456789000';

export interface IdentityEnv {
  t: TestApp;
  smtp: SmtpSink;
  rp: RelyingParty;
  close(): Promise<void>;
}

export async function startIdentityEnv(
  options: {
    env?: Record<string, string>;
    override?: TestAppOptions['override'];
    rp?: Partial<RelyingPartyOptions>;
    registerAuthority?: boolean;
    inbox?: boolean;
  } = {},
): Promise<IdentityEnv> {
  const smtp = await startSmtpSink();
  const appOptions: TestAppOptions = {
    env: {
      OPERATOR_BOOTSTRAP_TOKEN: OPERATOR,
      SMTP_RELAY_URL: smtp.url,
      BROKER_RP_ALLOW_LOOPBACK: 'true',
      RATE_LIMIT_GENERAL: 'off',
      RATE_LIMIT_BROKER_AGENT: 'off',
      RATE_LIMIT_BROKER_OWNER: 'off',
      ...options.env,
    },
    override: options.override,
  };
  // With the inbox, the RP mails the agent through the app's own SMTP listener (its mailbox).
  const inboxApp = options.inbox ? await createInboxApp(appOptions) : undefined;
  const t = inboxApp ?? (await createTestApp(appOptions));
  const rpSmtp = inboxApp ? `smtp://127.0.0.1:${inboxApp.smtpPort}` : smtp.url;
  const rp = await startRelyingParty({ brokerIssuer: t.url, smtpUrl: rpSmtp, ...options.rp });
  if (options.registerAuthority !== false) await registerAuthority(t, rp.authority);
  return {
    t,
    smtp,
    rp,
    close: async () => {
      await rp.close();
      await t.close();
      await smtp.stop();
    },
  };
}

export async function admin(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${OPERATOR}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await t.inject({ method, url, headers, ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}) });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

export async function registerAuthority(t: TestApp, authority: { issuer: string; jwks_uri: string }): Promise<void> {
  const res = await admin(t, 'POST', '/admin/broker/attestation-authorities', authority);
  if (res.status !== 201) throw new Error(`authority registration failed: ${JSON.stringify(res.body)}`);
}

/** Sets the operator default (or a per-service operator rule). */
export async function setOperatorPolicy(t: TestApp, policy: string | null, service = '*'): Promise<void> {
  const res = await admin(t, 'PUT', '/admin/broker/rp-policies', { service, policy });
  if (res.status !== 200) throw new Error(`policy failed: ${JSON.stringify(res.body)}`);
}

export function signup(t: TestApp, who: BrokerTestPrincipal, rp: RelyingParty, extra: Record<string, unknown> = {}) {
  return brokerTool(t, who.token, 'identity_signup', { service: rp.origin, accepted_tos_text: rp.discovery().terms.text, ...extra });
}

/**
 * POSTs the signup_request exactly as returned, reads the code the RP mailed to the agent (from the
 * SMTP sink, or through `readCode`, e.g. the inbox tools), confirms; returns the receipt.
 */
export async function completeAtRp(
  env: IdentityEnv,
  signupRequest: { url: string; headers: Record<string, string>; body: unknown },
  agentEmail: string,
  readCode: () => Promise<string> = () => waitForMail(env.smtp, agentEmail, /confirmation code is (\d{6})/),
) {
  const res = await fetch(signupRequest.url, { method: 'POST', headers: signupRequest.headers, body: JSON.stringify(signupRequest.body) });
  const answer = (await res.json()) as { account_id: string; confirm: { url: string } };
  if (res.status !== 202) throw new Error(`RP refused the signup: ${res.status} ${JSON.stringify(answer)}`);
  const code = await readCode();
  const confirmed = await fetch(answer.confirm.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: answer.account_id, code }),
  });
  const body = (await confirmed.json()) as { account_id: string; status: string; signup_token: string };
  return { httpStatus: confirmed.status, ...body };
}

/** Messages the sink received for an address. */
export function mailTo(smtp: SmtpSink, address: string) {
  return smtp.messages.filter((m) => m.to.map((a) => a.toLowerCase()).includes(address.toLowerCase()));
}

/** Waits for a message to `address` whose text matches `pattern`; returns the first group. */
export async function waitForMail(smtp: SmtpSink, address: string, pattern: RegExp, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const m of mailTo(smtp, address)) {
      const match = pattern.exec(m.text);
      if (match) return match[1] ?? match[0];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export { brokerTool, createBrokerPrincipal };
