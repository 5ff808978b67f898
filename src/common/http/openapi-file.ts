// Where the OpenAPI document built at build time lives, and whether this process builds it itself.
// `npm run build` (and `npm start`, `npm test` after compiling) runs scripts/openapi-build.mjs, which
// builds the document from dist/ in Nest's preview mode and writes dist/openapi.json; the server then
// serves that file and never loads the Swagger toolchain (@nestjs/swagger costs ~50 MB of RSS).
// Deliberately light: no @nestjs/swagger import here.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory the compiled app lives in (`dist/`), or undefined when running from the TypeScript
 * sources: the nearest `dist` folder above this file below the project root (dist/src/common/http for
 * tsc's output, dist/server/chunks for the server bundle, scripts/bundle.mjs).
 */
function distDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    if (path.basename(dir) === 'dist') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

const DIST = distDir();

/** dist/openapi.json (undefined when running from sources). */
export const OPENAPI_DOCUMENT_FILE = DIST ? path.join(DIST, 'openapi.json') : undefined;

/**
 * The public base URL the build-time document is written with; the server puts its PUBLIC_BASE_URL in
 * its place (the servers entry and the oauth2 flow URLs are the only deployment-specific parts).
 */
export const OPENAPI_BASE_PLACEHOLDER = 'https://public-base-url.agentry.invalid';

function mtime(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * True when this process must build the document itself (and so needs the real Swagger decorators):
 * AGENTRY_OPENAPI=live (the build script), running from sources (tests), or a dist/openapi.json that is
 * missing or older than the last compile (dist/.tsbuildinfo, rewritten by every tsc run that emits).
 */
export function openApiDocumentLive(): boolean {
  // Decided once per process: the decorators (swagger.ts) and the route (openapi.ts) must agree.
  return (live ??= decideLive());
}
let live: boolean | undefined;

function decideLive(): boolean {
  if (process.env.AGENTRY_OPENAPI === 'live' || !DIST || !OPENAPI_DOCUMENT_FILE) return true;
  const built = mtime(OPENAPI_DOCUMENT_FILE);
  if (built === undefined) return true;
  const compiled = mtime(path.join(DIST, '.tsbuildinfo'));
  return compiled !== undefined && compiled > built;
}
