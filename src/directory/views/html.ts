import { escapeHtml } from '../../common/http/html.js';

export { escapeHtml };
/** HTML-escapes text for element content and quoted attribute values. */
const STYLE = `
  :root { color-scheme: light dark; --bg: #f8fafc; --fg: #0f172a; --muted: #475569; --card: #ffffff;
    --border: #e2e8f0; --accent: #0f766e; --code: #f1f5f9; }
  @media (prefers-color-scheme: dark) {
    :root { --bg: #0b1120; --fg: #e2e8f0; --muted: #94a3b8; --card: #111a2e; --border: #1e293b; --accent: #5eead4;
      --code: #0f1a30; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.6;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  header.site { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; padding: 0.9rem 1.25rem;
    border-bottom: 1px solid var(--border); }
  header.site a.brand { font-weight: 700; color: var(--fg); }
  header.site nav { display: flex; gap: 1rem; font-size: 0.95rem; flex-wrap: wrap; }
  main { max-width: 52rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
  a { color: var(--accent); text-decoration: none; }
  a:hover, a:focus-visible { text-decoration: underline; }
  h1 { margin: 0 0 0.5rem; font-size: 2rem; line-height: 1.25; }
  .muted { color: var(--muted); }
  .card { background: var(--card); border: 1px solid var(--border); border-radius: 10px; padding: 1rem 1.25rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1.25rem; margin: 1rem 0 0; }
  dt { color: var(--muted); }
  dd { margin: 0; }
  .tags { display: flex; gap: 0.4rem; flex-wrap: wrap; padding: 0; margin: 0; list-style: none; }
  .tags li { border: 1px solid var(--border); border-radius: 999px; padding: 0 0.6rem; font-size: 0.85rem; }
  pre, code { background: var(--code); border-radius: 6px; font-size: 0.9em; }
  code { padding: 0.1em 0.3em; }
  pre { padding: 0.8rem 1rem; overflow-x: auto; }
  pre code { padding: 0; background: none; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; display: block; overflow-x: auto; }
  th, td { border: 1px solid var(--border); padding: 0.4rem 0.6rem; text-align: left; vertical-align: top; }
  .docs-layout { display: grid; grid-template-columns: 14rem 1fr; gap: 2rem; max-width: 72rem; }
  .docs-layout nav ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.35rem; }
  .docs-layout nav a[aria-current="page"] { font-weight: 700; }
  @media (max-width: 50rem) { .docs-layout { grid-template-columns: 1fr; } }
  ul.doc-list { list-style: none; padding: 0; display: grid; gap: 0.75rem; }
  footer { margin-top: 2.5rem; font-size: 0.85rem; color: var(--muted); }
`;

/** A complete page in the site's look: header navigation, the given main content, no scripts. */
export function layout(options: { title: string; description?: string; main: string; mainClass?: string }): string {
  const description = options.description
    ? `\n<meta name="description" content="${escapeHtml(options.description)}">`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(options.title)} · Agentry</title>${description}
<style>${STYLE}</style>
</head>
<body>
<header class="site">
  <a class="brand" href="/">Agentry</a>
  <nav aria-label="Site">
    <a href="/globe">Member globe</a>
    <a href="/docs">Documentation</a>
    <a href="/api/v1/members">Members API</a>
    <a href="/openapi.json">OpenAPI</a>
  </nav>
</header>
<main${options.mainClass ? ` class="${options.mainClass}"` : ''}>
${options.main}
</main>
</body>
</html>
`;
}

/** The HTML 404 page of the directory's pages. */
export function renderNotFoundPage(what: string): string {
  return layout({
    title: 'Not found',
    main: `<h1>Not found</h1>
<p class="muted">${escapeHtml(what)}</p>
<p><a href="/">Back to the home page</a> · <a href="/globe">Member globe</a> · <a href="/docs">Documentation</a></p>`,
  });
}
