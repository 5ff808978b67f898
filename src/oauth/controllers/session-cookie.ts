import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';

/** The owner's session cookie: its name, reading it from a request, setting and clearing it on a reply. */

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
  void reply.header(
    'set-cookie',
    `${sessionCookieName(config)}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`,
  );
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  const secure = config.publicBaseUrl.startsWith('https://') ? '; Secure' : '';
  void reply.header('set-cookie', `${sessionCookieName(config)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
}
