// The owner pages as a person uses them, in Debian's chromium at 390 and 1280 px, JavaScript on
// and off: the sign-in names the app that asks; wrong codes say how many attempts are left and five
// close the field; every detour (start again, an expired link, "Not you?") keeps the app's pending
// request; consent in one step with a first-time agreement; the back button after consent; removing
// an app with a confirmation step and a result message; and on every owner page axe-core finds no
// serious or critical violation, nothing scrolls sideways and no raw JSON is shown. Screenshots of
// each page at both widths go to docs/screenshots/ (referenced from docs/site/broker.md).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  browserAvailable,
  horizontalOverflow,
  launchBrowser,
  looksLikeRawJson,
  newContext,
  screenshot,
  smallTouchTargets,
} from '../../support/browser.js';
import { browserAuthorizeUrl } from '../../support/oauth-login.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const hasBrowser = browserAvailable('test/e2e/oauth/browser-owner-pages.e2e-spec.ts');
const APP = 'Owner Pages Host';

describe.skipIf(!hasBrowser)('owner pages in chromium (390 and 1280 px, JavaScript on and off)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let browser: Browser;
  let callback: Server;
  let callbackUrl: string;
  let clientId: string;
  let n = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_RELAY_URL: sink.url, RATE_LIMIT_GENERAL: '100000/60', RATE_LIMIT_SIGNIN: '1000/60', RATE_LIMIT_SIGNIN_EMAIL: '1000/60' },
    });
    callback = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html lang="en"><title>app callback</title><p>connected</p></html>');
    });
    callback.listen(0, '127.0.0.1');
    await once(callback, 'listening');
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    const reg = await fetch(`${t.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: APP,
        redirect_uris: [callbackUrl],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
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

  const authorizeUrl = (state = `s${++n}`) => browserAuthorizeUrl(t.url, clientId, callbackUrl, state);

  const scripting = new WeakMap<BrowserContext, boolean>();
  async function open(width: number, js: boolean): Promise<BrowserContext> {
    const context = await newContext(browser, width, js);
    scripting.set(context, js);
    return context;
  }

  async function mailTo(email: string, before: number): Promise<string> {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const mine = sink.messages.filter((m) => m.to.includes(email));
      if (mine.length > before) return mine.at(-1)!.text;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail to ${email}`);
  }

  /** On the sign-in page: types the address, then the mailed code. */
  async function signIn(page: Page, email: string): Promise<void> {
    const before = sink.messages.filter((m) => m.to.includes(email)).length;
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-code').waitFor();
    const code = /sign-in code is (\d{6})/.exec(await mailTo(email, before))![1];
    await page.getByTestId('signin-code').fill(code);
    await page.getByTestId('signin-code-submit').click();
  }

  /**
   * The page-quality checks every owner page must pass. axe-core needs timers, which do not run
   * with JavaScript off: there it runs on the same page (a GET, same cookies, same width) in a
   * JavaScript-on twin of the context — the pages have no scripts, so the markup is the same.
   */
  async function checkPage(page: Page, label: string): Promise<void> {
    const context = page.context();
    if (scripting.get(context)) {
      expect(await axeViolations(page), `${label}: axe`).toEqual([]);
    } else {
      const twin = await browser.newContext({
        storageState: await context.storageState(),
        viewport: page.viewportSize()!,
        javaScriptEnabled: true,
      });
      const mirror = await twin.newPage();
      await mirror.goto(page.url());
      expect(await mirror.locator('h1').innerText(), `${label}: twin shows the same page`).toBe(await page.locator('h1').innerText());
      expect(await axeViolations(mirror), `${label}: axe`).toEqual([]);
      await twin.close();
    }
    expect(await horizontalOverflow(page), `${label}: overflow`).toBe(0);
    expect(await looksLikeRawJson(page), `${label}: raw JSON`).toBe(false);
    expect(await page.locator('h1').count(), `${label}: one h1`).toBe(1);
    expect(await smallTouchTargets(page), `${label}: touch targets`).toEqual([]);
  }

  for (const [width, js] of [
    [390, false],
    [1280, true],
  ] as const) {
    it(`consent in one step with the first-time agreement; back after consent is a normal page (${width} px, JS ${js ? 'on' : 'off'})`, async () => {
      const context = await open(width, js);
      const page = await context.newPage();
      const email = `one-step-${width}@example.org`;
      await page.goto(authorizeUrl());
      expect(new URL(page.url()).pathname).toBe('/signin');
      await expect(page.getByTestId('signin-app').innerText()).resolves.toContain(APP);
      await signIn(page, email);
      await page.getByTestId('consent-approve').waitFor();
      const text = await page.locator('main').innerText();
      expect(text).toContain(APP);
      expect(text).toContain('127.0.0.1'); // the redirect host
      expect(text).toContain('Unverified app');
      expect(text).toContain('program on your own computer');
      expect(text).toContain("Read the agent's mailbox"); // plain words …
      expect(text).not.toMatch(/identity:read|inbox:send|tos:accept/); // … never the scope codes
      expect(text).toContain('You can revoke this at any time');
      expect(text).toMatch(/Deny tells .* that you said no/);
      expect(await page.getByTestId('delegation-summary').count()).toBe(1);
      expect(await page.getByTestId('delegation-full').getAttribute('href')).toBe('/legal/delegation');
      // The checkbox sits right next to Allow: nothing but the revoke line between them.
      const gap = await page.evaluate(`(() => {
        const box = document.querySelector('[data-testid=delegation-accept]').getBoundingClientRect();
        const allow = document.querySelector('[data-testid=consent-approve]').getBoundingClientRect();
        return allow.top - box.bottom;
      })()`);
      expect(gap as number).toBeLessThan(160);
      await checkPage(page, `consent ${width}`);
      await screenshot(page, `owner-consent-${width}`, { docs: true });
      // Allow without ticking: the browser keeps the person on the page (no round trip, no lost form).
      await page.getByTestId('consent-approve').click();
      expect(new URL(page.url()).pathname).toBe('/authorize');
      // Tick and allow: signed and approved in one POST, then a 303 to the app.
      await page.getByTestId('delegation-accept').check();
      await page.getByTestId('consent-approve').click();
      await page.waitForURL((u) => u.toString().startsWith(callbackUrl));
      const back = new URL(page.url());
      expect(back.searchParams.get('code')).toMatch(/^mac_/);
      const signed = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM oauth_delegation_signature s JOIN oauth_owner o ON o.id = s.owner_id WHERE o.email = $1`,
        [email],
      );
      expect(signed[0].n).toBe(1);
      // Back: a fresh GET of the consent page, never "Confirm Form Resubmission".
      const previous = await page.goBack();
      expect(previous?.status()).toBe(200);
      expect(previous?.request().method()).toBe('GET');
      expect(await page.locator('h1').innerText()).toContain(APP);
      await context.close();
    });
  }

  it('detours keep the app’s request: start again, "Not you?", an expired link', async () => {
    const context = await open(390, false);
    const page = await context.newPage();
    await page.goto(authorizeUrl('detour'));
    await page.getByTestId('signin-email').fill('detour-wrong@example.org');
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-restart').click();
    // Start again: still the same app's request.
    await expect(page.getByTestId('signin-app').innerText()).resolves.toContain(APP);
    expect(await page.locator('input[name=return_to]').getAttribute('value')).toContain('state=detour');
    await signIn(page, 'detour-a@example.org');
    await page.getByTestId('consent-not-you').waitFor();
    // "Not you?": signed out, and the sign-in page still leads to the app's request.
    await page.getByTestId('consent-not-you').click();
    await expect(page.getByTestId('signin-app').innerText()).resolves.toContain(APP);
    await signIn(page, 'detour-b@example.org');
    await page.getByTestId('consent-approve').waitFor();
    expect(await page.locator('main').innerText()).toContain('detour-b@example.org');
    expect(new URL(page.url()).searchParams.get('state')).toBe('detour');

    // An expired link: the page says so, and "Sign in again" leads back to the same request.
    const other = await open(390, false);
    const linkPage = await other.newPage();
    await linkPage.goto(authorizeUrl('expired'));
    const before = sink.messages.filter((m) => m.to.includes('detour-c@example.org')).length;
    await linkPage.getByTestId('signin-email').fill('detour-c@example.org');
    await linkPage.getByTestId('signin-submit').click();
    const link = /(http:\/\/\S+\/signin\/confirm\?token=\S+)/.exec(await mailTo('detour-c@example.org', before))![1];
    await t.sql(`UPDATE oauth_signin_challenge SET expires_at = now() - interval '1 second' WHERE email = 'detour-c@example.org'`);
    await linkPage.goto(link);
    expect(await linkPage.locator('h1').innerText()).toBe('Link expired');
    await checkPage(linkPage, 'link expired');
    await screenshot(linkPage, 'owner-link-expired-390', { docs: true });
    await linkPage.setViewportSize({ width: 1280, height: 900 });
    await checkPage(linkPage, 'link expired 1280');
    await screenshot(linkPage, 'owner-link-expired-1280', { docs: true });
    await linkPage.getByTestId('signin-again').click();
    await expect(linkPage.getByTestId('signin-app').innerText()).resolves.toContain(APP);
    expect(await linkPage.locator('input[name=return_to]').getAttribute('value')).toContain('state=expired');
    await other.close();
    await context.close();
  });

  for (const [width, js] of [
    [390, true],
    [1280, false],
  ] as const) {
    it(`wrong codes: attempts left after each, five close the field; sign-in pages pass the checks (${width} px, JS ${js ? 'on' : 'off'})`, async () => {
      const context = await open(width, js);
      const page = await context.newPage();
      await page.goto(authorizeUrl());
      await checkPage(page, `signin ${width}`);
      await screenshot(page, `owner-signin-${width}`, { docs: true });
      const email = `wrong-${width}@example.org`;
      const before = sink.messages.filter((m) => m.to.includes(email)).length;
      await page.getByTestId('signin-email').fill(email);
      await page.getByTestId('signin-submit').click();
      await page.getByTestId('signin-code').waitFor();
      const code = /sign-in code is (\d{6})/.exec(await mailTo(email, before))![1];
      await checkPage(page, `code ${width}`);
      expect(await page.getByTestId('signin-resend-wait').innerText()).toMatch(/in (about a|less than a) minute \(at \d\d:\d\d UTC\)/);
      await screenshot(page, `owner-code-${width}`, { docs: true });
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 5; i++) {
        await page.getByTestId('signin-code').fill(wrong);
        await page.getByTestId('signin-code-submit').click();
        await page.waitForURL((u) => u.search === '?e=wrong');
        if (i < 5) {
          expect(await page.getByTestId('signin-attempts').innerText()).toBe(`${5 - i === 1 ? '1 attempt' : `${5 - i} attempts`} left.`);
        }
      }
      expect(await page.getByTestId('signin-locked').innerText()).toContain('Five wrong codes');
      expect(await page.getByTestId('signin-code').isDisabled()).toBe(true);
      expect(await page.getByTestId('signin-code-submit').isDisabled()).toBe(true);
      await checkPage(page, `locked ${width}`);
      await screenshot(page, `owner-code-locked-${width}`, { docs: true });
      await context.close();
    });
  }

  for (const [width, js] of [
    [390, false],
    [1280, true],
  ] as const) {
    it(`account: app cards, remove with a confirmation step and a result message; account and agreement pages pass the checks (${width} px, JS ${js ? 'on' : 'off'})`, async () => {
      const context = await open(width, js);
      const page = await context.newPage();
      const email = `account-${width}@example.org`;
      await page.goto(authorizeUrl());
      await signIn(page, email);
      await page.getByTestId('delegation-accept').check();
      await page.getByTestId('consent-approve').click();
      await page.waitForURL((u) => u.toString().startsWith(callbackUrl));
      await page.goto(`${t.url}/account`);
      const card = page.getByTestId('app-card');
      expect(await card.count()).toBe(1);
      const cardText = await card.innerText();
      expect(cardText).toContain(APP);
      expect(cardText).toContain("Read the agent's mailbox");
      expect(cardText).not.toMatch(/identity:read|inbox:read/);
      expect(cardText).toMatch(/Connected\s+\d{1,2} \w{3} \d{4}/);
      expect(cardText).toMatch(/Last used\s+Not yet/);
      expect(await page.locator('th:empty').count()).toBe(0);
      const main = await page.locator('main').innerText();
      expect(main).toContain('Where you are signed in');
      expect(main).toContain('This browser');
      expect(main).toContain(`Allowed ${APP} to act for you`); // the activity history
      expect(main).toContain('Signed the delegation agreement');
      await checkPage(page, `account ${width}`);
      await screenshot(page, `owner-account-${width}`, { docs: true });
      // Remove: a confirmation step (a GET that changes nothing), then the POST, then the result line.
      await page.getByTestId('grant-remove').click();
      expect(await page.locator('h1').innerText()).toBe(`Remove ${APP}?`);
      await checkPage(page, `remove ${width}`);
      await screenshot(page, `owner-remove-app-${width}`, { docs: true });
      const live = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM oauth_grant g JOIN oauth_owner o ON o.id = g.owner_id WHERE o.email = $1 AND g.revoked_at IS NULL`,
        [email],
      );
      expect(live[0].n).toBe(1);
      await page.getByTestId('grant-remove-confirm').click();
      await page.waitForURL((u) => u.pathname === '/account');
      expect(await page.getByTestId('notice').innerText()).toContain(`Removed ${APP}`);
      expect(await page.getByTestId('app-card').count()).toBe(0);
      const after = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM oauth_grant g JOIN oauth_owner o ON o.id = g.owner_id WHERE o.email = $1 AND g.revoked_at IS NULL`,
        [email],
      );
      expect(after[0].n).toBe(0);
      // The agreement page: one h1, the hash wraps on a phone.
      await page.goto(`${t.url}/legal/delegation`);
      await checkPage(page, `agreement ${width}`);
      await screenshot(page, `owner-agreement-${width}`, { docs: true });
      // The email and delete-account pages (each a GET that changes nothing until its form is sent).
      await page.goto(`${t.url}/account/email`);
      await checkPage(page, `email ${width}`);
      await screenshot(page, `owner-email-${width}`, { docs: true });
      await page.goto(`${t.url}/account/delete`);
      expect(await page.locator('main').innerText()).toContain('Every connected app loses its access');
      await checkPage(page, `delete ${width}`);
      await screenshot(page, `owner-delete-${width}`, { docs: true });
      // Sign out everywhere ends this session too.
      await page.goto(`${t.url}/account`);
      await page.getByTestId('signout-everywhere').click();
      await page.waitForURL((u) => u.pathname === '/signin');
      await page.goto(`${t.url}/account`);
      expect(new URL(page.url()).pathname).toBe('/signin');
      await context.close();
    });
  }
});
