import { escapeHtml } from './html.js';
import { staticAsset } from './static-assets.js';

export { escapeHtml };

/**
 * The one layout of every server-rendered page (STYLE R15): directory pages, docs, DMV pages, the
 * identity broker's sign-in, consent and account pages. Its stylesheet is the static file
 * `assets/site.css` (linted by stylelint), linked by a content-hashed URL; no scripts: pages that need
 * one load it as a static asset under the strict CSP.
 */

export interface LayoutOptions {
  title: string;
  description?: string;
  /** The page's main content (already escaped HTML). */
  main: string;
  /** `narrow` for forms (sign-in, consent), `docs-layout` for the docs' two columns. */
  mainClass?: string;
  /** A label after the brand, e.g. "identity broker". */
  section?: string;
  /** Same-origin script files the page loads (deferred), e.g. `/globe.js`; never inline script (CSP). */
  scripts?: string[];
}

/** A complete page in the site's look: header navigation, the given main content, no scripts. */
export function pageLayout(options: LayoutOptions): string {
  const description = options.description ? `\n<meta name="description" content="${escapeHtml(options.description)}">` : '';
  const scripts = (options.scripts ?? []).map((src) => `\n<script src="${escapeHtml(src)}" defer></script>`).join('');
  const section = options.section ? ` <span class="section">${escapeHtml(options.section)}</span>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.ico" type="image/svg+xml">
<link rel="stylesheet" href="/assets/site.css?v=${staticAsset('site.css').version}">
<title>${escapeHtml(options.title)} · Agentry</title>${description}${scripts}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
  <a class="brand" href="/"><img src="/favicon.ico" alt="" width="24" height="24">Agentry</a>${section}
  <nav aria-label="Site">
    <a href="/globe">Members</a>
    <a href="/dmv">DMV</a>
    <a href="/docs">Docs</a>
    <a href="/docs/api">API</a>
    <a class="account" href="/account">Sign in / Account</a>
  </nav>
</header>
<main id="main"${options.mainClass ? ` class="${escapeHtml(options.mainClass)}"` : ''}>
${options.main}
</main>
<footer class="site">
  <nav aria-label="Footer">
    <a href="/docs">Documentation</a>
    <a href="/docs/overview">Help</a>
    <a href="/legal/delegation">Delegation agreement</a>
    <a href="/docs/api">API and OpenAPI</a>
    <a href="/healthz">Health</a>
    <a href="/readyz">Readiness</a>
  </nav>
</footer>
</body>
</html>
`;
}
