// Owner passkeys in headless Debian chromium with a virtual authenticator (CDP WebAuthn: ctap2,
// internal, resident key, user verification): add a passkey on the account page after an email
// sign-in, sign out, sign in with it from an SDK host's OAuth flow (back on the consent page, the
// SDK finishes and lists tools), and the refusals a browser can show — a replayed answer, a cloned
// authenticator (same key, lower signCount), user verification failing, a suspended owner — plus the
// email fallback, the pages without JavaScript, axe and screenshots at 390/1280.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../src/database/embedded-postgres.js';
import {
  axeViolations,
  browserAvailable,
  horizontalOverflow,
  launchBrowser,
  newContext,
  screenshot,
  WIDTHS,
} from '../../support/browser.js';
import { loginSdk1 } from '../../support/mcp-clients.js';
import { TestHuman, TestOAuthProvider } from '../../support/oauth-login.js';
import { virtualAuthenticator } from '../../support/passkeys.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const hasBrowser = browserAvailable('test/e2e/oauth/passkeys-browser.e2e-spec.ts');
const CALLBACK = 'http://127.0.0.1:33418/callback';

describe.skipIf(!hasBrowser)('owner passkeys in chromium (virtual authenticator)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let base: string;
  let browser: Browser;
  let n = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const port = await findFreePort();
    base = `http://localhost:${port}`;
    t = await createTestApp({
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: base,
        // The browser is on localhost; the SDK host's helper posts from the 127.0.0.1 address it connects to.
        ALLOWED_ORIGINS: 'http://localhost,http://127.0.0.1',
        SMTP_RELAY_URL: sink.url,
        RATE_LIMIT_GENERAL: '10000/60',
        RATE_LIMIT_SIGNIN: '1000/60',
        RATE_LIMIT_SIGNIN_EMAIL: '1000/60',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await sink?.stop();
  });

  const email = () => `browser-pk${++n}-${Date.now()}@example.org`;

  /** Email sign-in in the page (the code from the real SMTP sink). */
  async function emailSignIn(page: Page, address: string, returnTo = '/account'): Promise<void> {
    const before = sink.messages.filter((m) => m.to.includes(address)).length;
    await page.goto(`${base}/signin?return_to=${encodeURIComponent(returnTo)}`);
    await page.getByTestId('signin-email').fill(address);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-code').waitFor();
    const human = new TestHuman(base, address, sink);
    const mail = await human.nextMail(before);
    await page.getByTestId('signin-code').fill(/sign-in code is (\d{6})/.exec(mail.text)![1]);
    await page.getByTestId('signin-code-submit').click();
    await page.waitForURL((url) => url.pathname === new URL(returnTo, base).pathname);
  }

  async function addPasskey(page: Page, name: string): Promise<void> {
    await page.goto(`${base}/account`);
    await page.getByTestId('passkey-name').fill(name);
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-row').filter({ hasText: name }).waitFor();
  }

  async function signOut(page: Page): Promise<void> {
    await page.goto(`${base}/account`);
    await page.getByTestId('signout').click();
    await page.waitForURL(/\/signin/);
  }

  /** On the sign-in page: the passkey button (autofill may already have signed in, on browsers that do it unasked). */
  async function passkeySignIn(page: Page): Promise<void> {
    const button = page.getByTestId('passkey-signin');
    await button.waitFor({ state: 'visible' });
    await button.click();
  }

  /**
   * A new browser (own cookies). Chromium's virtual authenticator answers an autofill (conditional)
   * request at once, as if the person picked the passkey: every test but the autofill one switches
   * autofill off so the sign-in page waits for the button.
   */
  async function freshPage(width = 1280, javaScript = true, autofill = false): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, width, javaScript);
    if (!autofill) {
      await context.addInitScript(
        `if (window.PublicKeyCredential) Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) });`,
      );
    }
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { context, page };
  }

  it('registers a passkey, signs out, signs in with it from an SDK host OAuth flow; the SDK lists tools', async () => {
    const { context, page } = await freshPage();
    const { cdp, id } = await virtualAuthenticator(page);
    const address = email();
    await emailSignIn(page, address);
    await addPasskey(page, 'Virtual laptop');
    const stored = (await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials;
    expect(stored).toHaveLength(1);
    expect(stored[0].isResidentCredential).toBe(true);
    expect(stored[0].rpId).toBe('localhost');
    await signOut(page);

    // The SDK host opens its authorization URL in this browser; the person uses the passkey.
    const provider = new (class extends TestOAuthProvider {
      override async redirectToAuthorization(url: URL): Promise<void> {
        this.authorizationUrls.push(url);
        let resolveCallback!: (u: URL) => void;
        const callback = new Promise<URL>((resolve) => (resolveCallback = resolve));
        await page.route(`${CALLBACK}**`, async (route) => {
          resolveCallback(new URL(route.request().url()));
          await route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>host</title><p>connected</p>' });
        });
        await page.goto(url.toString());
        await page.waitForURL(/\/signin\?return_to=%2Fauthorize/);
        const before = sink.messages.length;
        await passkeySignIn(page);
        // Back on the consent page, exactly as after an email sign-in.
        await page.waitForURL((u) => u.pathname === '/authorize');
        expect(sink.messages.length).toBe(before);
        // A first-time owner signs the agreement with the same Allow (its checkbox sits next to it).
        if (await page.getByTestId('delegation-accept').count()) await page.getByTestId('delegation-accept').check();
        await page.getByTestId('consent-approve').click();
        this.lastRedirect = await callback;
      }
    })(new TestHuman(base, address, sink), { clientName: 'Browser passkey host', redirectUrl: CALLBACK });
    const { client } = await loginSdk1(`${base}/broker/mcp`, provider, 'pk-browser');
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    const [row] = await t.sql<{ last_used_at: Date | null }>(
      `SELECT last_used_at FROM oauth_passkey_credential WHERE owner_id = (SELECT id FROM oauth_owner WHERE email = $1)`,
      [address],
    );
    expect(row.last_used_at).not.toBeNull();
    const [event] = await t.sql<{ detail: { method?: string } }>(
      `SELECT detail FROM oauth_audit WHERE action = 'owner.signed_in' AND owner_id = (SELECT id FROM oauth_owner WHERE email = $1) ORDER BY created_at DESC LIMIT 1`,
      [address],
    );
    expect(event.detail.method).toBe('passkey');
    await context.close();
  }, 90_000);

  it('autofill (conditional mediation): the email field offers the passkey and picking it signs in, no button', async () => {
    const { context, page } = await freshPage(1280, true, true);
    await virtualAuthenticator(page);
    const address = email();
    await emailSignIn(page, address);
    await addPasskey(page, 'Autofill key');
    await page.getByTestId('signout').click();
    // The sign-in page starts a conditional request; the virtual authenticator answers it as a
    // person picking the passkey from the email field's suggestions would.
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByText('Autofill key').waitFor();
    const events = await t.sql<{ action: string; detail: { method?: string } }>(
      `SELECT action, detail FROM oauth_audit WHERE owner_id = (SELECT id FROM oauth_owner WHERE email = $1) ORDER BY created_at`,
      [address],
    );
    expect(events.at(-1)).toMatchObject({ action: 'owner.signed_in', detail: { method: 'passkey' } });
    await context.close();
  }, 90_000);

  it('refuses a replayed answer, a cloned authenticator and a suspended owner; UV failing signs nobody in; email still works', async () => {
    const { context, page } = await freshPage();
    const first = await virtualAuthenticator(page);
    const address = email();
    await emailSignIn(page, address);
    await addPasskey(page, 'Original key');
    await signOut(page);

    // A normal passkey sign-in; its posted answer is kept…
    let posted = '';
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/signin/passkey')) posted = request.postData() ?? '';
    });
    await page.goto(`${base}/signin?return_to=%2Faccount`);
    await passkeySignIn(page);
    await page.waitForURL((u) => u.pathname === '/account');
    expect(posted).toContain('response=');
    await signOut(page);
    // …and replayed from the same browser (same pre-session cookie): the challenge was used.
    const replay = await context.request.post(`${base}/signin/passkey`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      data: posted,
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(403);
    expect(await replay.text()).toContain('already used');

    // User verification failing: the browser refuses, nobody is signed in.
    await first.cdp.send('WebAuthn.setUserVerified', { authenticatorId: first.id, isUserVerified: false });
    await page.goto(`${base}/signin?return_to=%2Faccount`);
    await passkeySignIn(page);
    await expect.poll(() => page.locator('#passkey-signin-status').textContent()).toMatch(/cancelled|timed out|verif/i);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await first.cdp.send('WebAuthn.setUserVerified', { authenticatorId: first.id, isUserVerified: true });

    // A cloned authenticator: the same private key on a second authenticator with a lower signCount.
    const [original] = (await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.id })).credentials;
    expect(original.signCount).toBeGreaterThan(0);
    await first.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: first.id });
    const clone = await virtualAuthenticator(page);
    await clone.cdp.send('WebAuthn.addCredential', { authenticatorId: clone.id, credential: { ...original, signCount: 0 } });
    await page.goto(`${base}/signin?return_to=%2Faccount`);
    await passkeySignIn(page);
    await page.getByText('looks copied').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin/passkey');
    const [cloned] = await t.sql<{ clone_detected_at: Date | null }>(
      `SELECT clone_detected_at FROM oauth_passkey_credential WHERE owner_id = (SELECT id FROM oauth_owner WHERE email = $1)`,
      [address],
    );
    expect(cloned.clone_detected_at).not.toBeNull();

    // Email stays the way back in: the owner sees the blocked passkey and removes it.
    await emailSignIn(page, address);
    await page.getByText('blocked: it looked copied').waitFor();
    await page.getByTestId('passkey-remove').click();
    await page.waitForURL((u) => u.pathname === '/account');
    expect(await page.getByTestId('passkey-row').count()).toBe(0);

    // A suspended owner: a fresh passkey on the clone authenticator, then the operator suspends.
    await addPasskey(page, 'Second key');
    await signOut(page);
    await t.sql(`UPDATE oauth_owner SET status = 'suspended' WHERE email = $1`, [address]);
    await page.goto(`${base}/signin?return_to=%2Faccount`);
    await passkeySignIn(page);
    await page.getByText('suspended').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin/passkey');
    await context.close();
  }, 90_000);

  it('pages at 390 and 1280 px: passkey button first with JS, email only without; account section; axe; screenshots', async () => {
    const address = email();
    for (const width of WIDTHS) {
      const { context, page } = await freshPage(width);
      await virtualAuthenticator(page);
      await emailSignIn(page, address);
      await addPasskey(page, width === 390 ? 'Phone' : 'Laptop');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      // The account page's passkey section alone (the rest of the page is the owner-pages' own).
      const folder = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-artifacts/screenshots';
      await page.getByTestId('passkeys-section').screenshot({ path: path.resolve(`${folder}/passkeys-account-${width}.png`) });
      await signOut(page);
      // The hint cookie from adding a passkey makes the passkey button the first choice.
      await page.goto(`${base}/signin`);
      const button = page.getByTestId('passkey-signin');
      await button.waitFor({ state: 'visible' });
      expect(await button.getAttribute('class')).toBe('');
      expect(await page.locator('#email').getAttribute('autocomplete')).toBe('username webauthn');
      const order = await page.evaluate(`(() => {
        const b = document.querySelector('[data-testid=passkey-signin]');
        const e = document.querySelector('[data-testid=signin-email]');
        return b.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING ? 'passkey-first' : 'email-first';
      })()`);
      expect(order).toBe('passkey-first');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `passkeys-signin-${width}`, { docs: true });
      await context.close();
    }
    // Without JavaScript: no passkey button, and the email sign-in works as before.
    const { context, page } = await freshPage(390, false);
    await page.goto(`${base}/signin`);
    expect(await page.getByTestId('passkey-signin').isVisible()).toBe(false);
    expect(await page.getByText('Sign in with a passkey').isVisible()).toBe(false);
    await emailSignIn(page, address);
    expect(await page.getByTestId('passkey-row').count()).toBe(2);
    expect(await page.locator('#passkey-add-form').isVisible()).toBe(false);
    expect(await page.locator('body').innerText()).toContain('Adding a passkey needs JavaScript');
    await context.close();
  }, 90_000);
});
