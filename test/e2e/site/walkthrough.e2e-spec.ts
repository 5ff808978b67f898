// The README's "Connecting an MCP host to the broker", followed exactly as written on a fresh
// install: the built server started as `npm start` starts it (a fresh DATA_DIR, so an embedded
// PostgreSQL; no SMTP_RELAY_URL), the start banner read for the addresses, an official SDK client
// pointed at the broker, and a person in Chromium who signs in from the mail viewer (/dev/mail) —
// once by typing the code with JavaScript off, once by the mailed link with JavaScript on — signs
// the agreement and allows the app. The pages are driven by stable things only (field names
// `email` and `code`, buttons), so their wording may change.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../src/database/embedded-postgres.js';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../../support/browser.js';
import { openNewestMail } from '../../support/mail-viewer.js';
import { loginSdk1 } from '../../support/mcp-clients.js';
import { TestOAuthProvider, type Authorizer } from '../../support/oauth-login.js';
import { waitFor } from '../../support/wait.js';

const MAIN = path.resolve('dist/src/main.js');
const CALLBACK = 'http://127.0.0.1:33418/callback';
const hasBrowser = browserAvailable('test/e2e/site/walkthrough.e2e-spec.ts');

interface Banner {
  home: string;
  mcp: { broker: string };
  mailViewer?: string;
  database: string;
}

/** A person in the browser: the README's steps 2-5 for one authorization URL. */
class BrowserOwner implements Authorizer {
  readonly mailLines: string[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly email: string,
    private readonly viewer: string,
    private readonly how: 'code' | 'link',
    private readonly output: () => string,
  ) {}

  async authorize(authorizationUrl: string): Promise<URL> {
    try {
      return await this.steps(authorizationUrl);
    } catch (error) {
      // Where it stopped, for whoever reads the failure.
      process.stderr.write(`walkthrough stopped: ${(error as Error).message.slice(0, 1500)}\n`);
      for (const [i, p] of this.context.pages().entries()) {
        await screenshot(p, `walkthrough-failure-${this.how}-${i}`);
        process.stderr.write(
          `page ${i}: ${p.url()}\n${(
            await p
              .locator('main')
              .innerText()
              .catch(() => '')
          ).slice(0, 600)}\n`,
        );
      }
      throw error;
    }
  }

  private async steps(authorizationUrl: string): Promise<URL> {
    let reached: URL | undefined;
    // The host's loopback redirect: the browser lands there with the code (the host listens on it).
    await this.context.route(`${CALLBACK}**`, async (route) => {
      reached = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>Host</title><p>Connected.</p>' });
    });
    const page = await this.context.newPage();
    await page.goto(authorizationUrl);
    // Step 3: the sign-in page; enter the email address and press the button.
    const emailField = page.locator('input[name="email"]');
    await emailField.fill(this.email);
    const before = this.output().length;
    await page.locator('form', { has: emailField }).locator('button[type="submit"]').first().click();
    await page.locator('input[name="code"]').waitFor();
    // The console prints one line for the message, with its viewer URL.
    await expect
      .poll(() => /held in the outbox: read it at (\S+\/dev\/mail\/[0-9a-f-]{36})/.exec(this.output().slice(before))?.[1])
      .toBeTruthy();
    this.mailLines.push(/Mail [^\n]*read it at \S+/.exec(this.output().slice(before))![0]);
    // Step 3-4: open the mail viewer and the newest message.
    const mailPage = await this.context.newPage();
    const mail = await openNewestMail(mailPage, this.viewer, this.email);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, 'the viewer shows the real code, not [redacted]').toBeTruthy();
    expect(mail.text).not.toContain('[redacted]');
    if (this.how === 'code') {
      await page.locator('input[name="code"]').fill(code!);
      await page
        .locator('form', { has: page.locator('input[name="code"]') })
        .locator('button[type="submit"]')
        .first()
        .click();
      await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await mailPage.close();
    } else {
      // Click the link in the message (it opens in the viewer's tab) and press the button there.
      const link = mailPage.locator('main pre a[href*="/signin/"]').first();
      await link.click();
      await mailPage.locator('main form button[type="submit"]').first().click();
      await mailPage.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await page.close();
      return this.consent(mailPage, () => reached);
    }
    return this.consent(page, () => reached);
  }

  /** Step 5: sign the agreement (tick it where asked) and allow, until the browser reaches the host. */
  private async consent(page: Page, reached: () => URL | undefined): Promise<URL> {
    const decisions = page.locator('button[name="decision"][value="approve"], button[name="decision"][value="sign"]');
    const allow = page.getByRole('button', { name: /^(allow|approve)\b/i });
    for (let step = 0; step < 6 && !reached(); step++) {
      await waitFor(async () => reached() !== undefined || (await decisions.count()) > 0 || (await allow.count()) > 0, 20_000, 100);
      if (reached()) break;
      for (const box of await page.locator('input[type="checkbox"][name*="agree"], input[type="checkbox"][name*="accept"]').all()) {
        if (!(await box.isChecked())) await box.check();
      }
      const approve = page.locator('button[name="decision"][value="approve"]');
      const button = (await approve.count()) ? approve : (await decisions.count()) ? decisions : allow;
      const from = page.url();
      await button.first().click();
      await waitFor(() => reached() !== undefined || page.url() !== from, 20_000, 100);
      await page.waitForLoadState();
    }
    await waitFor(() => reached(), 10_000);
    await page.close();
    return reached()!;
  }
}

