import type { HtmlPage } from '../../common/http/page.js';
import { escapeHtml, pageLayout } from '../../common/http/layout.js';

/** The HTML 404 page of the directory's pages (member profiles, docs). */
export function notFoundPage(what: string): HtmlPage {
  return {
    status: 404,
    html: pageLayout({
      title: 'Not found',
      main: `<h1>Not found</h1>
<p class="muted">${escapeHtml(what)}</p>
<p><a href="/">Back to the home page</a> · <a href="/globe">Member globe</a> · <a href="/docs">Documentation</a></p>`,
    }),
  };
}
