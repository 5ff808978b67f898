// Every page a person reaches without signing in, in Debian's chromium at a phone's and a laptop's
// width (JavaScript on and off): no horizontal scrolling, axe-core with no serious or critical
// violation, no raw JSON, 44 px buttons. Covers the home page, the API page, the docs index and
// every docs page, a member page, the globe, the DMV pages (registration form, certificate,
// verification confirmation), the local mail viewer, an MCP endpoint page and the error pages.
// Screenshots of the pages this work owns are kept under docs/screenshots/ (referenced from the docs).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WIDTHS,
  axeViolations,
  browserAvailable,
  horizontalOverflow,
  launchBrowser,
  looksLikeRawJson,
  newContext,
  screenshot,
  smallTouchTargets,
} from '../../support/browser.js';
import { insertMember } from '../../support/factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const hasBrowser = browserAvailable('test/e2e/site/pages-browser.e2e-spec.ts');

/** Pages whose screenshots go into docs/screenshots (name → path). */
const DOC_SHOTS: Record<string, string> = {
  '/': 'home',
  '/docs/api': 'api-page',
  '/dmv/register': 'dmv-register',
  '/dev/mail': 'mail-viewer',
  '/no-such-page': 'error-404',
};

describe.skipIf(!hasBrowser)('every public page in a real browser (390 and 1280 px, JavaScript on and off)', () => {
  let t: TestApp;
  let browser: Browser;
  const pages: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: '10000/60', RATE_LIMIT_REGISTER: '100/60' } });
    const member = await insertMember(t, { slug: 'acme-agents', display_name: 'Acme Agents' });
    // A DMV registration through the public API: its certificate page and its held verification mail.
    const reg = await fetch(`${t.url}/api/v1/dmv/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agent_name: 'page-tour', email: 'tour@example.com', operator_name: 'Tour Operator' }),
    });
    expect(reg.status).toBe(201);
    const { certificate_id } = (await reg.json()) as { certificate_id: string };
    const [mail] = await t.sql<{ id: string }>(`SELECT id FROM outbound_mail WHERE to_address = 'tour@example.com'`);
    const docs = await (await fetch(`${t.url}/docs`)).text();
    const docPages = [...new Set([...docs.matchAll(/href="(\/docs\/[a-z0-9-]+)"/g)].map((m) => m[1]))];
    expect(docPages.length).toBeGreaterThan(5);
    pages.push(
      '/',
      '/docs/api',
      '/docs',
      ...docPages,
      `/members/${member.slug}`,
      '/globe',
      '/dmv',
      '/dmv/register',
      `/dmv/certificates/${certificate_id}`,
      '/dev/mail',
      `/dev/mail/${mail.id}`,
      '/mcp',
      '/no-such-page',
      '/dmv/certificates/DMV-0000-0000-0000-0',
    );
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * With JavaScript on: the checks that evaluate in the page (overflow, touch targets, axe). With it
   * off (nothing can be evaluated in the page): the page renders as HTML with its header, main and
   * footer inside the viewport and no JSON text; these pages run no script that could change layout.
   */
  async function check(page: Page, path: string, label: string, js: boolean, width: number): Promise<void> {
    const response = await page.goto(`${t.url}${path}`);
    expect(response, path).not.toBeNull();
    expect(response!.headers()['content-type'], `${label}: HTML`).toMatch(/text\/html/);
    if (!js) {
      expect(await page.locator('body').innerText(), `${label}: raw JSON`).not.toMatch(/^\s*[[{]/);
      for (const part of ['header.site', 'main', 'footer.site']) {
        expect(await page.locator(part).count(), `${label}: ${part}`).toBe(1);
        const box = await page.locator(part).first().boundingBox();
        expect(box, `${label}: ${part}`).not.toBeNull();
        expect(box!.x + box!.width, `${label}: ${part} right edge`).toBeLessThanOrEqual(width);
      }
      return;
    }
    expect(await looksLikeRawJson(page), `${label}: raw JSON`).toBe(false);
    expect(await horizontalOverflow(page), `${label}: horizontal overflow (px)`).toBe(0);
    expect(await smallTouchTargets(page), `${label}: buttons under 44 px`).toEqual([]);
    expect(await axeViolations(page), `${label}: axe serious/critical`).toEqual([]);
  }

  for (const width of WIDTHS) {
    for (const js of [true, false]) {
      it(`${width} px, JavaScript ${js ? 'on' : 'off'}: every page fits, passes axe and shows no JSON`, async () => {
        const context = await newContext(browser, width, js);
        const page = await context.newPage();
        for (const path of pages) {
          await check(page, path, `${path} at ${width} px, JS ${js ? 'on' : 'off'}`, js, width);
          const shot = DOC_SHOTS[path];
          if (shot && js) await screenshot(page, `${shot}-${width}`, { docs: true, maxHeight: 1400 });
        }
        await context.close();
      }, 240_000);
    }
  }

  it('the header links to JSON open a page for people that links the JSON', async () => {
    const context = await newContext(browser, 390, true);
    const page = await context.newPage();
    await page.goto(`${t.url}/`);
    await page.locator('header nav a[href="/docs/api"]').click();
    await page.waitForURL(/\/docs\/api$/);
    expect(new URL(page.url()).pathname).toBe('/docs/api');
    expect(await looksLikeRawJson(page)).toBe(false);
    expect(await page.locator('main a[href="/openapi.json"]').count()).toBe(1);
    expect(await page.locator('main a[href="/api/v1/members"]').count()).toBe(1);
    // Every page has the same header: Sign in / Account leads to the account page (sign-in when signed out).
    await page.goto(`${t.url}/globe`);
    expect(await page.locator('header nav a[href="/account"]').innerText()).toMatch(/sign in/i);
    await context.close();
  });
});
