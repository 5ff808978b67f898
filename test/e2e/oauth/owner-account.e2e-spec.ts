// The owner's account page over plain HTTP: removing an app is a confirmation page (a GET that
// changes nothing) then a POST whose result is said; "sign out everywhere" ends every session; and
// deleting the account really ends every token, revokes every agent and removes the owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerCall, createBrokerPrincipal } from '../../support/broker.js';
import { hiddenField, TestHuman } from '../../support/oauth-login.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('owner account page', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: sink.url, RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_SIGNIN: '1000/60', RATE_LIMIT_SIGNIN_EMAIL: '1000/60' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const whoami = (token: string) => brokerCall(t, token, 'tools/call', { name: 'identity_whoami', arguments: {} });
  const liveGrants = async (id: string) =>
    (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM oauth_grant WHERE id = $1 AND revoked_at IS NULL`, [id]))[0].n;

  it('remove an app: the confirmation page changes nothing; the POST revokes and the account page says so', async () => {
    const p = await createBrokerPrincipal(t, { ownerEmail: 'remover@example.org' });
    const human = new TestHuman(t.url, 'remover@example.org', sink);
    await human.signIn();
    const account = await human.request('/account');
    expect(account.text).toContain(`/account/apps/${p.grantId}/remove`);
    const confirm = await human.request(`/account/apps/${p.grantId}/remove`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toMatch(/<h1>Remove .*\?<\/h1>/);
    expect(await liveGrants(p.grantId)).toBe(1);
    expect((await whoami(p.token)).status).toBe(200);
    const csrf = hiddenField(confirm.text, 'csrf')!;
    const done = await human.request(`/account/grants/${p.grantId}/revoke`, { form: { csrf } });
    expect(done.status).toBe(303);
    const result = await human.request(done.location!);
    expect(result.text).toMatch(/data-testid="notice">Removed .*\. It can no longer act for you/);
    expect(await liveGrants(p.grantId)).toBe(0);
    expect((await whoami(p.token)).status).toBe(401);
    // Confirming again: the app is gone, said plainly.
    expect((await human.request(`/account/apps/${p.grantId}/remove`)).status).toBe(404);
  });

  it('sign out everywhere ends every session of the owner', async () => {
    const phone = new TestHuman(t.url, 'everywhere@example.org', sink);
    const laptop = new TestHuman(t.url, 'everywhere@example.org', sink);
    await phone.signIn();
    await laptop.signIn();
    const page = await laptop.request('/account');
    expect(page.text).toContain('This browser');
    expect(page.text).toContain('Another browser');
    const csrf = hiddenField(page.text, 'csrf')!;
    expect((await laptop.request('/account/sessions/end', { form: { csrf: 'forged' } })).status).toBe(403);
    expect((await phone.request('/account')).status).toBe(200);
    const ended = await laptop.request('/account/sessions/end', { form: { csrf } });
    expect(ended.status).toBe(303);
    expect((await laptop.request('/account')).status).toBe(302);
    expect((await phone.request('/account')).status).toBe(302);
  });

  it('delete account: a wrong confirmation deletes nothing; the right one ends tokens, revokes agents, removes the owner', async () => {
    const p = await createBrokerPrincipal(t, { ownerEmail: 'leaver@example.org' });
    const human = new TestHuman(t.url, 'leaver@example.org', sink);
    await human.signIn();
    expect((await whoami(p.token)).status).toBe(200);
    const page = await human.request('/account/delete');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Every connected app loses its access');
    expect(page.text).toContain('Every one of your agents is revoked');
    const csrf = hiddenField(page.text, 'csrf')!;
    const wrong = await human.request('/account/delete', { form: { csrf, confirm_email: 'someone-else@example.org' } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Nothing was deleted');
    expect((await whoami(p.token)).status).toBe(200);
    expect((await human.request('/account/delete', { form: { csrf: 'forged', confirm_email: 'leaver@example.org' } })).status).toBe(403);

    const gone = await human.request('/account/delete', { form: { csrf, confirm_email: 'Leaver@Example.org' } });
    expect(gone.status).toBe(303);
    expect(gone.location).toBe('/account/deleted');
    expect((await human.request('/account/deleted')).text).toContain('Your account is deleted');
    expect((await whoami(p.token)).status).toBe(401);
    expect(await liveGrants(p.grantId)).toBe(0);
    const agent = await t.sql<{ status: string }>(`SELECT status FROM identity_agent WHERE id = $1`, [p.agentId]);
    expect(agent[0].status).toBe('revoked');
    expect(await t.sql(`SELECT 1 FROM oauth_owner WHERE id = $1`, [p.ownerId])).toHaveLength(0);
    expect(await t.sql(`SELECT 1 FROM oauth_session WHERE owner_id = $1 AND revoked_at IS NULL`, [p.ownerId])).toHaveLength(0);
    expect((await human.request('/account')).status).toBe(302);
    // The address can start afresh: a new owner with nothing attached.
    const again = new TestHuman(t.url, 'leaver@example.org', sink);
    await again.signIn();
    const fresh = await again.request('/account');
    expect(fresh.text).toContain('No app is connected');
    expect(fresh.text).toContain('No agents yet');
  });

  it('change email: a code to the new address (never an agent mailbox), attempts counted, the old address told; same owner after', async () => {
    const p = await createBrokerPrincipal(t, { ownerEmail: 'mover@example.org' });
    await createBrokerPrincipal(t, { ownerEmail: 'taken@example.org' });
    const human = new TestHuman(t.url, 'mover@example.org', sink);
    await human.signIn();
    const page = await human.request('/account/email');
    const csrf = hiddenField(page.text, 'csrf')!;
    const agentBox = await human.request('/account/email', { form: { csrf, new_email: `x+1@${t.config.mailDomain}` } });
    expect(agentBox.status).toBe(400);
    expect(agentBox.text).toContain('belong to agents');
    const before = sink.messages.length;
    const started = await human.request('/account/email', { form: { csrf, new_email: 'moved@example.org' } });
    expect(started.status).toBe(303);
    const mail = await sink.waitFor('moved@example.org');
    expect(sink.messages.length).toBe(before + 1);
    const code = /confirmation code is (\d{6})/.exec(mail.text)![1];
    expect(mail.subject).not.toContain(code);
    // The code never signs anyone in: it is not a sign-in challenge.
    expect((await human.request('/account/email')).text).toContain('We sent a six-digit code to <strong>moved@example.org</strong>');
    const wrong = await human.request('/account/email/confirm', { form: { csrf, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('4 attempts left');
    const done = await human.request('/account/email/confirm', { form: { csrf, code } });
    expect(done.status).toBe(303);
    expect((await human.request(done.location!)).text).toContain('Your email address is changed');
    const row = await t.sql<{ email: string }>(`SELECT email FROM oauth_owner WHERE id = $1`, [p.ownerId]);
    expect(row[0].email).toBe('moved@example.org');
    await expect
      .poll(
        () => sink.messages.find((m) => m.to.includes('mover@example.org') && m.subject === 'Your Agentry email address was changed')?.text,
      )
      .toContain('is now moved@example.org');
    // Signing in with the new address reaches the same owner, agents and apps included.
    const again = new TestHuman(t.url, 'moved@example.org', sink);
    await again.signIn();
    expect((await again.request('/account')).text).toContain(`/account/apps/${p.grantId}/remove`);
    // Another owner's address cannot be taken over.
    const sneaky = await human.request('/account/email', { form: { csrf, new_email: 'taken@example.org' } });
    expect(sneaky.status).toBe(303);
    const takenCode = /confirmation code is (\d{6})/.exec((await sink.waitFor('taken@example.org')).text)![1];
    const refused = await human.request('/account/email/confirm', { form: { csrf, code: takenCode } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('cannot be used');
    expect((await t.sql<{ email: string }>(`SELECT email FROM oauth_owner WHERE id = $1`, [p.ownerId]))[0].email).toBe('moved@example.org');
  });
});
