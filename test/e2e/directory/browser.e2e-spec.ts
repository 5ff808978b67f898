// Real-browser checks with Debian's chromium driven by playwright-core. Without /usr/bin/chromium
// these tests are skipped (and say so loudly in test-artifacts/browser-tests-skipped.txt) unless
// REQUIRE_BROWSER=1, which turns a missing browser into a failure (.ci/run sets it).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoMembers } from '../../../src/directory/seed/demo-members.js';
import { COMMUNITY_STATS_VIEW_HTML } from '../../../src/directory/views/community-stats-view.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { insertMembers } from './directory-support.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.resolve('test-artifacts');
const hasBrowser = existsSync(CHROMIUM);
const required = process.env.REQUIRE_BROWSER === '1';

if (!hasBrowser && required) {
  throw new Error(`REQUIRE_BROWSER=1 but ${CHROMIUM} is missing: install it with \`apt-get install chromium\`.`);
}
if (!hasBrowser) {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(
    path.join(ARTIFACTS, 'browser-tests-skipped.txt'),
    [
      `BROWSER TESTS DID NOT RUN: ${CHROMIUM} is not installed.`,
      'Skipped: test/e2e/directory/browser.e2e-spec.ts —',
      '  "the /globe page draws member points without console errors" (screenshot test-artifacts/globe.png)',
      '  "the community stats MCP Apps view shows the number a host sends it"',
      'Enable them with `apt-get install chromium` (Debian/Ubuntu); set REQUIRE_BROWSER=1 to make a missing browser fail the run.',
    ].join('\n') + '\n',
  );
}

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A page that plays the host side of the MCP Apps protocol for the view in its iframe. */
const HOST_PAGE = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>test host</title></head>
<body>
<iframe id="view" src="/view.html" style="width:480px;height:260px;border:0"></iframe>
<script src="/host.js"></script>
</body></html>`;

const HOST_SCRIPT = `
window.hostLog = [];
var frame = document.getElementById('view');
window.addEventListener('message', function (event) {
  if (event.source !== frame.contentWindow) return;
  var msg = event.data;
  window.hostLog.push(msg);
  if (msg && msg.method === 'ui/initialize') {
    frame.contentWindow.postMessage({ jsonrpc: '2.0', id: msg.id, result: {
      protocolVersion: '2026-01-26', hostInfo: { name: 'test-host', version: '1.0.0' }, hostCapabilities: {},
      hostContext: { theme: 'light' } } }, '*');
  }
  if (msg && msg.method === 'ui/notifications/initialized') {
    var result = { member_count: 1234, note: 'Approximate: counted 2 minutes ago.' };
    frame.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: {
      content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result } }, '*');
  }
});
`;

describe.skipIf(!hasBrowser)('directory: pages in a real browser (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let host: Server;
  let hostUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    const demo = generateDemoMembers(200, 7);
    await insertMembers(
      t,
      demo.map((m) => ({
        slug: m.slug,
        display_name: m.display_name,
        category: m.category,
        description: m.description,
        website: m.website,
        tags: m.tags,
        city: m.location?.city ?? null,
        country: m.location?.country ?? null,
        latitude: m.location?.latitude ?? null,
        longitude: m.location?.longitude ?? null,
        member_since: m.member_since,
      })),
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    host = createServer((req, res) => {
      const routes: Record<string, [string, string]> = {
        '/': ['text/html; charset=utf-8', HOST_PAGE],
        '/host.js': ['application/javascript', HOST_SCRIPT],
        '/view.html': ['text/html; charset=utf-8', COMMUNITY_STATS_VIEW_HTML],
      };
      const route = routes[req.url ?? '/'];
      if (!route) {
        res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
        return;
      }
      res.writeHead(200, { 'content-type': route[0] }).end(route[1]);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => host?.close(resolve));
    await t?.close();
  });

  it('the /globe page draws member points without console errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()}`));
    await page.goto(`${t.url}/globe`);
    // Polled from the test: page.waitForFunction evaluates its predicate inside the page, which the
    // page's own CSP (no unsafe-eval) rightly refuses whenever the first check is not yet true.
    await expect
      .poll(() => page.evaluate("Number(document.body.dataset.pointsRendered || '0')"), { timeout: 15_000, interval: 100 })
      .toBeGreaterThan(0);
    const rendered = Number(await page.evaluate('document.body.dataset.pointsRendered'));
    expect(rendered).toBeGreaterThan(0);
    expect(await page.textContent('#globe-count')).toMatch(/\d+ members on the map/);
    await page.waitForTimeout(300);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'globe.png') });
    expect(existsSync(path.join(ARTIFACTS, 'globe.png'))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the community stats MCP Apps view shows the number a host sends it', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    await page.goto(hostUrl);
    const frame = page.frameLocator('#view');
    await expect.poll(async () => frame.locator('#member-count').textContent(), { timeout: 10_000 }).toBe('1,234');
    expect(await frame.locator('#note').textContent()).toBe('Approximate: counted 2 minutes ago.');
    const log = ((await page.evaluate('window.hostLog')) as Array<{ method?: string }>).map((m) => m.method);
    expect(log[0]).toBe('ui/initialize');
    expect(log).toContain('ui/notifications/initialized');
    // The view never asks the host to call tools or read resources.
    expect(log.filter((m) => m && /tools\/call|resources\/read/.test(m))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
