import { Marked, type Tokens } from 'marked';
import { escapeHtml, pageLayout } from '../../common/http/layout.js';
import type { HtmlPage } from '../../common/http/page.js';

/** Markdown → HTML for our own docs; links to sibling pages (`dmv.md#x`) become `/docs/dmv#x`. */
const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'link' || token.type === 'image') {
      const t = token as Tokens.Link;
      const m = /^(?:\.\/)?([a-z0-9-]+)\.md(#[\w-]*)?$/i.exec(t.href);
      if (m) t.href = `/docs/${m[1].toLowerCase()}${m[2] ?? ''}`;
    }
  },
});

export interface DocLink {
  name: string;
  title: string;
  description: string;
}

function sideNav(pages: readonly DocLink[], current?: string): string {
  const items = pages
    .map(
      (p) => `<li><a href="/docs/${escapeHtml(p.name)}"${p.name === current ? ' aria-current="page"' : ''}>${escapeHtml(p.title)}</a></li>`,
    )
    .join('\n      ');
  return `<nav aria-label="Documentation">
    <p><a href="/docs">All documentation</a></p>
    <ul>
      ${items}
    </ul>
  </nav>`;
}

/**
 * Wide tables scroll sideways inside their own box on a phone rather than widening the page; the box
 * is a labelled, focusable region so keyboard users can scroll it too (axe scrollable-region-focusable);
 * code blocks, which scroll the same way, are focusable too.
 */
function scrollableBoxes(html: string): string {
  let n = 0;
  return html
    .replace(/<table>/g, () => `<div class="table-scroll" role="region" tabindex="0" aria-label="Table ${++n} (scrolls sideways)"><table>`)
    .replace(/<\/table>/g, '</table></div>')
    .replace(/<pre>/g, '<pre tabindex="0">');
}

/** Strips the YAML front matter so it is not rendered as text. */
function withoutFrontMatter(markdown: string): string {
  return markdown.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '');
}

/** One documentation page (`/docs/<name>`), its Markdown rendered, with the side navigation. */
export function renderDocPage(page: DocLink & { markdown: string }, pages: readonly DocLink[]): HtmlPage {
  const body = scrollableBoxes(marked.parse(withoutFrontMatter(page.markdown), { async: false }));
  const html = pageLayout({
    title: page.title,
    description: page.description,
    mainClass: 'docs-layout',
    main: `${sideNav(pages, page.name)}
  <article>
${body}
    <footer>Also available as Markdown over the documentation MCP (<code>docs://agentry/${escapeHtml(page.name)}</code>).</footer>
  </article>`,
  });
  return { status: 200, html };
}

/** The documentation index (`/docs`): every page with its description. */
export function renderDocsIndex(pages: readonly DocLink[]): HtmlPage {
  const items = pages
    .map(
      (p) =>
        `<li class="card"><a href="/docs/${escapeHtml(p.name)}">${escapeHtml(p.title)}</a><p class="muted">${escapeHtml(p.description)}</p></li>`,
    )
    .join('\n  ');
  const html = pageLayout({
    title: 'Documentation',
    description: 'Documentation for Agentry: the REST API, the MCP servers, onboarding for agents, the DMV and Recall.',
    main: `<h1>Documentation</h1>
<p class="muted">The same pages are searchable at <a href="/api/v1/content-search?q=mcp">/api/v1/content-search</a>
and readable by agents over the documentation MCP server at <code>/mcp/docs</code>.</p>
<ul class="doc-list">
  ${items}
</ul>`,
  });
  return { status: 200, html };
}
