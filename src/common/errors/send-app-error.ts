import type { FastifyReply } from 'fastify';
import type { AppError, ErrorBody } from './app-error.js';

/** Answers from a Fastify hook (before Nest's pipeline) in the REST error shape, with the error's headers. */
export function sendAppError(reply: FastifyReply, error: AppError): void {
  const body: ErrorBody = { error: error.code, message: error.message, ...(error.details ?? {}) };
  void reply
    .code(error.status)
    .headers(error.headers ?? {})
    .send(body);
}
