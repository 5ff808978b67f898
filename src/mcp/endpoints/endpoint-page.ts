import type { AppConfig } from '../../config/app-config.js';
import { escapeHtml, pageLayout } from '../../common/http/layout.js';

/** A short, script-free HTML page for a browser that opens an MCP endpoint, in the site's layout. */
export function renderEndpointPage(config: AppConfig, page: { title: string; path: string; paragraphs: string[] }): string {
  const url = `${config.publicBaseUrl}${page.path}`;
  const body = page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return pageLayout({
    title: page.title,
    section: 'MCP endpoint',
    main: `<h1>${escapeHtml(page.title)}</h1>
<p>This address is a Model Context Protocol endpoint, meant for MCP clients rather than browsers. Add it to your MCP host
(Claude, VS Code, the MCP Inspector…):</p>
<p class="card"><code>${escapeHtml(url)}</code></p>
<p>It speaks JSON-RPC 2.0 over Streamable HTTP.</p>
${body}
<p class="actions"><a class="button" href="/docs/mcp-server">How to connect</a>
<a class="button secondary" href="/.well-known/mcp">Discovery manifest (JSON)</a></p>`,
  });
}
