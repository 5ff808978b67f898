import { escapeHtml } from '../../common/http/html.js';

export { escapeHtml };
import { pageLayout } from '../../common/http/layout.js';

/** The common layout (src/common/http/layout.ts). */
export const layout = pageLayout;

/** The HTML 404 page of the directory's pages. */
export function renderNotFoundPage(what: string): string {
  return layout({
    title: 'Not found',
    main: `<h1>Not found</h1>
<p class="muted">${escapeHtml(what)}</p>
<p><a href="/">Back to the home page</a> · <a href="/globe">Member globe</a> · <a href="/docs">Documentation</a></p>`,
  });
}
