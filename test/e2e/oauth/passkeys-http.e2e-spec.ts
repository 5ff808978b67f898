// Owner passkeys over the real HTTP stack with a software authenticator (real signatures): adding one
// after a fresh email sign-in, signing in with it from an SDK host's OAuth flow, and the attacks the
// server refuses — a replayed challenge, a challenge asked for by another browser, a cloned
// authenticator, no user verification, a suspended owner, a stale session adding a passkey — plus
// removal, an operator's revocation, the audit trail, and the email fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorsService } from '../../../src/common/auth/operators.service.js';
import { findFreePort } from '../../../src/database/embedded-postgres.js';
import { loginSdk1 } from '../../support/mcp-clients.js';
import { hiddenField, TestOAuthProvider } from '../../support/oauth-login.js';
import { PasskeyHuman } from '../../support/passkeys.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const LIMITS = { RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_SIGNIN: '1000/60', RATE_LIMIT_SIGNIN_EMAIL: '1000/60' };

describe('owner passkeys over HTTP (software authenticator)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let base: string;
  let n = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const port = await findFreePort();
    base = `http://localhost:${port}`;
    t = await createTestApp({
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: base,
        // The test's requests go to 127.0.0.1 and post with that origin; passkeys need the localhost base URL.
        ALLOWED_ORIGINS: 'http://localhost,http://127.0.0.1',
        SMTP_RELAY_URL: sink.url,
        ...LIMITS,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const human = (counter?: number) => new PasskeyHuman(t.url, `pk${++n}-${Date.now()}@example.org`, sink, base, { counter });
  const audit = (owner: string) =>
    t.sql<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM oauth_audit WHERE owner_id = (SELECT id FROM oauth_owner WHERE email = $1) ORDER BY created_at`,
      [owner],
    );
  async function withPasskey(counter?: number): Promise<PasskeyHuman> {
    const person = human(counter);
    await person.signIn();
    const added = await person.addPasskey('Laptop');
    expect(added.status, added.text.slice(0, 300)).toBe(303);
    expect(added.location).toBe('/account#passkeys');
    return person;
  }
  /** Whether the person's cookie jar holds a working session (the jar also keeps the non-secret passkey hint). */
  const signedIn = async (person: PasskeyHuman) => (await person.request('/account')).status === 200;
  const signOut = async (person: PasskeyHuman) => {
    const account = await person.request('/account');
    await person.request('/signout', { form: { csrf: hiddenField(account.text, 'csrf') ?? '' } });
  };

  it('adds a passkey after an email sign-in: listed with its name and dates, public key only, audited', async () => {
    const person = await withPasskey();
    const account = await person.request('/account');
    expect(account.text).toContain('data-testid="passkey-row"');
    expect(account.text).toContain('Laptop');
    expect(account.text).toContain('/assets/passkeys.js');
    const [row] = await t.sql<{ credential_id: string; public_key: Buffer; counter: string; device_type: string }>(
      `SELECT credential_id, public_key, counter, device_type FROM oauth_passkey_credential`,
    );
    expect(row.credential_id).toBe(person.authenticator.id);
    expect(row.public_key.length).toBeGreaterThan(60);
    expect(row.device_type).toBe('singleDevice');
    expect((await audit(person.email)).map((a) => a.action)).toContain('passkey.registered');
    // The same authenticator cannot be added twice.
    const again = await person.addPasskey('Again');
    expect(again.status).toBe(400);
    expect(again.text).toContain('already registered');
  });

  it('signs in with the passkey from an SDK host OAuth flow, lands on consent, and the SDK lists tools', async () => {
    const person = await withPasskey();
    await signOut(person);
    expect(await signedIn(person)).toBe(false);
    person.usePasskey = true;
    const before = sink.messages.length;
    const provider = new TestOAuthProvider(person, { clientName: 'Passkey host' });
    const { client } = await loginSdk1(`${base}/broker/mcp`, provider, 'passkey-sdk');
    const tools = await client.listTools();
    expect(tools.tools.length).toBeGreaterThan(0);
    await client.close();
    // No mail was needed, the consent page was shown, and the sign-in is recorded as a passkey one.
    expect(sink.messages.length).toBe(before);
    expect(person.pages.at(-1)).toContain('Passkey host');
    const events = await audit(person.email);
    expect(events.filter((e) => e.action === 'owner.signed_in').at(-1)?.detail).toMatchObject({ method: 'passkey' });
    const [row] = await t.sql<{ last_used_at: Date | null }>(`SELECT last_used_at FROM oauth_passkey_credential WHERE credential_id = $1`, [
      person.authenticator.id,
    ]);
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses a replayed answer (the challenge is single-use)', async () => {
    const person = await withPasskey();
    await signOut(person);
    const answer = person.authenticator.get(await person.passkeyOptions());
    expect((await person.postAnswer(answer)).status).toBe(303);
    await signOut(person);
    const replay = await person.postAnswer(answer);
    expect(replay.status).toBe(403);
    expect(replay.text).toContain('expired, was already used');
    expect(await signedIn(person)).toBe(false);
    expect((await audit(person.email)).at(-1)).toMatchObject({ action: 'passkey.signin_refused', detail: { reason: 'challenge' } });
  });

  it('refuses an answer to a challenge another browser asked for (bound to the pre-session cookie)', async () => {
    const person = await withPasskey();
    const attacker = new PasskeyHuman(t.url, 'attacker@example.org', sink, base);
    const options = await attacker.passkeyOptions(); // the attacker's browser gets the challenge…
    await signOut(person);
    const answer = person.authenticator.get(options); // …the victim's authenticator signs it (relay phishing)…
    const relayed = await person.postAnswer(answer); // …and it is posted from another browser.
    expect(relayed.status).toBe(403);
    expect(await signedIn(person)).toBe(false);
  });

  it('a registration challenge works only for the session that asked, once, and for 5 minutes', async () => {
    const person = human();
    await person.signIn();
    const account = await person.request('/account');
    const csrf = hiddenField(account.text, 'csrf') ?? '';
    const options = JSON.parse((await person.request('/account/passkeys/options', { json: { csrf } })).text) as {
      challenge: string;
      user: { id: string };
    };
    expect(options.challenge.length).toBeGreaterThanOrEqual(22); // ≥ 16 random bytes in base64url
    // The same owner in another browser (another session) cannot answer it.
    const other = new PasskeyHuman(t.url, person.email, sink, base);
    await other.signIn();
    const otherCsrf = hiddenField((await other.request('/account')).text, 'csrf') ?? '';
    const elsewhere = await other.request('/account/passkeys', {
      form: { csrf: otherCsrf, name: 'Elsewhere', response: person.authenticator.create(options) },
    });
    expect(elsewhere.status).toBe(403);
    // Expired: the challenge row is past its 5 minutes.
    await t.sql(`UPDATE oauth_passkey_challenge SET expires_at = now() - interval '1 second' WHERE ceremony = 'register'`);
    const late = await person.request('/account/passkeys', {
      form: { csrf, name: 'Late', response: person.authenticator.create(options) },
    });
    expect(late.status).toBe(403);
    expect(
      await t.sql(`SELECT 1 FROM oauth_passkey_credential WHERE owner_id = (SELECT id FROM oauth_owner WHERE email = $1)`, [person.email]),
    ).toHaveLength(0);
    const [row] = await t.sql<{ ttl: number }>(
      `SELECT extract(epoch FROM max(expires_at - created_at))::int AS ttl FROM oauth_passkey_challenge`,
    );
    expect(row.ttl).toBeLessThanOrEqual(300);
  });

  it('refuses a cloned authenticator (counter going backwards), marks the passkey blocked, and records it', async () => {
    const person = await withPasskey(10);
    await signOut(person);
    expect((await person.postAnswer(person.authenticator.get(await person.passkeyOptions()))).status).toBe(303); // counter 12
    await signOut(person);
    const cloned = await person.postAnswer(person.authenticator.get(await person.passkeyOptions(), { counter: 5 }));
    expect(cloned.status).toBe(403);
    expect(cloned.text).toContain('looks copied');
    const actions = (await audit(person.email)).map((a) => a.action);
    expect(actions).toContain('passkey.clone_detected');
    // The genuine one (higher counter) is refused too from now on: the owner signs in by email and removes it.
    const after = await person.postAnswer(person.authenticator.get(await person.passkeyOptions(), { counter: 50 }));
    expect(after.status).toBe(403);
    expect(after.text).toContain('blocked');
    await person.signIn();
    expect((await person.request('/account')).text).toContain('blocked: it looked copied');
  });

  it('refuses an answer without user verification', async () => {
    const person = await withPasskey();
    await signOut(person);
    const res = await person.postAnswer(person.authenticator.get(await person.passkeyOptions(), { userVerified: false }));
    expect(res.status).toBe(403);
    expect((await audit(person.email)).at(-1)).toMatchObject({ detail: { reason: 'user_verification' } });
  });

  it('refuses a suspended owner', async () => {
    const person = await withPasskey();
    await signOut(person);
    await t.sql(`UPDATE oauth_owner SET status = 'suspended' WHERE email = $1`, [person.email]);
    const res = await person.postAnswer(person.authenticator.get(await person.passkeyOptions()));
    expect(res.status).toBe(403);
    expect(res.text).toContain('suspended');
    expect(await signedIn(person)).toBe(false);
    expect((await audit(person.email)).at(-1)).toMatchObject({ detail: { reason: 'owner_suspended' } });
  });

  it('step-up: a session older than 10 minutes cannot add or remove a passkey and is asked to sign in again', async () => {
    const person = await withPasskey();
    await t.sql(
      `UPDATE oauth_session SET created_at = now() - interval '11 minutes' WHERE owner_id = (SELECT id FROM oauth_owner WHERE email = $1)`,
      [person.email],
    );
    const account = await person.request('/account');
    expect(account.text).toContain('data-testid="passkey-step-up"');
    expect(account.text).not.toContain('id="passkey-add-form"');
    const options = await person.request('/account/passkeys/options', { json: { csrf: hiddenField(account.text, 'csrf') } });
    expect(options.status).toBe(403);
    expect(JSON.parse(options.text)).toMatchObject({ error: 'step_up_required' });
    const id = /action="\/account\/passkeys\/([0-9a-f-]{36})\/remove"/.exec(account.text)![1];
    const removed = await person.request(`/account/passkeys/${id}/remove`, { form: { csrf: hiddenField(account.text, 'csrf') ?? '' } });
    expect(removed.status).toBe(403);
    // A fresh sign-in (the email path stays) allows the removal.
    await person.signIn();
    const fresh = await person.request('/account');
    const ok = await person.request(`/account/passkeys/${id}/remove`, { form: { csrf: hiddenField(fresh.text, 'csrf') ?? '' } });
    expect(ok.status).toBe(303);
    expect(await t.sql(`SELECT 1 FROM oauth_passkey_credential WHERE id = $1`, [id])).toHaveLength(0);
    expect((await audit(person.email)).map((a) => a.action)).toContain('passkey.removed');
  });

  it('an operator lists and revokes an owner passkeys (audited); the owner then signs in by email', async () => {
    const person = await withPasskey();
    const [owner] = await t.sql<{ id: string }>(`SELECT id FROM oauth_owner WHERE email = $1`, [person.email]);
    const { token } = await t.app.get(OperatorsService).create('passkey-ops');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const listed = await t.inject({ method: 'GET', url: `/admin/broker/owners/${owner.id}/passkeys`, headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ passkeys: [{ name: 'Laptop', blocked: false }] });
    expect(listed.body).not.toContain('public');
    const unauth = await t.inject({ method: 'POST', url: `/admin/broker/owners/${owner.id}/passkeys/revoke`, payload: {} });
    expect(unauth.statusCode).toBe(401);
    const revoked = await t.inject({
      method: 'POST',
      url: `/admin/broker/owners/${owner.id}/passkeys/revoke`,
      headers,
      payload: { reason: 'lost laptop' },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revoked: 1 });
    const history = await t.inject({ method: 'GET', url: `/admin/broker/owners/${owner.id}`, headers });
    expect((history.json() as { history: { action: string; actor: string }[] }).history[0]).toMatchObject({
      action: 'passkey.revoked_by_operator',
      actor: 'operator:passkey-ops',
    });
    await signOut(person);
    const refused = await person.postAnswer(person.authenticator.get(await person.passkeyOptions()));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('not registered here');
    // Email stays the way back in.
    expect(await person.signIn()).toBe('/account');
    expect(await signedIn(person)).toBe(true);
  });

  it('the sign-in page offers passkeys (autofill marker, hidden until the script runs) and keeps the email form', async () => {
    const page = await (await fetch(`${t.url}/signin?return_to=%2Faccount`)).text();
    expect(page).toContain('autocomplete="username webauthn"');
    expect(page).toMatch(/<section id="passkey-signin"[^>]*hidden>/);
    expect(page).toContain('action="/signin"');
    const asset = await fetch(`${t.url}/assets/passkeys.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
  });
});

