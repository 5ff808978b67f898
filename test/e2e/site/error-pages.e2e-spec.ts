// No JSON for a person: a request whose Accept prefers HTML gets an HTML page for 403/404/405/429/5xx
// (what happened, what to do, when to retry in plain words, the request id), while API clients keep
// the published JSON bodies byte for byte.
import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserAvailable, horizontalOverflow, launchBrowser, looksLikeRawJson, newContext } from '../../support/browser.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8' };
const hasBrowser = browserAvailable('test/e2e/site/error-pages.e2e-spec.ts');

describe('error pages for people, JSON for programs', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One request per minute on the general budget: the pages' budget is ten times that.
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: '1/60' } });
  });
  afterAll(() => t?.close());

  it('an unknown URL: an HTML 404 page for a browser, the exact JSON body for API clients', async () => {
    const page = await fetch(`${t.url}/no/such/page`, { headers: BROWSER });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('Page not found');
    expect(html).toContain(page.headers.get('x-request-id')!);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");

    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html']) {
      const api = await fetch(`${t.url}/no/such/page`, { headers: accept ? { accept } : {} });
      expect(api.status).toBe(404);
      expect(api.headers.get('content-type')).toMatch(/application\/json/);
      expect(await api.json()).toEqual({ error: 'not_found', message: 'No route for GET /no/such/page' });
    }
  });

  it('a form post without its origin (the DMV 403) and a foreign Host are pages too', async () => {
    const forbidden = await fetch(`${t.url}/dmv/verify`, {
      method: 'POST',
      headers: { ...BROWSER, origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('content-type')).toMatch(/text\/html/);
    expect(await forbidden.text()).toMatch(/reload the page/i);
    const api = await fetch(`${t.url}/dmv/verify`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: 'forbidden_origin', message: 'Cross-origin writes are not allowed.' });

    const host = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${t.url}/`, { headers: { ...BROWSER, host: 'evil.example' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(host.status).toBe(403);
    expect(host.body).toContain('This address is not served here');
  });

  it('/favicon.ico is the site icon, not JSON', async () => {
    const res = await fetch(`${t.url}/favicon.ico`, { headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('a rate-limited page view: 429 as a page that says when to retry in plain words; API clients keep the JSON', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 12; i++) {
      last = await fetch(`${t.url}/docs`, { headers: BROWSER });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBe('60');
    const html = await last!.text();
    expect(html).toContain('Too many requests');
    expect(html).toContain('in about a minute');
    expect(html).not.toMatch(/\b60 s\b/);
    const api = await fetch(`${t.url}/docs`);
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ error: 'rate_limited' });
  });

  it.skipIf(!hasBrowser)(
    'the error pages fit a phone, pass axe and show no JSON in Chromium',
    async () => {
      const other = await createTestApp({ env: { RATE_LIMIT_GENERAL: '10000/60' } });
      const browser: Browser = await launchBrowser();
      try {
        for (const width of [390, 1280]) {
          const context = await newContext(browser, width, true);
          const page = await context.newPage();
          for (const path of ['/no/such/page', '/favicon.ico', '/api/v1/nothing-here']) {
            const response = await page.goto(`${other.url}${path}`);
            if (path === '/favicon.ico') {
              expect(response!.headers()['content-type']).toMatch(/svg/);
              continue;
            }
            expect(response!.status()).toBe(404);
            expect(await looksLikeRawJson(page), path).toBe(false);
            expect(await horizontalOverflow(page), path).toBe(0);
            expect(await axeViolations(page), path).toEqual([]);
          }
          await context.close();
        }
      } finally {
        await browser.close();
        await other.close();
      }
    },
    60_000,
  );
});
