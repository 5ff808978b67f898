import type { FastifyReply } from 'fastify';
import type { PageResponse } from '../services/dmv.views.js';

/** Applies a page's status and headers to the reply and returns the body for Nest to send. */
export function sendPage(reply: FastifyReply, page: PageResponse): string {
  void reply.status(page.status);
  void reply.header('Content-Type', page.contentType);
  for (const [name, value] of Object.entries(page.headers)) void reply.header(name, value);
  return page.body;
}
