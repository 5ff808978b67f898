import type { FastifyReply, FastifyRequest } from 'fastify';
import { prefersHtml, renderErrorPage } from '../http/error-page.js';
import type { AppError, ErrorBody } from './app-error.js';

/** The REST error body of an error: `{"error","message", …details}`. */
export function errorBody(error: AppError): ErrorBody {
  return { error: error.code, message: error.message, ...(error.details ?? {}) };
}

/**
 * The error as an HTML page when the request prefers HTML (a person in a browser), or undefined
 * (an API client: the caller sends the JSON body). The error's headers are the caller's to apply.
 */
export function errorPageFor(request: FastifyRequest, reply: FastifyReply, error: AppError): string | undefined {
  if (!prefersHtml(request.headers.accept)) return undefined;
  const retryAfter = Number(error.headers?.['Retry-After'] ?? reply.getHeader('retry-after'));
  const url = request.url;
  const q = url.indexOf('?');
  return renderErrorPage({
    status: error.status,
    code: error.code,
    message: error.message,
    requestId: String(request.id),
    method: request.method,
    path: (q === -1 ? url : url.slice(0, q)).slice(0, 200),
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  });
}

/**
 * Answers from a Fastify hook (before Nest's pipeline): the REST error shape with the error's
 * headers, or the HTML error page when a browser asks (given the request).
 */
export function sendAppError(reply: FastifyReply, error: AppError, request?: FastifyRequest): void {
  void reply.code(error.status).headers(error.headers ?? {});
  const page = request ? errorPageFor(request, reply, error) : undefined;
  if (page !== undefined) {
    void reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    return;
  }
  void reply.send(errorBody(error));
}
