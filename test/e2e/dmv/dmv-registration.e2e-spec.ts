import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_BINDING_MESSAGE } from '../../../src/dmv/dmv.types.js';
import { parseCertificateId } from '../../../src/dmv/domain/certificate-id.js';
import type { TestApp } from '../../support/test-app.js';
import type { SmtpSink } from '../../support/smtp-sink.js';
import { sleep } from '../../support/wait.js';
import { nextIp, restRegister, startDmvApp, verificationLink } from './dmv-support.js';

const OPERATOR_TOKEN = 'mco_dmv-e2e-operator-token-0001_00000000000000000';
const CAP = 3;

describe('dmv: registration over REST, email verification, pages, lookup, operators', () => {
  let app: Awaited<ReturnType<typeof startDmvApp>>;
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    app = await startDmvApp({ DMV_DAILY_CAP_PER_EMAIL: String(CAP), OPERATOR_BOOTSTRAP_TOKEN: OPERATOR_TOKEN });
    ({ t, smtp } = app);
  });
  afterAll(() => app?.close());

  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.headers ?? {}),
      },
    });

  it('registers a name, emails one verification link, and the link verifies the contact', async () => {
    const ip = nextIp();
    const res = await restRegister(
      t.url,
      { agent_name: '  Weather Bot.agent ', email: 'Ops@Example.com', operator_name: 'Example Ops', description: 'Forecasts' },
      { ip },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('ratelimit-limit')).toBe('2');
    expect(res.headers.get('ratelimit-remaining')).toBe('1');
    const body = res.body;
    const id = body.certificate_id as string;
    expect(parseCertificateId(id)).toMatchObject({ ok: true, canonical: id });
    expect(body).toEqual({
      certificate_id: id,
      agent_name: 'weather-bot',
      domain: 'weather-bot.agent',
      registration_type: 'pre_registration',
      certificate_url: `${t.url}/dmv/certificates/${id}`,
      badge_url: `${t.url}/dmv/certificates/${id}/badge.svg`,
      message: NON_BINDING_MESSAGE,
      email_sent: true,
    });

    const mail = await smtp.waitFor('ops@example.com');
    expect(mail.subject).toContain('weather-bot.agent');
    expect(mail.text).toContain(id);
    expect(mail.text).not.toContain('Forecasts');
    const link = verificationLink(mail.text);
    expect(link.startsWith(`${t.url}/dmv/verify?token=dmvv_`)).toBe(true);

    const [row] = await t.sql<{
      source: string;
      contact_email: string;
      caller_ip_hash: string;
      contact_verified_at: Date | null;
      description: string;
      operator_name: string;
    }>(`SELECT * FROM dmv_registration WHERE certificate_id = $1`, [id]);
    expect(row).toMatchObject({ source: 'rest', contact_email: 'ops@example.com', contact_verified_at: null });
    expect(row.caller_ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.caller_ip_hash).not.toContain(ip);
    const tokens = await t.sql<{ token_hash: string }>(`SELECT token_hash FROM dmv_verification_token`);
    expect(tokens).toHaveLength(1);
    expect(link).not.toContain(tokens[0].token_hash);

    let page = await (await fetch(`${t.url}/dmv/certificates/${id}`)).text();
    expect(page).toContain('Not yet verified');
    expect(page).toContain(NON_BINDING_MESSAGE.slice(0, 60));

    // Opening the link (as a mail scanner would) shows a confirmation page and verifies nothing.
    const confirm = await fetch(link);
    expect(confirm.status).toBe(200);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain('Confirm your contact address');
    expect(confirmHtml).toContain('<form method="post" action="/dmv/verify">');
    const [before] = await t.sql<{ contact_verified_at: Date | null }>(
      `SELECT contact_verified_at FROM dmv_registration WHERE certificate_id = $1`,
      [id],
    );
    expect(before.contact_verified_at).toBeNull();
    const token = new URL(link).searchParams.get('token')!;
    const press = () =>
      fetch(`${t.url}/dmv/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
        body: new URLSearchParams({ token }).toString(),
      });
    const verified = await press();
    expect(verified.status).toBe(200);
    expect(verified.headers.get('content-type')).toMatch(/text\/html/);
    expect(await verified.text()).toContain('Contact verified');
    const [after] = await t.sql<{ contact_verified_at: Date | null }>(
      `SELECT contact_verified_at FROM dmv_registration WHERE certificate_id = $1`,
      [id],
    );
    expect(after.contact_verified_at).toBeInstanceOf(Date);

    const again = await press();
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('already been used');
    expect(await (await fetch(link)).text()).toContain('already been used');

    page = await (await fetch(`${t.url}/dmv/certificates/${id}`)).text();
    expect(page).toContain('has been verified');
    expect(page).toContain('weather-bot.agent');
    expect(page).toContain(`/dmv/certificates/${id}/badge.svg`);
    expect(page).not.toContain('ops@example.com');
    expect(page).not.toContain('Example Ops');
  });

  it('returns the existing certificate as already_recorded for the same name and email, without a second email', async () => {
    const first = await restRegister(t.url, { agent_name: 'recorded-bot', email: 'rec@example.com', operator_name: 'R' }, { ip: nextIp() });
    expect(first.status).toBe(201);
    await smtp.waitFor('rec@example.com');
    const count = smtp.messages.length;

    const second = await restRegister(
      t.url,
      { agent_name: 'Recorded_Bot.agent', email: 'REC@example.com', operator_name: 'Someone else' },
      { ip: nextIp() },
    );
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      certificate_id: first.body.certificate_id,
      agent_name: 'recorded-bot',
      already_recorded: true,
      email_sent: false,
    });
    expect(typeof second.body.email_note).toBe('string');
    await sleep(300);
    expect(smtp.messages.length).toBe(count);

    // Additive: another address for the same name gets its own certificate.
    const other = await restRegister(
      t.url,
      { agent_name: 'recorded-bot', email: 'other@example.com', operator_name: 'O' },
      { ip: nextIp() },
    );
    expect(other.status).toBe(201);
    expect(other.body.certificate_id).not.toBe(first.body.certificate_id);
    const rows = await t.sql(`SELECT certificate_id FROM dmv_registration WHERE agent_name = 'recorded-bot'`);
    expect(rows).toHaveLength(2);
  });

  it('refuses the third registration in a minute from one IP with 429, Retry-After and the budget named', async () => {
    const ip = nextIp();
    const a = await restRegister(t.url, { agent_name: 'budget-a', email: 'ba@example.com', operator_name: 'B' }, { ip });
    const b = await restRegister(t.url, { agent_name: 'budget-b', email: 'bb@example.com', operator_name: 'B' }, { ip });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('ratelimit-remaining')).toBe('0');
    const c = await restRegister(t.url, { agent_name: 'budget-c', email: 'bc@example.com', operator_name: 'B' }, { ip });
    expect(c.status).toBe(429);
    expect(c.headers.get('ratelimit-limit')).toBe('2');
    expect(c.headers.get('ratelimit-remaining')).toBe('0');
    const retry = Number(c.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(c.body).toMatchObject({ error: 'rate_limited', budget: 'register', retry_after_seconds: retry });
    expect(await t.sql(`SELECT 1 FROM dmv_registration WHERE agent_name = 'budget-c'`)).toHaveLength(0);

    // Another IP is unaffected.
    const d = await restRegister(t.url, { agent_name: 'budget-c', email: 'bc@example.com', operator_name: 'B' }, { ip: nextIp() });
    expect(d.status).toBe(201);
  });

  it('replays an Idempotency-Key from the same IP without email or budget, and not from another IP', async () => {
    const ip = nextIp();
    const key = 'idem-6f1d2c1e-4b8a-4c7e-9d0f-2a5b3c4d5e6f';
    const args = { agent_name: 'idem-bot', email: 'idem@example.com', operator_name: 'I' };
    const first = await restRegister(t.url, args, { ip, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    await smtp.waitFor('idem@example.com');
    const mails = smtp.messages.length;

    const replay = await restRegister(t.url, args, { ip, idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('ratelimit-limit')).toBe('2');
    expect(replay.headers.get('ratelimit-remaining')).toBe('1');

    // The replay used no budget: one more new registration fits, the next does not...
    const second = await restRegister(t.url, { ...args, agent_name: 'idem-bot-2' }, { ip });
    expect(second.status).toBe(201);
    const third = await restRegister(t.url, { ...args, agent_name: 'idem-bot-3' }, { ip });
    expect(third.status).toBe(429);
    // ...and the key is checked before the limiter, so a replay still works with the budget spent.
    const late = await restRegister(t.url, args, { ip, idempotencyKey: key });
    expect(late.status).toBe(200);
    expect(late.headers.get('idempotency-replayed')).toBe('true');
    expect(late.body).toEqual(first.body);

    // Other arguments under the same key: refused.
    const reused = await restRegister(t.url, { ...args, agent_name: 'idem-other' }, { ip, idempotencyKey: key });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('idempotency_key_reused');

    // The same key from another IP is a different caller: no replay (here it is already_recorded).
    const elsewhere = await restRegister(t.url, args, { ip: nextIp(), idempotencyKey: key });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('idempotency-replayed')).toBeNull();
    expect(elsewhere.body).toMatchObject({ certificate_id: first.body.certificate_id, already_recorded: true });

    await sleep(300);
    expect(smtp.messages.length).toBe(mails + 1); // only idem-bot-2's email
    const stored = await t.sql<{ idempotency_key: string }>(`SELECT idempotency_key FROM dmv_idempotency`);
    expect(stored.map((r) => r.idempotency_key)).toContain(key);

    // Entries older than 24 hours are ignored.
    await t.sql(`UPDATE dmv_idempotency SET created_at = now() - interval '25 hours' WHERE idempotency_key = $1`, [key]);
    const stale = await restRegister(t.url, args, { ip: nextIp(), idempotencyKey: key });
    expect(stale.headers.get('idempotency-replayed')).toBeNull();
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const res = await restRegister(
      t.url,
      { agent_name: 'idem-bad', email: 'ib@example.com', operator_name: 'I' },
      { ip: nextIp(), idempotencyKey: 'x'.repeat(256) },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_idempotency_key');
  });

  it(`caps new registrations per email address at ${CAP} a day`, async () => {
    const email = 'cap@example.com';
    for (let i = 1; i <= CAP; i++) {
      const ok = await restRegister(t.url, { agent_name: `cap-${i}`, email, operator_name: 'C' }, { ip: nextIp() });
      expect(ok.status).toBe(201);
    }
    const refused = await restRegister(t.url, { agent_name: 'cap-x', email, operator_name: 'C' }, { ip: nextIp() });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited', budget: 'email_daily_cap' });
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(23 * 3600);
    expect(retry).toBeLessThanOrEqual(24 * 3600);
    expect(refused.body.retry_after_seconds).toBe(retry);
    // An existing registration is still answered (already_recorded is not a new registration).
    const existing = await restRegister(t.url, { agent_name: 'cap-1', email, operator_name: 'C' }, { ip: nextIp() });
    expect(existing.status).toBe(200);
    expect(existing.body.already_recorded).toBe(true);
    // The window slides: once the oldest is a day old, one more fits.
    await t.sql(`UPDATE dmv_registration SET created_at = now() - interval '25 hours' WHERE agent_name = 'cap-1'`);
    const later = await restRegister(t.url, { agent_name: 'cap-x', email, operator_name: 'C' }, { ip: nextIp() });
    expect(later.status).toBe(201);
  });

  it.each([
    ['admin', "name 'admin' is reserved"],
    ['ab--cd', "'--' in positions 3-4"],
    ['a'.repeat(64), 'longer than 63'],
    ['héllo', "characters other than a-z, 0-9 and hyphen: 'é'"],
    ['-bot', 'must not start or end with a hyphen'],
    ['   ', 'name is empty'],
  ])('refuses the name %j with the reason', async (name, reason) => {
    const res = await restRegister(t.url, { agent_name: name, email: 'n@example.com', operator_name: 'N' }, { ip: nextIp() });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_agent_name');
    expect(res.body.message).toContain(reason);
  });

  it.each([
    'not-an-email',
    'a@b',
    'a@@example.com',
    'x@example.com\r\nBcc: y@example.com',
    'a b@example.com',
    '',
    `${'a'.repeat(65)}@example.com`,
    '.a@example.com',
  ])('refuses the email %j', async (email) => {
    const res = await restRegister(t.url, { agent_name: 'mail-bot', email, operator_name: 'N' }, { ip: nextIp() });
    expect(res.status).toBe(400);
    expect(['validation_failed', 'invalid_email']).toContain(res.body.error);
  });

  it('validates the other fields and refuses unknown ones, without spending the budget', async () => {
    const ip = nextIp();
    const bad = [
      { agent_name: 'v-bot', email: 'v@example.com', operator_name: '' },
      { agent_name: 'v-bot', email: 'v@example.com', operator_name: 'x'.repeat(101) },
      { agent_name: 'v-bot', email: 'v@example.com', operator_name: 'V', description: 'd'.repeat(501) },
      { agent_name: 'v-bot', email: 'v@example.com', operator_name: 'V', extra: true },
      { agent_name: 'v-bot', email: 'v@example.com' },
    ];
    for (const body of bad) {
      const res = await restRegister(t.url, body, { ip });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('validation_failed');
    }
    const ok = await restRegister(t.url, { agent_name: 'v-bot', email: 'v@example.com', operator_name: 'V' }, { ip });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('ratelimit-remaining')).toBe('1');
  });

  it('keeps the registration and says so when the mail relay refuses the email', async () => {
    smtp.mode = 'reject-data';
    try {
      const res = await restRegister(t.url, { agent_name: 'relay-down', email: 'relay@example.com', operator_name: 'R' }, { ip: nextIp() });
      expect(res.status).toBe(201);
      expect(res.body.email_sent).toBe(false);
      expect(res.body.email_note).toMatch(/could not be sent/);
      const rows = await t.sql(`SELECT 1 FROM dmv_registration WHERE certificate_id = $1`, [res.body.certificate_id]);
      expect(rows).toHaveLength(1);
      const lookup = await (await fetch(`${t.url}/dmv/api/lookup?certificate_id=${res.body.certificate_id as string}`)).json();
      expect(lookup).toMatchObject({ status: 'issued' });
    } finally {
      smtp.mode = 'accept';
    }
  });

  it('answers the public lookup: issued, not_found, invalid_format, CORS-readable', async () => {
    const reg = await restRegister(t.url, { agent_name: 'lookup-bot', email: 'lookup@example.com', operator_name: 'L' }, { ip: nextIp() });
    const id = reg.body.certificate_id as string;
    const sloppy = id.toLowerCase().replace(/-/g, '');
    const res = await fetch(`${t.url}/dmv/api/lookup?certificate_id=${encodeURIComponent(sloppy)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      certificate_id: id,
      status: 'issued',
      agent_name: 'lookup-bot',
      domain: 'lookup-bot.agent',
      issued_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      certificate_url: `${t.url}/dmv/certificates/${id}`,
    });
    expect(JSON.stringify(body)).not.toContain('lookup@example.com');

    const missing = await (await fetch(`${t.url}/dmv/api/lookup?certificate_id=DMV-0000-014S-C0PJ-V`)).json();
    expect(missing).toEqual({
      certificate_id: 'DMV-0000-014S-C0PJ-V',
      status: 'not_found',
      agent_name: null,
      domain: null,
      issued_at: null,
      certificate_url: null,
    });
    const invalid = await (await fetch(`${t.url}/dmv/api/lookup?certificate_id=DMV-0000-014S-C0PJ-W`)).json();
    expect(invalid).toMatchObject({ certificate_id: 'DMV-0000-014S-C0PJ-W', status: 'invalid_format', agent_name: null });

    const noParam = await fetch(`${t.url}/dmv/api/lookup`);
    expect(noParam.status).toBe(400);
  });

  it('serves certificate pages (canonical redirect, 404 page) and cacheable SVG badges', async () => {
    const reg = await restRegister(t.url, { agent_name: 'page-bot', email: 'page@example.com', operator_name: 'P' }, { ip: nextIp() });
    const id = reg.body.certificate_id as string;

    const page = await fetch(`${t.url}/dmv/certificates/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('page-bot.agent');
    expect(html).toContain(id);
    expect(html).not.toMatch(/<script/i);

    const sloppy = id.toLowerCase().replace(/-/g, '');
    const moved = await fetch(`${t.url}/dmv/certificates/${encodeURIComponent(sloppy)}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/dmv/certificates/${id}`);

    const unknown = await fetch(`${t.url}/dmv/certificates/DMV-0000-014S-C0PJ-V`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unknown.text()).toContain('Certificate not found');
    const garbage = await fetch(`${t.url}/dmv/certificates/${encodeURIComponent('<script>')}`);
    expect(garbage.status).toBe(404);
    expect(await garbage.text()).not.toContain('<script>');

    const badge = await fetch(`${t.url}/dmv/certificates/${id}/badge.svg`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(badge.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const etag = badge.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const svg = await badge.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('page-bot.agent');
    // Balanced tags: a cheap well-formedness check.
    const opened = (svg.match(/<[a-zA-Z][^>]*[^/]>/g) ?? []).length;
    const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
    expect(opened).toBe(closed);

    const cached = await fetch(`${t.url}/dmv/certificates/${id}/badge.svg`, { headers: { 'if-none-match': etag! } });
    expect(cached.status).toBe(304);

    const badgeMoved = await fetch(`${t.url}/dmv/certificates/${sloppy}/badge.svg`, { redirect: 'manual' });
    expect(badgeMoved.status).toBe(301);
    expect(badgeMoved.headers.get('location')).toBe(`/dmv/certificates/${id}/badge.svg`);
    expect((await fetch(`${t.url}/dmv/certificates/DMV-0000-014S-C0PJ-V/badge.svg`)).status).toBe(404);

    // The DMV overview page and its lookup form.
    const home = await fetch(`${t.url}/dmv`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('action="/dmv/certificates"');
    const form = await fetch(`${t.url}/dmv/certificates?certificate_id=${sloppy}`, { redirect: 'manual' });
    expect(form.status).toBe(302);
    expect(form.headers.get('location')).toBe(`/dmv/certificates/${id}`);
    const homePage = await (await fetch(`${t.url}/`)).text();
    expect(homePage).toContain('/dmv');
  });

  it('shows clear pages for invalid and expired verification links', async () => {
    const invalid = await fetch(`${t.url}/dmv/verify?token=dmvv_${'A'.repeat(43)}`);
    expect(invalid.status).toBe(404);
    expect(await invalid.text()).toContain('Invalid verification link');
    expect((await fetch(`${t.url}/dmv/verify`)).status).toBe(404);

    await restRegister(t.url, { agent_name: 'expiry-bot', email: 'expiry@example.com', operator_name: 'E' }, { ip: nextIp() });
    const mail = await smtp.waitFor('expiry@example.com');
    const link = verificationLink(mail.text);
    await t.sql(
      `UPDATE dmv_verification_token SET expires_at = now() - interval '1 minute'
        WHERE registration_id = (SELECT id FROM dmv_registration WHERE agent_name = 'expiry-bot')`,
    );
    const expired = await fetch(link);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('expired');
    const [row] = await t.sql<{ contact_verified_at: Date | null }>(
      `SELECT contact_verified_at FROM dmv_registration WHERE agent_name = 'expiry-bot'`,
    );
    expect(row.contact_verified_at).toBeNull();
  });

  it('lets operators list, filter and withdraw registrations; withdrawn ones look not_found', async () => {
    expect((await fetch(`${t.url}/admin/dmv/registrations`)).status).toBe(401);
    const reg = await restRegister(t.url, { agent_name: 'spam-bot', email: 'spam@example.com', operator_name: 'S' }, { ip: nextIp() });
    const id = reg.body.certificate_id as string;

    const list = (await (await admin('/admin/dmv/registrations?name=spam&limit=10')).json()) as {
      registrations: Record<string, unknown>[];
      total: number;
      limit: number;
      offset: number;
    };
    expect(list.total).toBe(1);
    expect(list.registrations[0]).toMatchObject({
      certificate_id: id,
      agent_name: 'spam-bot',
      source: 'rest',
      contact_email: 'spam@example.com',
      withdrawn_at: null,
    });
    expect(list.registrations[0].created_at).toMatch(/^\d{4}-/);
    const byEmail = (await (await admin('/admin/dmv/registrations?email=SPAM@example.com')).json()) as { total: number };
    expect(byEmail.total).toBe(1);
    const bySource = (await (await admin('/admin/dmv/registrations?source=chatgpt')).json()) as { total: number };
    expect(bySource.total).toBe(0);
    const future = (await (await admin('/admin/dmv/registrations?since=2999-01-01T00:00:00Z')).json()) as { total: number };
    expect(future.total).toBe(0);
    const all = (await (await admin('/admin/dmv/registrations?limit=2&offset=1')).json()) as {
      registrations: unknown[];
      total: number;
    };
    expect(all.registrations).toHaveLength(2);
    expect(all.total).toBeGreaterThan(3);
    expect((await admin('/admin/dmv/registrations?source=fax')).status).toBe(400);

    const withdrawn = await admin(`/admin/dmv/registrations/${id}/withdraw`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'Impersonation report' }),
    });
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.json()).toMatchObject({
      certificate_id: id,
      withdrawn_reason: 'Impersonation report',
      withdrawn_by: 'bootstrap',
      withdrawn_at: expect.any(String),
    });
    const lookup = (await (await fetch(`${t.url}/dmv/api/lookup?certificate_id=${id}`)).json()) as { status: string };
    expect(lookup.status).toBe('not_found');
    expect((await fetch(`${t.url}/dmv/certificates/${id}`)).status).toBe(404);
    expect((await fetch(`${t.url}/dmv/certificates/${id}/badge.svg`)).status).toBe(404);
    const twice = await admin(`/admin/dmv/registrations/${id}/withdraw`, { method: 'POST', body: '{"reason":"again"}' });
    expect(twice.status).toBe(409);
    // The record is kept, and the same name and email cannot simply be recorded again.
    expect(await t.sql(`SELECT withdrawn_reason FROM dmv_registration WHERE certificate_id = $1`, [id])).toEqual([
      { withdrawn_reason: 'Impersonation report' },
    ]);
    const again = await restRegister(t.url, { agent_name: 'spam-bot', email: 'spam@example.com', operator_name: 'S' }, { ip: nextIp() });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('registration_withdrawn');
    const unknown = await admin(`/admin/dmv/registrations/DMV-0000-014S-C0PJ-V/withdraw`, {
      method: 'POST',
      body: '{"reason":"x"}',
    });
    expect(unknown.status).toBe(404);
  });

  it('lets operators edit the reserved-name list', async () => {
    expect((await fetch(`${t.url}/admin/dmv/reserved-names`)).status).toBe(401);
    const initial = (await (await admin('/admin/dmv/reserved-names')).json()) as { names: string[] };
    expect(initial.names).toContain('admin');

    const added = await admin('/admin/dmv/reserved-names', { method: 'POST', body: JSON.stringify({ name: 'Acme Corp' }) });
    expect(added.status).toBe(200);
    expect(((await added.json()) as { names: string[] }).names).toContain('acme-corp');
    const refused = await restRegister(t.url, { agent_name: 'acme_corp', email: 'acme@example.com', operator_name: 'A' }, { ip: nextIp() });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("'acme-corp' is reserved");

    const bad = await admin('/admin/dmv/reserved-names', { method: 'POST', body: JSON.stringify({ name: 'no good!' }) });
    expect(bad.status).toBe(400);

    expect((await admin('/admin/dmv/reserved-names/acme-corp', { method: 'DELETE' })).status).toBe(200);
    expect((await admin('/admin/dmv/reserved-names/acme-corp', { method: 'DELETE' })).status).toBe(404);
    const allowed = await restRegister(t.url, { agent_name: 'acme_corp', email: 'acme@example.com', operator_name: 'A' }, { ip: nextIp() });
    expect(allowed.status).toBe(201);

    const replaced = await admin('/admin/dmv/reserved-names', { method: 'PUT', body: JSON.stringify({ names: ['Root', 'x1'] }) });
    expect(((await replaced.json()) as { names: string[] }).names).toEqual(['root', 'x1']);
    const freed = await restRegister(t.url, { agent_name: 'admin', email: 'adm@example.com', operator_name: 'A' }, { ip: nextIp() });
    expect(freed.status).toBe(201);
    await admin('/admin/dmv/reserved-names', { method: 'PUT', body: JSON.stringify({ names: initial.names }) });
    const restored = (await (await admin('/admin/dmv/reserved-names')).json()) as { names: string[] };
    expect(restored.names).toEqual(initial.names);
  });
});
