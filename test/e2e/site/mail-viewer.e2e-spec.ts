// The local mail viewer (/dev/mail): on for a local run (no relay, loopback HOST) and with
// MAIL_VIEWER=true, 404 otherwise; every message in full while the database keeps no plaintext secret;
// read-only pages with strict headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../../../src/common/mail/mail.service.js';
import { loadConfig } from '../../../src/config/app-config.js';
import { brokerTool, createBrokerPrincipal } from '../../support/broker.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const CODE = '482913';
const LINK = 'msl_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';

describe('mail viewer: when it is on', () => {
  it('is on only for a local run, or when MAIL_VIEWER says so', () => {
    expect(loadConfig({}).mailViewer).toBe(true);
    expect(loadConfig({ HOST: '::1' }).mailViewer).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).mailViewer).toBe(false);
    expect(loadConfig({ HOST: '10.0.0.5' }).mailViewer).toBe(false);
    expect(loadConfig({ SMTP_RELAY_URL: 'smtp://relay.example:587' }).mailViewer).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', MAIL_VIEWER: 'true' }).mailViewer).toBe(true);
    expect(loadConfig({ MAIL_VIEWER: 'false' }).mailViewer).toBe(false);
    expect(() => loadConfig({ MAIL_VIEWER: 'yes' })).toThrow(/MAIL_VIEWER/);
  });
});

describe('mail viewer on a local run (no relay, loopback)', () => {
  let t: TestApp;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp();
    const mail = t.app.get(MailService);
    const sent = await mail.send({
      to: 'viewer@example.com',
      subject: `Your sign-in code: ${CODE}`,
      text: `Your code is ${CODE}.\nOr open ${t.url}/signin/confirm?token=${LINK}.\n<script>alert(1)</script>`,
      html: `<p>Code <b>${CODE}</b></p><script>alert(1)</script>`,
      secrets: [CODE, LINK],
    });
    expect(sent.status).toBe('held');
    id = sent.id;
  });
  afterAll(() => t?.close());

  it('keeps no plaintext secret in the database: the held message is redacted, its original sealed', async () => {
    const [row] = await t.sql<{ subject: string; text_body: string; html_body: string; sealed_content: string }>(
      'SELECT subject, text_body, html_body, sealed_content FROM outbound_mail WHERE id = $1',
      [id],
    );
    for (const stored of [row.subject, row.text_body, row.html_body, row.sealed_content]) {
      expect(stored).not.toContain(CODE);
      expect(stored).not.toContain(LINK);
    }
    expect(row.text_body).toContain('[redacted]');
    expect(row.sealed_content).toBeTruthy();
  });

  it('lists the message newest first and shows it whole, its link working and its text escaped', async () => {
    const mail = t.app.get(MailService);
    const later = await mail.send({ to: 'second@example.com', subject: 'A later message', text: 'Hello.' });
    const list = await fetch(`${t.url}/dev/mail`, { headers: BROWSER });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html.indexOf(`/dev/mail/${later.id}`)).toBeGreaterThan(-1);
    expect(html.indexOf(`/dev/mail/${later.id}`)).toBeLessThan(html.indexOf(`/dev/mail/${id}`));
    expect(html).toContain(`Your sign-in code: ${CODE}`);

    const one = await fetch(`${t.url}/dev/mail/${id}`, { headers: BROWSER });
    expect(one.status).toBe(200);
    const page = await one.text();
    expect(page).toContain(`Your code is ${CODE}.`);
    // The link is a link (without the sentence's full stop), and nothing in the message runs as HTML.
    expect(page).toContain(`<a href="${t.url}/signin/confirm?token=${LINK}">`);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect(one.headers.get('referrer-policy')).toBe('no-referrer');
    expect(one.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('serves the HTML part only inside a sandbox that runs no script', async () => {
    const res = await fetch(`${t.url}/dev/mail/${id}/html`, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox\b/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).not.toContain('allow-scripts');
    expect(await res.text()).toContain(`<b>${CODE}</b>`);
  });

  it('changes nothing by being read (GET only; other methods are refused)', async () => {
    const before = await t.sql('SELECT id, status, sealed_content, attempts FROM outbound_mail ORDER BY id');
    await fetch(`${t.url}/dev/mail`);
    await fetch(`${t.url}/dev/mail/${id}`);
    expect(await t.sql('SELECT id, status, sealed_content, attempts FROM outbound_mail ORDER BY id')).toEqual(before);
    const post = await fetch(`${t.url}/dev/mail/${id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // A known path with another method: 405 naming the one it takes; nothing changed.
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toMatch(/GET/);
    expect(await t.sql('SELECT id, status, sealed_content, attempts FROM outbound_mail ORDER BY id')).toEqual(before);
  });

  it("lists an agent's inbox_send mail held for want of a relay, and shows it whole", async () => {
    const agent = await createBrokerPrincipal(t);
    const sent = await brokerTool(t, agent.token, 'inbox_send', {
      to: 'someone@remote.example',
      subject: 'Held for the viewer',
      text: 'Hello from an agent: https://example.org/welcome.',
    });
    expect(sent.data).toMatchObject({ status: 'held' });
    const id = (sent.data as { id: string }).id;
    const list = await (await fetch(`${t.url}/dev/mail`, { headers: BROWSER })).text();
    expect(list).toContain(`/dev/mail/${id}`);
    const page = await (await fetch(`${t.url}/dev/mail/${id}`, { headers: BROWSER })).text();
    expect(page).toContain('Held for the viewer');
    expect(page).toContain('someone@remote.example');
    expect(page).toContain('<a href="https://example.org/welcome">https://example.org/welcome</a>.');
  });

  it('answers an unknown or malformed message id with 404', async () => {
    expect((await fetch(`${t.url}/dev/mail/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${t.url}/dev/mail/not-an-id`)).status).toBe(404);
  });
});

describe('mail viewer when it is off', () => {
  let relay: SmtpSink;
  let withRelay: TestApp;
  let switchedOff: TestApp;
  beforeAll(async () => {
    relay = await startSmtpSink();
    withRelay = await createTestApp({ env: { SMTP_RELAY_URL: relay.url } });
    switchedOff = await createTestApp({ env: { MAIL_VIEWER: 'false' } });
  });
  afterAll(async () => {
    await withRelay?.close();
    await switchedOff?.close();
    await relay?.stop();
  });

  it('does not exist with a relay configured, nor with MAIL_VIEWER=false (404, as for any unknown path)', async () => {
    for (const t of [withRelay, switchedOff]) {
      const sent = await t.app
        .get(MailService)
        .send({ to: 'off@example.com', subject: 'Code 123456', text: 'Code 123456', secrets: ['123456'] });
      for (const path of ['/dev/mail', `/dev/mail/${sent.id}`, `/dev/mail/${sent.id}/html`]) {
        const res = await fetch(`${t.url}${path}`);
        expect(res.status, path).toBe(404);
        expect(await res.text()).not.toContain('123456');
      }
    }
  });
});
