import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';

/**
 * Headers of every broker page on top of the site-wide ones: never cached, never framed, and no
 * referrer sent to other origins. (`same-origin` rather than `no-referrer`: with `no-referrer`
 * browsers send `Origin: null` on the pages' own form POSTs, which the Origin check refuses.)
 */
const AUTH_PAGE_HEADERS = {
  'cache-control': 'no-store',
  pragma: 'no-cache',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

/**
 * The site CSP with `form-action` widened to the validated redirect origin of a consent page:
 * browsers apply form-action to the redirect that follows the form POST.
 */
export function consentCsp(formActionExtra?: string): string {
  const formAction = formActionExtra ? `'self' ${formActionExtra}` : "'self'";
  return `default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'none';form-action ${formAction};frame-ancestors 'none'`;
}

export function sendPage(reply: FastifyReply, status: number, html: string, csp?: string): string {
  void reply.code(status).header('content-type', 'text/html; charset=utf-8').headers(AUTH_PAGE_HEADERS);
  if (csp) void reply.header('content-security-policy', csp);
  return html;
}

export function redirect(reply: FastifyReply, location: string, status = 303): string {
  void reply.code(status).header('location', location).headers(AUTH_PAGE_HEADERS);
  return '';
}

export function sessionCookieName(config: AppConfig): string {
  return config.publicBaseUrl.startsWith('https://') ? '__Host-agentry_session' : 'agentry_session';
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** HttpOnly, SameSite=Lax, Secure on https; the absolute lifetime is enforced server-side too. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, value: string, maxAgeSeconds: number): void {
  const secure = config.publicBaseUrl.startsWith('https://') ? '; Secure' : '';
  void reply.header('set-cookie', `${sessionCookieName(config)}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`);
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  const secure = config.publicBaseUrl.startsWith('https://') ? '; Secure' : '';
  void reply.header('set-cookie', `${sessionCookieName(config)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
}

/** A form field as a string (the urlencoded parser may give arrays for repeated names). */
export function field(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** The request target (path and query) to come back to after signing in. */
export function requestTarget(request: FastifyRequest): string {
  return request.url;
}
