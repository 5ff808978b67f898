// The local mail viewer (/dev/mail) as a person uses it in a browser: open the list, open the
// newest message for an address, read its text and links. Written once for the walkthrough and DMV tests.
import type { Page } from 'playwright-core';

export interface ViewedMail {
  /** The message's text as the viewer shows it. */
  text: string;
  /** Every link in the message body. */
  links: string[];
  /** The viewer URL of the message. */
  url: string;
}

/**
 * Opens the viewer's list (`viewer`, e.g. http://localhost:3000/dev/mail) in `page`, waits until a message whose list entry mentions `to` appears
 * (reloading, as a person would), clicks the newest such entry and reads it.
 */
export async function openNewestMail(page: Page, viewer: string, to: string, timeoutMs = 10_000): Promise<ViewedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(viewer);
    const entry = page.locator('li', { hasText: to }).first();
    if ((await entry.count()) > 0) {
      await entry.locator('a[href^="/dev/mail/"]').first().click();
      await page.waitForURL(/\/dev\/mail\/[0-9a-f-]{36}$/);
      const body = page.locator('main pre').first();
      return {
        text: await body.innerText(),
        links: await body.locator('a').evaluateAll((as) => as.map((a) => (a as unknown as { href: string }).href)),
        url: page.url(),
      };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in the viewer`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
