import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { HtmlPage } from '../../common/http/page.js';
import { findProjectRoot } from '../docs/docs-corpus.js';

/**
 * The public globe page (`/globe`) and its script (`/globe.js`).
 *
 * The page is served under a CSP without `'unsafe-inline'` for scripts, so all behaviour lives in the
 * static file `assets/globe.js` (linted and type-checked as browser JavaScript), which the server
 * exposes as a same-origin file. Both are fully self-contained: no CDNs, web fonts or remote images,
 * and only relative URLs. The page keeps its own dark, full-width look rather than the site layout:
 * the globe is the whole page.
 */

const GLOBE_STYLE = `
  :root {
    color-scheme: dark;
    --bg: #070b14;
    --panel: #0e1526;
    --border: #1d2940;
    --text: #e6ecf7;
    --muted: #8b9ab5;
    --accent: #5eead4;
    --accent-2: #818cf8;
    --danger: #fca5a5;
  }
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    min-height: 100vh;
    background: radial-gradient(ellipse at 50% 0%, #111a33 0%, var(--bg) 60%);
    color: var(--text);
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, sans-serif;
    line-height: 1.5;
    display: flex;
    flex-direction: column;
  }
  a { color: var(--accent); text-decoration: none; }
  a:hover, a:focus-visible { text-decoration: underline; }
  header, footer { padding: 1rem 1.5rem; display: flex; align-items: center; gap: 1rem; flex-wrap: wrap; }
  header { justify-content: space-between; border-bottom: 1px solid var(--border); }
  header .brand { font-weight: 700; letter-spacing: 0.02em; color: var(--text); }
  header nav { display: flex; gap: 1rem; font-size: 0.95rem; }
  main { flex: 1; display: flex; flex-direction: column; align-items: center; padding: 1.5rem 1rem 2rem; }
  h1 { margin: 0 0 0.25rem; font-size: clamp(1.4rem, 3vw, 2rem); font-weight: 650; text-align: center; }
  .lede { margin: 0 0 1rem; color: var(--muted); text-align: center; max-width: 40rem; }
  .stage {
    position: relative;
    width: min(92vw, 640px);
    aspect-ratio: 1 / 1;
  }
  #globe { width: 100%; height: 100%; display: block; cursor: grab; touch-action: none; }
  #globe-tooltip {
    position: absolute;
    pointer-events: none;
    padding: 0.3rem 0.55rem;
    border-radius: 6px;
    background: rgba(14, 21, 38, 0.92);
    border: 1px solid var(--border);
    font-size: 0.85rem;
    white-space: nowrap;
    transform: translate(-50%, -130%);
  }
  #globe-tooltip[hidden] { display: none; }
  .meta { margin-top: 1rem; display: flex; flex-direction: column; align-items: center; gap: 0.25rem; }
  #globe-count { font-size: 1.15rem; font-weight: 600; color: var(--accent); min-height: 1.5em; }
  #globe-status { color: var(--muted); font-size: 0.9rem; min-height: 1.35em; }
  #globe-status.error { color: var(--danger); }
  .noscript {
    margin: 1rem auto;
    max-width: 36rem;
    padding: 0.75rem 1rem;
    border: 1px solid var(--border);
    border-radius: 8px;
    background: var(--panel);
    color: var(--muted);
  }
  footer { justify-content: center; color: var(--muted); font-size: 0.85rem; border-top: 1px solid var(--border); }
`;

/** The complete `/globe` HTML document. It loads its behaviour from `/globe.js`. */
export function renderGlobePage(): HtmlPage {
  return { status: 200, html: GLOBE_HTML };
}

const GLOBE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<link rel="icon" href="data:,">
<meta name="description"
  content="Where the member organizations of the agent community are located, on a rotating globe.">
<title>Member globe · Agentry</title>
<style>${GLOBE_STYLE}</style>
<script src="/globe.js" defer></script>
</head>
<body>
<header>
  <a class="brand" href="/">Agentry</a>
  <nav aria-label="Site">
    <a href="/api/v1/members">Members API</a>
    <a href="/api/v1/globe">Globe data</a>
    <a href="/openapi.json">OpenAPI</a>
  </nav>
</header>
<main>
  <h1>Member globe</h1>
  <p class="lede">Each dot marks a place where member organizations are based; larger dots stand for more members.
    Hover the globe to pause it.</p>
  <div class="stage">
    <canvas id="globe" width="640" height="640" role="img"
      aria-label="Rotating globe showing the locations of community member organizations"></canvas>
    <div id="globe-tooltip" role="status" hidden></div>
  </div>
  <div class="meta">
    <div id="globe-count" aria-live="polite"></div>
    <div id="globe-status" aria-live="polite">Loading member locations…</div>
  </div>
  <noscript><p class="noscript">The globe needs JavaScript. The same data is available as JSON at
    <a href="/api/v1/globe">/api/v1/globe</a>.</p></noscript>
</main>
<footer>
  <span>Locations are approximate. Data: <a href="/api/v1/globe">/api/v1/globe</a></span>
</footer>
</body>
</html>
`;

/** How long browsers may reuse /globe.js before revalidating it by its ETag. */
const SCRIPT_MAX_AGE_SECONDS = 300;

/** A static file as the edge serves it: body, content type, and the validator that names this version. */
export interface StaticAsset {
  body: string;
  contentType: string;
  etag: string;
  cacheControl: string;
}

let globeScript: StaticAsset | undefined;

/** `assets/globe.js`, read once per process. */
export function globeScriptAsset(): StaticAsset {
  if (globeScript) return globeScript;
  const body = readFileSync(path.join(findProjectRoot(), 'assets', 'globe.js'), 'utf8');
  globeScript = {
    body,
    contentType: 'application/javascript; charset=utf-8',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    cacheControl: `public, max-age=${SCRIPT_MAX_AGE_SECONDS}`,
  };
  return globeScript;
}
