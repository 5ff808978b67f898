import { escapeHtml } from '../../common/http/html.js';
import { pageLayout } from '../../common/http/layout.js';
import type { HtmlPage } from '../../common/http/page.js';

/** The frame every DMV page shares: the site layout with a "DMV" section label, and the notice paragraph. */
export function dmvPage(
  status: number,
  title: string,
  main: string,
  options: { narrow?: boolean; headers?: Record<string, string> } = {},
): HtmlPage {
  const html = pageLayout({ title, main, section: 'DMV', mainClass: options.narrow ? 'narrow' : undefined });
  return { status, html, headers: options.headers };
}

/** The non-binding notice as the closing paragraph of a page. */
export function noticeParagraph(message: string): string {
  return `<p class="notice">${escapeHtml(message)}</p>`;
}

/** A redirect as a page: the status, a Location header and a link for clients that do not follow it. */
export function movedPage(location: string, status: 301 | 302): HtmlPage {
  const href = escapeHtml(location);
  return {
    status,
    html: `<!DOCTYPE html><title>Moved</title><a href="${href}">${href}</a>\n`,
    headers: { Location: location },
  };
}
