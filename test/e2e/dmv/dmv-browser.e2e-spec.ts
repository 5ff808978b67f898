// The DMV for a person in Chromium, without an API client: register a name with the form (JavaScript
// off and on), see errors next to their fields, open the verification mail in the local mail viewer,
// follow its link and press Confirm. Confirm used to fail in every browser: the page sent
// `Referrer-Policy: no-referrer`, so Chromium posted `Origin: null` and the Origin check answered 403.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserAvailable, horizontalOverflow, launchBrowser, newContext, screenshot } from '../../support/browser.js';
import { openNewestMail } from '../../support/mail-viewer.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const hasBrowser = browserAvailable('test/e2e/dmv/dmv-browser.e2e-spec.ts');

describe.skipIf(!hasBrowser)('DMV pages in a real browser: register by form, confirm by the mailed link', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    // The registration budget as published (2 per 60 s per client): the form spends it like the API.
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_REGISTER: '2/60' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function fillForm(page: Page, fields: Record<string, string>): Promise<void> {
    await page.goto(`${t.url}/dmv/register`);
    for (const [name, value] of Object.entries(fields)) await page.locator(`[name="${name}"]`).fill(value);
    await page.locator('main form button[type="submit"]').click();
    await page.waitForLoadState();
  }

  it('shows each mistake next to its field and registers nothing (JavaScript off)', async () => {
    const context = await newContext(browser, 390, false);
    const page = await context.newPage();
    await fillForm(page, { agent_name: '', email: 'not-an-address', operator_name: 'Ops' });
    expect(await page.locator('#agent_name-error').innerText()).toMatch(/enter the name/i);
    expect(await page.locator('#email-error').innerText()).toMatch(/email address/i);
    expect(await page.locator('#operator_name-error').count()).toBe(0);
    // What was typed stays in the form.
    expect(await page.locator('[name="email"]').inputValue()).toBe('not-an-address');
    expect(await page.locator('[name="agent_name"]').getAttribute('aria-invalid')).toBe('true');
    // A name the rules refuse is reported on the name.
    await fillForm(page, { agent_name: '-bad-', email: 'ops@example.com', operator_name: 'Ops' });
    expect(await page.locator('#agent_name-error').innerText()).toMatch(/cannot be used/i);
    expect((await t.sql('SELECT 1 FROM dmv_registration')).length).toBe(0);
    await context.close();
  });

  for (const js of [false, true]) {
    it(`registers a name and confirms the contact from the mail viewer (JavaScript ${js ? 'on' : 'off'})`, async () => {
      const width = js ? 1280 : 390;
      const context = await newContext(browser, width, js);
      const page = await context.newPage();
      const name = js ? 'browser-on' : 'browser-off';
      const email = `${name}@example.com`;
      await fillForm(page, { agent_name: name, email, operator_name: 'Browser Operator', description: 'Checks the DMV pages.' });
      expect(await page.locator('h1').innerText()).toContain(`${name}.agent`);
      const certificate = await page.locator('dd code').first().innerText();
      expect(certificate).toMatch(/^DMV-/);
      if (js) {
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
      }

      // The verification mail, in the local mail viewer; its link opens the confirmation page.
      const mail = await openNewestMail(page, `${t.url}/dev/mail`, email);
      const link = mail.links.find((l) => l.includes('/dmv/verify?token='));
      expect(link, 'the viewer shows the real link').toBeTruthy();
      await page.locator('main pre a[href*="/dmv/verify"]').first().click();
      await page.waitForURL(/\/dmv\/verify\?token=/);
      if (js) {
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, 'dmv-confirm-1280', { docs: true, maxHeight: 1400 });
      }
      // Press Confirm: the browser posts the form with the page's own Origin.
      const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/dmv/verify'));
      await page.getByRole('button', { name: 'Confirm' }).click();
      expect((await posted).headers().origin).toBe(t.url);
      await page.waitForLoadState();
      expect(await page.locator('h1').innerText()).toBe('Contact verified');
      const [row] = await t.sql<{ contact_verified_at: Date | null }>(
        'SELECT contact_verified_at FROM dmv_registration WHERE certificate_id = $1',
        [certificate],
      );
      expect(row.contact_verified_at).not.toBeNull();
      await context.close();
    });
  }

  it('a third registration within the minute is refused on the form, saying when to try again', async () => {
    const context = await newContext(browser, 390, false);
    const page = await context.newPage();
    await fillForm(page, { agent_name: 'one-too-many', email: 'third@example.com', operator_name: 'Ops' });
    expect(await page.locator('.error-box').innerText()).toMatch(/try again in about a minute/i);
    expect(await page.locator('[name="agent_name"]').inputValue()).toBe('one-too-many');
    await context.close();
  });
});