describe('owner passkeys on an IP-address base URL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: LIMITS }); // PUBLIC_BASE_URL=http://127.0.0.1:<port>
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hides the passkey UI (an IP address is never an RP ID) and refuses the ceremonies; email stays', async () => {
    const page = await t.inject({ method: 'GET', url: '/signin' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('passkey-signin');
    expect(page.body).toContain('autocomplete="email"');
    const options = await t.inject({
      method: 'POST',
      url: '/signin/passkey/options',
      headers: { 'content-type': 'application/json' },
      payload: { return_to: '/account' },
    });
    expect(options.statusCode).toBe(404);
    expect(options.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('owner passkeys: ceremony budgets', () => {
  let t: TestApp;

  beforeAll(async () => {
    const port = await findFreePort();
    // Passkey steps per network address: three times RATE_LIMIT_SIGNIN (here 2 → 6 per 10 minutes).
    t = await createTestApp({
      env: { PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}`, RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_SIGNIN: '2/600' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses passkey ceremony steps beyond the budget with 429 and Retry-After', async () => {
    const ask = () =>
      t.inject({
        method: 'POST',
        url: '/signin/passkey/options',
        headers: { 'content-type': 'application/json' },
        payload: { return_to: '/account' },
      });
    for (let i = 0; i < 6; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Answers count too: a refused budget stops them before any check.
    const answer = await t.inject({
      method: 'POST',
      url: '/signin/passkey',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'response=%7B%7D&return_to=%2Faccount',
    });
    expect(answer.statusCode).toBe(429);
  });
});
