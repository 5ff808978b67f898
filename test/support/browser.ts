// Shared support for the browser tests (R17): Debian's chromium through playwright-core, the skip
// note when it is missing, axe-core, the horizontal-overflow check and screenshots — written once.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The two widths every page is checked at: a phone and a laptop. */
export const WIDTHS = [390, 1280] as const;

/**
 * Whether the browser tests can run. Without chromium they are skipped, the run says so loudly
 * (test-artifacts/browser-tests-skipped.txt, printed by scripts/test.mjs), and REQUIRE_BROWSER=1
 * (CI) turns the absence into a failure.
 */
export function browserAvailable(specFile: string): boolean {
  const has = existsSync(CHROMIUM);
  if (!has && process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 but ${CHROMIUM} is missing`);
  if (!has) {
    mkdirSync(path.resolve('test-artifacts'), { recursive: true });
    writeFileSync(
      path.resolve('test-artifacts/browser-tests-skipped.txt'),
      `BROWSER TESTS DID NOT RUN: ${CHROMIUM} is not installed (${specFile}).\n`,
      { flag: 'a' },
    );
  }
  return has;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
}

/** A fresh context (own cookies) at a width, with JavaScript on or off. */
export function newContext(browser: Browser, width: number, javaScriptEnabled = true): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * axe-core's serious and critical violations on the page as it is now. The script is evaluated
 * through the DevTools protocol (not a <script> tag), so the page's strict CSP stays as served.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const result = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length })))`,
  )) as AxeViolation[];
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** How many CSS pixels the document is wider than the viewport (0 = no horizontal scrolling). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return (await page.evaluate('Math.max(0, document.documentElement.scrollWidth - window.innerWidth)')) as number;
}

/** Elements (buttons, links styled as buttons, inputs) smaller than 44×44 px, as "tag.class text" strings. */
export async function smallTouchTargets(page: Page, selector = 'button, .button, input[type=submit]'): Promise<string[]> {
  return (await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})]
    .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.width < 44 || r.height < 44); })
    .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' ' + (e.textContent || '').trim().slice(0, 30))`)) as string[];
}

/**
 * A full-page screenshot under test-artifacts/screenshots/. With `docs` and UPDATE_SCREENSHOTS=1 it
 * goes to docs/screenshots/ instead (committed, referenced from the docs).
 */
export async function screenshot(page: Page, name: string, options: { docs?: boolean; maxHeight?: number } = {}): Promise<string> {
  // The committed docs images change only when asked for (UPDATE_SCREENSHOTS=1 npm test -- <file>):
  // a plain test run writes to test-artifacts/ and leaves the work tree clean.
  const intoDocs = options.docs && process.env.UPDATE_SCREENSHOTS === '1';
  const dir = intoDocs ? path.resolve('docs/screenshots') : path.resolve('test-artifacts/screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // maxHeight keeps committed images small: the top of a long page, at most this many CSS pixels.
  const size = page.viewportSize();
  const height = options.maxHeight
    ? Math.min(options.maxHeight, (await page.evaluate('document.documentElement.scrollHeight')) as number)
    : 0;
  const clip = height && size ? { x: 0, y: 0, width: size.width, height } : undefined;
  await page.screenshot({ path: file, fullPage: true, ...(clip ? { clip } : {}) });
  return file;
}

/** Text a person would see that looks like a raw JSON document. */
export async function looksLikeRawJson(page: Page): Promise<boolean> {
  const text = ((await page.evaluate('document.body ? document.body.innerText : ""')) as string).trim();
  return /^[[{]/.test(text) && /[\]}]$/.test(text);
}
