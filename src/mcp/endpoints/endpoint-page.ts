import type { AppConfig } from '../../config/app-config.js';
import { escapeHtml } from '../../common/http/html.js';

/** A short, script-free HTML page for a browser that opens an MCP endpoint. */
export function renderEndpointPage(config: AppConfig, page: { title: string; path: string; paragraphs: string[] }): string {
  const url = `${config.publicBaseUrl}${page.path}`;
  const body = page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1d232b}code{background:#f1f3f5;padding:.1rem .3rem;border-radius:4px}</style>
</head>
<body>
<h1>${escapeHtml(page.title)}</h1>
<p>This address is a Model Context Protocol endpoint: <code>${escapeHtml(url)}</code>. It speaks JSON-RPC 2.0 over Streamable HTTP and is meant for MCP clients, not for browsers.</p>
${body}
<p><a href="/">Back to the home page</a> · <a href="/.well-known/mcp">Discovery manifest</a></p>
</body>
</html>
`;
}
