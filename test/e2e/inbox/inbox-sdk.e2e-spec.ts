// An MCP host on the official SDK (1.32) logs in with OAuth like any host (discovery, dynamic
// registration, the owner's sign-in, agreement and consent) and uses the four inbox tools end to
// end: it waits for a verification mail that arrives over SMTP, reads the code, and answers.
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHuman, TestOAuthProvider } from '../../support/oauth-login.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createInboxApp, deliver, type InboxTestApp } from '../../support/inbox.js';
import { connectSdk1 } from '../../support/mcp-clients.js';

const MAIL_DOMAIN = 'agents.test';

function payload(result: unknown): any {
  const r = result as { content: Array<{ type: string; text: string }>; isError?: boolean };
  return JSON.parse(r.content[0].text);
}

describe('inbox: an OAuth-authenticated SDK host calls the four inbox tools', () => {
  let t: InboxTestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createInboxApp({
      env: {
        MAIL_DOMAIN,
        SMTP_RELAY_URL: sink.url,
        RATE_LIMIT_GENERAL: '10000/60',
        RATE_LIMIT_SIGNIN: '1000/60',
        RATE_LIMIT_SIGNIN_EMAIL: '1000/60',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('logs in, waits for the verification mail, reads its code, and replies', async () => {
    const human = new TestHuman(t.url, 'inbox-owner@example.org', sink);
    const provider = new TestOAuthProvider(human, { clientName: 'Inbox host', scope: 'identity:read inbox:read inbox:send' });
    const url = new URL(`${t.url}/broker/mcp`);
    // The host asks for the inbox scopes up front with the SDK's own auth(): discovery, dynamic
    // registration, the human's sign-in and consent, then the code exchange. (The 401 challenge
    // names only identity:read, and SDK 1.32's step-up on insufficient_scope only refreshes.)
    const scope = 'identity:read inbox:read inbox:send';
    expect(await auth(provider as never, { serverUrl: url, scope })).toBe('REDIRECT');
    expect(
      await auth(provider as never, { serverUrl: url, scope, authorizationCode: provider.lastRedirect!.searchParams.get('code')! }),
    ).toBe('AUTHORIZED');
    expect(String((provider.storedTokens as { scope?: string }).scope)).toContain('inbox:send');
    const { client } = await connectSdk1(url, { name: 'inbox-host', authProvider: provider });
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['inbox_list', 'inbox_read', 'inbox_wait_for_email', 'inbox_send']));

      const listed = payload(await client.callTool({ name: 'inbox_list', arguments: {} }));
      const mailbox = listed.mailbox as string;
      expect(mailbox).toMatch(new RegExp(`@${MAIL_DOMAIN.replace('.', '\\.')}$`));

      const waiting = client.callTool({
        name: 'inbox_wait_for_email',
        arguments: { from: 'rp.example', require_otp: true, timeout_seconds: 20 },
      });
      await new Promise((r) => setTimeout(r, 200));
      await deliver(t.smtpPort, {
        from: 'Example RP <verify@rp.example>',
        to: mailbox,
        subject: 'Verify your email for Example RP',
        text: 'Welcome! To finish creating your account, enter this code: 640219\n\nIt expires in 10 minutes.',
      });
      const waited = payload(await waiting);
      expect(waited.message.otp.code).toBe('640219');

      const read = payload(await client.callTool({ name: 'inbox_read', arguments: { message_id: waited.message.id } }));
      expect(read).toMatchObject({ from: 'verify@rp.example', otp: { code: '640219' } });

      const sent = payload(
        await client.callTool({
          name: 'inbox_send',
          arguments: { to: 'support@rp.example', subject: 'Re: Verify your email', text: 'Done, thanks.' },
        }),
      );
      expect(sent).toMatchObject({ status: 'sent', from: mailbox });
      const relayed = await sink.waitFor('support@rp.example');
      expect(relayed.from).toBe(mailbox);
    } finally {
      await client.close();
    }
  });
});
