import { escapeHtml } from './html.js';

export { escapeHtml };

/**
 * The one stylesheet and layout of every server-rendered page (STYLE R15): directory pages, docs,
 * DMV pages, the identity broker's sign-in, consent and account pages. No scripts: pages that need
 * one (the globe) load it as a static asset under the strict CSP.
 */
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
  main.narrow { max-width: 36rem; padding-top: 1.5rem; }
  main.narrow h1 { font-size: 1.6rem; margin-bottom: 0.75rem; }
  h2 { font-size: 1.15rem; margin: 1.75rem 0 0.5rem; }
  header.site .section { color: var(--muted); font-weight: 400; }
  :root { --danger: #b91c1c; --warn-bg: #fef3c7; --warn-fg: #78350f; }
  @media (prefers-color-scheme: dark) { :root { --danger: #f87171; --warn-bg: #422006; --warn-fg: #fde68a; } }
  
  .warn { background: var(--warn-bg); color: var(--warn-fg); border-radius: 8px; padding: 0.6rem 0.8rem; margin: 0.75rem 0; }
  .problem { color: var(--danger); font-weight: 600; }
  label { display: block; font-weight: 600; margin: 0.75rem 0 0.3rem; }
  label.inline { display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 400; }
  input[type=email], input[type=text], select { width: 100%; font-size: 1.05rem; padding: 0.65rem 0.7rem;
  input[inputmode=numeric] { letter-spacing: 0.3em; font-size: 1.4rem; }
  input[type=checkbox] { width: 1.3rem; height: 1.3rem; margin-top: 0.1rem; flex: none; }
  button { font-size: 1.05rem; padding: 0.7rem 1.2rem; border-radius: 8px; border: 1px solid var(--accent);
  button.secondary { background: transparent; color: var(--fg); border-color: var(--border); }
  button.danger { background: transparent; color: var(--danger); border-color: var(--danger); }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.25rem; }
  .actions form { margin: 0; }
  ul.scopes { padding-left: 1.2rem; }
  ul.scopes li { margin: 0.3rem 0; }
  .agreement { max-height: 16rem; overflow-y: auto; border: 1px solid var(--border); border-radius: 8px; padding: 0 1rem;
  main.narrow code { word-break: break-all; }
`;

export interface LayoutOptions {
  title: string;
  description?: string;
  /** The page's main content (already escaped HTML). */
  main: string;
  /** `narrow` for forms (sign-in, consent), `docs-layout` for the docs' two columns. */
  mainClass?: string;
  /** A label after the brand, e.g. "identity broker". */
  section?: string;
}

/** A complete page in the site's look: header navigation, the given main content, no scripts. */
export function pageLayout(options: LayoutOptions): string {
  const description = options.description ? `\n<meta name="description" content="${escapeHtml(options.description)}">` : '';
  const section = options.section ? ` <span class="section">${escapeHtml(options.section)}</span>` : '';
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
  <a class="brand" href="/">Agentry</a>${section}
  <nav aria-label="Site">
    <a href="/globe">Member globe</a>
    <a href="/docs">Documentation</a>
    <a href="/api/v1/members">Members API</a>
    <a href="/openapi.json">OpenAPI</a>
  </nav>
</header>
<main${options.mainClass ? ` class="${escapeHtml(options.mainClass)}"` : ''}>
${options.main}
</main>
</body>
</html>
`;
}
