import { escapeHtml, pageLayout } from './layout.js';
import type { HtmlPage } from './page.js';

/** One machine-readable document or API the page points at. */
interface ApiEntry {
  href: string;
  title: string;
  what: string;
}

const ENTRIES: readonly ApiEntry[] = [
  {
    href: '/openapi.json',
    title: 'OpenAPI document',
    what: 'The whole REST API as OpenAPI 3.1 (JSON): import it into a client generator or an API tool.',
  },
  { href: '/api/v1/members', title: 'Members API', what: 'The public member directory, paginated JSON (REST API v1). Search with ?q=.' },
  { href: '/api/v1/stats', title: 'Community stats', what: 'Member organizations by category (JSON).' },
  {
    href: '/dmv/api/lookup?certificate_id=DMV-0000-0000-0000-0',
    title: 'DMV certificate lookup',
    what: 'Whether a .agent pre-registration certificate was issued (JSON).',
  },
  { href: '/recall/API.md', title: 'Recall API', what: 'The memory board’s REST mirror, described in Markdown.' },
  { href: '/.well-known/mcp', title: 'MCP discovery manifest', what: 'The MCP servers hosted here and their endpoints (JSON).' },
  {
    href: '/.well-known/oauth-authorization-server',
    title: 'OAuth authorization server metadata',
    what: 'How MCP hosts sign in to the identity broker (RFC 8414 JSON).',
  },
];

/**
 * GET /docs/api: a page for people about the machine-readable documents, linking to each (the
 * header's "API" link lands here rather than on raw JSON).
 */
export function apiDocsPage(): HtmlPage {
  const items = ENTRIES.map(
    (entry) => `<li class="card"><h2><a href="${escapeHtml(entry.href)}">${escapeHtml(entry.title)}</a></h2>
<p>${escapeHtml(entry.what)} <code>${escapeHtml(entry.href.split('?')[0])}</code></p></li>`,
  ).join('\n');
  const html = pageLayout({
    title: 'APIs and machine-readable documents',
    description: 'The REST API, its OpenAPI document and the other JSON documents Agentry publishes.',
    main: `<h1>APIs and machine-readable documents</h1>
<p>Everything on this site is also available to programs. The links below open JSON or Markdown meant for software;
the <a href="/docs/api-reference">API reference</a> explains them for people. Public endpoints need no key; the general
budget is 30 requests per minute per client.</p>
<ul class="cards">
${items}
</ul>`,
  });
  return { status: 200, html };
}
