// The owner's pages in a real browser (Debian's chromium via playwright-core), with JavaScript
// switched off as a demanding user might: sign-in by code and by the mailed link, the delegation
// agreement, consent (approve and deny), the hand-off to the app's loopback redirect (CSP
// form-action), a CSRF failure, framing refused, and the account page.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '../../support/browser.js';
import { browserAuthorizeUrl } from '../../support/oauth-login.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const hasBrowser = browserAvailable('test/e2e/oauth/browser.e2e-spec.ts');

describe.skipIf(!hasBrowser)('broker pages in a real browser (chromium, JavaScript off)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let browser: Browser;
  let callback: Server;
  let callbackUrl: string;
  const received: URL[] = [];
  let clientId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: sink.url, RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_SIGNIN: '1000/60', RATE_LIMIT_SIGNIN_EMAIL: '1000/60' },
    });
    callback = createServer((req, res) => {
      const url = new URL(req.url ?? '/', callbackUrl);
      // Browsers also ask the app's origin for /favicon.ico: keep only the callbacks.
      if (url.pathname === '/callback') received.push(url);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><title>app callback</title><p>connected</p>');
    });
    callback.listen(0, '127.0.0.1');
    await once(callback, 'listening');
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    const reg = await fetch(`${t.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Browser Test Host',
        redirect_uris: [callbackUrl],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
      }),
    });
    clientId = ((await reg.json()) as { client_id: string }).client_id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await sink?.stop();
    callback?.close();
  });

  const authorizeUrl = (state: string) => browserAuthorizeUrl(t.url, clientId, callbackUrl, state);

  async function newContext(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    return { context, page: await context.newPage() };
  }

  async function signInWithCode(page: Page, email: string): Promise<void> {
    const before = sink.messages.filter((m) => m.to.includes(email)).length;
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-code').waitFor();
    const deadline = Date.now() + 5000;
    let text = '';
    while (Date.now() < deadline) {
      const mine = sink.messages.filter((m) => m.to.includes(email));
      if (mine.length > before) {
        text = mine.at(-1)!.text;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    const code = /sign-in code is (\d{6})/.exec(text)?.[1];
    expect(code).toBeDefined();
    await page.getByTestId('signin-code').fill(code!);
    await page.getByTestId('signin-code-submit').click();
  }

  it('sign in by code, sign the agreement, approve: the app receives code, state and iss', async () => {
    const { context, page } = await newContext();
    const response = await page.goto(authorizeUrl('s-approve'));
    expect(response?.status()).toBe(200);
    expect(page.url()).toContain('/signin');
    await signInWithCode(page, 'browser-owner@example.org');
    // Back on the consent page: the client's name, plain-word scopes, the agreement to sign.
    await page.getByTestId('delegation-accept').waitFor();
    const consent = await page.content();
    expect(consent).toContain('Browser Test Host');
    expect(consent).toContain('Read the agent');
    expect(consent).toMatch(/on your own computer/);
    await page.screenshot({ path: path.resolve('test-artifacts/consent.png'), fullPage: true });
    // One step: the agreement's box sits next to Allow; signing and approving is one POST.
    await page.getByTestId('delegation-accept').check();
    await page.getByTestId('consent-approve').click();
    await page.waitForURL((u) => u.toString().startsWith(callbackUrl));
    const got = received.at(-1)!;
    expect(got.searchParams.get('code')).toMatch(/^mac_/);
    expect(got.searchParams.get('state')).toBe('s-approve');
    expect(got.searchParams.get('iss')).toBe(t.config.publicBaseUrl);
    await context.close();
  });

  it('the consent page carries strict headers and cannot be framed', async () => {
    const { context, page } = await newContext();
    await page.goto(authorizeUrl('s-headers'));
    await signInWithCode(page, 'framed-owner@example.org');
    await page.getByTestId('consent-deny').waitFor();
    const res = await page.request.get(authorizeUrl('s-headers-2'));
    const headers = res.headers();
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain(`form-action 'self' ${new URL(callbackUrl).origin}`);
    expect(headers['access-control-allow-origin']).toBeUndefined();
    // A page on another origin tries to frame the consent page: the browser refuses.
    const framer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!DOCTYPE html><iframe id="f" src="${authorizeUrl('s-framed')}" width="400" height="400"></iframe>`);
    });
    framer.listen(0, '127.0.0.1');
    await once(framer, 'listening');
    const framerPage = await context.newPage();
    await framerPage.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    await framerPage.waitForTimeout(500);
    const frame = framerPage.frames().find((f) => f !== framerPage.mainFrame());
    const framedHasConsent = frame
      ? await frame
          .locator('[data-testid="consent-deny"]')
          .count()
          .catch(() => 0)
      : 0;
    expect(framedHasConsent).toBe(0);
    framer.close();
    await context.close();
  });

  it('deny sends the app access_denied with state and iss', async () => {
    const { context, page } = await newContext();
    await page.goto(authorizeUrl('s-deny'));
    await signInWithCode(page, 'browser-owner@example.org');
    await page.getByTestId('consent-deny').click();
    await page.waitForURL((u) => u.toString().startsWith(callbackUrl));
    const got = received.at(-1)!;
    expect(got.searchParams.get('error')).toBe('access_denied');
    expect(got.searchParams.get('state')).toBe('s-deny');
    expect(got.searchParams.get('iss')).toBe(t.config.publicBaseUrl);
    await context.close();
  });

  it('a tampered CSRF token is refused with an error page and no redirect', async () => {
    const { context, page } = await newContext();
    await page.goto(authorizeUrl('s-csrf'));
    await signInWithCode(page, 'browser-owner@example.org');
    await page.getByTestId('consent-approve').waitFor();
    // Replay the form with a forged csrf from the page's own origin and session (as a CSRF attack would try).
    const transaction = await page.locator('input[name=transaction]').getAttribute('value');
    const res = await page.request.post(`${t.url}/authorize/decision`, {
      form: { transaction: transaction!, csrf: 'forged', decision: 'approve', agent: 'new' },
      headers: { origin: t.url },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    expect(res.headers()['location']).toBeUndefined();
    expect(await res.text()).toContain('CSRF');
    await context.close();
  });

  it('the mailed link opens a confirmation page: opening it signs nobody in; the button does', async () => {
    const { context, page } = await newContext();
    await page.goto(`${t.url}/signin?return_to=%2Faccount`);
    const email = 'link-owner@example.org';
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-code').waitFor();
    const mail = await sink.waitFor(email);
    const link = /(http:\/\/\S+\/signin\/confirm\?token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    // A mail scanner fetches the link: nothing happens.
    const scanner = await fetch(link!);
    expect(scanner.status).toBe(200);
    // At most the pre-session cookie the confirmation form's CSRF token is bound to: never a session.
    expect(scanner.headers.getSetCookie().filter((c) => c.includes('agentry_session'))).toEqual([]);
    const other = await browser.newContext({ javaScriptEnabled: false });
    const linkPage = await other.newPage();
    await linkPage.goto(link!);
    await linkPage.getByTestId('signin-confirm').click();
    await linkPage.waitForURL((u) => u.pathname === '/account');
    expect(await linkPage.content()).toContain(email);
    // Used once: the link is dead now.
    expect((await fetch(link!)).status).toBe(400);
    await other.close();
    await context.close();
  });

  it('the account page lists agents and apps, revokes a grant, and signs out', async () => {
    const { context, page } = await newContext();
    await page.goto(`${t.url}/account`);
    await signInWithCode(page, 'browser-owner@example.org');
    await page.waitForURL((u) => u.pathname === '/account');
    const html = await page.content();
    expect(html).toContain('Browser Test Host');
    expect(html).toContain('@agents.localhost');
    const removeLinks = page.getByTestId('grant-remove');
    const before = await removeLinks.count();
    expect(before).toBeGreaterThan(0);
    await removeLinks.first().click();
    await page.getByTestId('grant-remove-confirm').click();
    await page.waitForURL((u) => u.pathname === '/account');
    expect(await page.getByTestId('notice').innerText()).toContain('Browser Test Host');
    expect(await page.getByTestId('grant-remove').count()).toBe(before - 1);
    await page.getByTestId('signout').click();
    await page.waitForURL((u) => u.pathname === '/signin');
    await context.close();
  });
});
