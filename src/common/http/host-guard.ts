import type { AppConfig } from '../../config/app-config.js';

/** The host part of a Host header, lower-cased, without the port. */
function hostname(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0];
}

/** DNS-rebinding guard: is this Host header one of ALLOWED_HOSTS (port ignored)? */
export function isHostAllowed(config: AppConfig, host: string | undefined): boolean {
  if (!host) return false;
  const name = hostname(host);
  return config.allowedHosts.some((allowed) => allowed === host.toLowerCase() || hostname(allowed) === name);
}

/** Is this Origin header allowed (scheme and host compared; port ignored for the defaults)? */
export function isOriginAllowed(config: AppConfig, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const candidate = url.origin.toLowerCase();
  const withoutPort = `${url.protocol}//${url.hostname}`.toLowerCase();
  return config.allowedOrigins.some((allowed) => allowed === candidate || allowed === withoutPort);
}
