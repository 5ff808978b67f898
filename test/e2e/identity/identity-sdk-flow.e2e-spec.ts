// The whole broker flow through the official SDK client (1.32) after a real OAuth login (discovery,
// dynamic registration, a human signing in by email, signing the agreement and consenting):
// whoami → signup against the example relying party → POST the signup_request exactly as returned →
// the RP mails a code to the agent's inbox (through the app's SMTP listener) → inbox_wait_for_email →
// inbox_read → confirm → record_signup with the receipt → whoami shows it.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSdk1 } from '../../support/mcp-clients.js';
import { TestHuman, TestOAuthProvider, type ConsentOptions } from '../../support/oauth-login.js';
import { completeAtRp, startIdentityEnv, type IdentityEnv } from './identity-support.js';

describe('identity broker through the official SDK with a real OAuth login', () => {
  let env: IdentityEnv;
  beforeAll(async () => {
    env = await startIdentityEnv({ inbox: true, env: { RATE_LIMIT_SIGNIN: '1000/60', RATE_LIMIT_SIGNIN_EMAIL: '1000/60' } });
  });
  afterAll(() => env?.close());

  it('whoami → signup → POST signup_request → code from the inbox → confirm → record_signup → whoami', async () => {
    const human = new TestHuman(env.t.url, 'sdk-owner@example.org', env.smtp);
    const consent: ConsentOptions = { agentName: 'Signup agent' };
    const provider = new TestOAuthProvider(human, { clientName: 'SDK identity host', consent });
    const { client, transport } = await loginSdk1(`${env.t.url}/broker/mcp`, provider, 'identity-e2e');

    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const result = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
        structuredContent?: Record<string, any>;
      };
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      return JSON.parse(result.content[0].text) as Record<string, any>;
    };

    const tools = (await client.listTools()).tools;
    expect(tools.find((t) => t.name === 'identity_signup')?.outputSchema).toBeDefined();
    const me = await call('identity_whoami');
    expect(me.human).toMatchObject({ email: 'sdk-owner@example.org', verified: true });
    expect(me.agent.name).toBe('Signup agent');
    expect(me.scopes).toEqual(['identity:read']); // the SDK asked for what the 401 challenge named

    const discovery = (await (await fetch(`${env.rp.origin}/.well-known/agent-signup`)).json()) as { terms: { text: string } };
    const args = { service: env.rp.origin, accepted_tos_text: discovery.terms.text };
    // identity_signup needs tos:accept: the 403 insufficient_scope challenge makes the SDK step up and
    // the human consents again for the same agent. (SDK 1.32 answers the challenge with a refresh when it
    // holds a refresh token, and a refresh cannot widen a grant; a host that keeps none goes through
    // consent, as here.)
    consent.agent = me.agent.id;
    delete consent.agentName;
    const stepUp = async (name: string, toolArgs: Record<string, unknown>) => {
      provider.storedTokens = { ...provider.storedTokens, refresh_token: undefined };
      const refused = await client.callTool({ name, arguments: toolArgs }).catch((e: unknown) => e);
      expect(refused, String(refused)).toBeInstanceOf(UnauthorizedError);
      await transport.finishAuth(provider.code);
    };
    await stepUp('identity_signup', args);
    const signed = await call('identity_signup', args);
    expect(signed.rp_verification).toMatchObject({ status: 'verified', allowed: true });
    // The owner got the ledger forward at their verified address.
    expect(env.smtp.messages.some((m) => m.to.includes('sdk-owner@example.org') && m.text.includes(signed.acceptance.id))).toBe(true);

    await stepUp('inbox_wait_for_email', { timeout_seconds: 1 });
    const done = await completeAtRp(env, signed.signup_request, signed.agent_email, async () => {
      const waited = await call('inbox_wait_for_email', { subject_contains: 'confirmation code', require_otp: true, timeout_seconds: 10 });
      const read = await call('inbox_read', { message_id: waited.message.id });
      expect(read.otp).toMatchObject({ code: expect.stringMatching(/^\d{6}$/) });
      return read.otp.code as string;
    });
    expect(done.status).toBe('active');
    expect(env.rp.accounts.get(done.account_id)).toMatchObject({ agent_id: me.agent.id, email: me.agent.inbox_address });

    await stepUp('identity_record_signup', { signup_token: done.signup_token });
    const recorded = await call('identity_record_signup', { signup_token: done.signup_token });
    expect(recorded).toMatchObject({
      proof_source: 'rp_signed_receipt',
      provider_account: done.account_id,
      assertion_jti: signed.assertion.jti,
    });

    const after = await call('identity_whoami');
    expect(after.agent.id).toBe(me.agent.id);
    expect(after.scopes).toEqual(expect.arrayContaining(['identity:read', 'tos:accept', 'inbox:read', 'identity:write']));
    expect(after.recent_signups).toEqual([
      expect.objectContaining({ signup_id: recorded.signup_id, provider_name: 'Example Service', provider_account: done.account_id }),
    ]);
    expect(after.latest_acceptances).toEqual([expect.objectContaining({ id: signed.acceptance.id })]);
    await client.close();
  });
});
