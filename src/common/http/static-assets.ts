import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A static file as the edge serves it: body, content type, and the validator that names this version. */
export interface StaticAsset {
  body: string;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** A short content hash for cache-busting URLs (`/assets/site.css?v=…`). */
  version: string;
}

/** How long browsers may reuse an asset before revalidating it by its ETag. */
const MAX_AGE_SECONDS = 300;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * The browser files under `assets/` that the site serves (stylesheet, favicon, scripts), each read
 * once per process. Only names listed here are served: the URL never reaches the file system.
 */
export const SERVED_ASSETS = ['site.css', 'favicon.svg', 'globe.js', 'passkeys.js'] as const;
export type ServedAssetName = (typeof SERVED_ASSETS)[number];

const cache = new Map<string, StaticAsset>();

/** The asset `assets/<name>`, read and hashed on first use and kept for the life of the process. */
export function staticAsset(name: ServedAssetName): StaticAsset {
  const hit = cache.get(name);
  if (hit) return hit;
  const body = readFileSync(path.join(projectRoot(), 'assets', name), 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url');
  const asset: StaticAsset = {
    body,
    contentType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
    etag: `"${hash.slice(0, 27)}"`,
    cacheControl: `public, max-age=${MAX_AGE_SECONDS}`,
    version: hash.slice(0, 10),
  };
  cache.set(name, asset);
  return asset;
}

/** Whether a URL segment names a served asset. */
export function isServedAsset(name: string): name is ServedAssetName {
  return (SERVED_ASSETS as readonly string[]).includes(name);
}

/** The folder that holds package.json, found by walking up from this file (works from src/ and dist/). */
export function projectRoot(start: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
}
