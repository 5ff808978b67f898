import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pageLayout } from '../../common/http/layout.js';
import type { HtmlPage } from '../../common/http/page.js';
import { findProjectRoot } from '../docs/docs-corpus.js';

/**
 * The public globe page (`/globe`) and its script (`/globe.js`).
 *
 * The page is served under a CSP without `'unsafe-inline'` for scripts, so all behaviour lives in the
 * static file `assets/globe.js` (linted and type-checked as browser JavaScript), which the server
 * exposes as a same-origin file. The page is in the site layout (header, footer, the one stylesheet:
 * its rules are under `main.globe` in assets/site.css); the globe itself is drawn on a dark stage.
 * Self-contained: no CDNs, web fonts or remote images, and only relative URLs.
 */

/** The complete `/globe` HTML document. It loads its behaviour from `/globe.js`. */
export function renderGlobePage(): HtmlPage {
  return { status: 200, html: GLOBE_HTML };
}

const GLOBE_HTML = pageLayout({
  title: 'Member globe',
  description: 'Where the member organizations of the agent community are located, on a rotating globe.',
  mainClass: 'globe',
  scripts: ['/globe.js'],
  main: `<h1>Member globe</h1>
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
  <p class="muted small">Locations are approximate. Data: <a href="/api/v1/globe">/api/v1/globe</a> ·
    <a href="/docs/api">the members API</a></p>`,
});

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
