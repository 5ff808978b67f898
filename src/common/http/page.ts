import type { FastifyReply } from 'fastify';
import { escapeHtml } from './html.js';

export { escapeHtml };

/**
 * The one page type of the service (STYLE R15): what a module's view function returns and a
 * controller hands to {@link sendPage}. `html` is the whole document (or SVG); `headers` are the
 * page's own response headers (ETag, Cache-Control, a widened CSP, …) on top of the site-wide ones.
 */
export interface HtmlPage {
  status: number;
  html: string;
  /** Default `text/html; charset=utf-8`. */
  contentType?: string;
  headers?: Record<string, string>;
}

/** Applies a page's status and headers to the reply and returns the body for Nest to send. */
export function sendPage(reply: FastifyReply, page: HtmlPage): string {
  void reply.status(page.status);
  void reply.header('content-type', page.contentType ?? 'text/html; charset=utf-8');
  if (page.headers) for (const [name, value] of Object.entries(page.headers)) void reply.header(name, value);
  return page.html;
}

/** A See Other (or other 3xx) answer with the given extra headers. */
export function sendRedirect(reply: FastifyReply, location: string, status = 303, headers?: Record<string, string>): string {
  void reply.status(status).header('location', location);
  if (headers) for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  return '';
}