describe.skipIf(!hasBrowser)('README walkthrough: connecting an MCP host on a fresh install (mail viewer)', () => {
  let dir: string;
  let child: ChildProcess;
  let out = '';
  let banner: Banner;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error('dist/ is missing: build first (npm test builds)');
    // A free port can be taken by a parallel test between the probe and the listen: then start again
    // on another port, from another fresh data directory (at most three times).
    let line: string | undefined;
    for (let attempt = 0; attempt < 3 && !line; attempt++) {
      if (child && child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      dir = await mkdtemp(path.join(tmpdir(), 'agentry-walkthrough-'));
      const port = await findFreePort();
      const env = { ...process.env };
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_RELAY_URL', 'MAIL_VIEWER', 'PUBLIC_BASE_URL', 'HOST']) delete env[name];
      // Step 1, as `npm start` runs it: no configuration beyond a free port and a fresh data directory.
      out = '';
      child = spawn(process.execPath, [MAIN], {
        env: { ...env, PORT: String(port), DATA_DIR: dir, SMTP_PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      await waitFor(() => /"msg":"Agentry is ready/.test(out) || child.exitCode !== null, 120_000, 300);
      line = out.split('\n').find((l) => l.includes('"msg":"Agentry is ready'));
      if (!line && !out.includes('EADDRINUSE')) break;
    }
    if (!line) throw new Error(`the server did not start:\n${out}`);
    banner = JSON.parse(line) as Banner;
    browser = await launchBrowser();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints one banner with the addresses a person needs, the mail viewer among them', () => {
    expect(banner.home).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(banner.mcp.broker).toBe(`${banner.home}broker/mcp`);
    expect(banner.mailViewer).toBe(`${banner.home}dev/mail`);
    expect(banner.database).toContain('npm run db:psql');
    // Route mapping is debug detail now: the start is a handful of lines, not hundreds.
    expect(out).not.toContain('Mapped {');
    expect(out.split('\n').filter(Boolean).length).toBeLessThan(25);
  });

  it('writes one access line per request with its request id once', async () => {
    const res = await fetch(banner.home, { headers: { 'x-request-id': 'walkthrough-home-1' } });
    expect(res.status).toBe(200);
    const line = await waitFor(() => out.split('\n').find((l) => l.includes('"reqId":"walkthrough-home-1"') && l.includes('"status"')));
    expect(line.match(/"reqId"/g)).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: '/', status: 200 });
  });

  it('signs in from /dev/mail by typing the code (JavaScript off), signs the agreement, approves, and lists the tools', async () => {
    const context = await newContext(browser, 390, false);
    const owner = new BrowserOwner(context, 'walkthrough-code@example.com', banner.mailViewer!, 'code', () => out);
    const provider = new TestOAuthProvider(owner, { clientName: 'Walkthrough Host', redirectUrl: CALLBACK });
    const { client } = await loginSdk1(banner.mcp.broker, provider, 'walkthrough-host');
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('identity_whoami');
    await client.close();
    await context.close();
    expect(owner.mailLines).toHaveLength(1);
    // The log names the message's viewer URL, never the code or the link itself.
    expect(owner.mailLines[0]).not.toMatch(/\b\d{6}\b|msl_/);
  }, 120_000);

  it('npm run db:psql opens the embedded database, whose outbox holds the sign-in mail redacted', () => {
    const run = spawnSync(process.execPath, ['scripts/db-psql.mjs', '-At', '-c', 'select text_body from outbound_mail'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    if (run.status !== 0 && /psql is not installed/.test(run.stderr)) {
      // Without a psql binary the script says how to connect instead (port and password file).
      expect(run.stderr).toMatch(/127\.0\.0\.1:\d+, database agentry, user postgres/);
      return;
    }
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Your sign-in code is [redacted]');
    expect(run.stdout).not.toMatch(/sign-in code is \d{6}/);
  });

  it('signs in by the link in the message (JavaScript on) just as well', async () => {
    const context = await newContext(browser, 1280, true);
    const owner = new BrowserOwner(context, 'walkthrough-link@example.com', banner.mailViewer!, 'link', () => out);
    const provider = new TestOAuthProvider(owner, { clientName: 'Walkthrough Host 2', redirectUrl: CALLBACK });
    const { client } = await loginSdk1(banner.mcp.broker, provider, 'walkthrough-host-2');
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    await context.close();
  }, 120_000);
});
