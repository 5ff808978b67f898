import { safeError } from '../http/safe-error.js';
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toAppError } from './app-error.js';
import { errorBody, errorPageFor } from './send-app-error.js';

const HTTP_CODE_BY_STATUS: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function fromHttpException(exception: HttpException, request: FastifyRequest): AppError {
  const status = exception.getStatus();
  if (exception instanceof ThrottlerException || status === 429) {
    return new AppError('rate_limited', 'Too many requests; retry after the time in Retry-After.');
  }
  if (status === 404) {
    return new AppError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`);
  }
  const response = exception.getResponse();
  let message = exception.message;
  if (typeof response === 'object' && response !== null) {
    const m = (response as { message?: unknown }).message;
    if (Array.isArray(m)) message = String(m[0]);
    else if (typeof m === 'string') message = m;
  }
  if (status === 400 && /JSON/i.test(message)) message = 'The request body is not valid JSON.';
  return new AppError(HTTP_CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request'), message, {
    status,
  });
}

/**
 * Renders every error as the REST body `{"error","message"}` through the HTTP adapter (Fastify-safe),
 * or, for a request that prefers HTML (a person in a browser), as an HTML page saying what happened,
 * what to do and when to retry, with the request id. Same status and headers either way.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
    let error: AppError;
    if (exception instanceof HttpException) error = fromHttpException(exception, request);
    else if (typeof fastifyError?.code === 'string' && fastifyError.code.startsWith('FST_') && fastifyError.statusCode) {
      error = fromFastifyError(fastifyError);
    } else error = toAppError(exception);

    if (error.status >= 500 && !(exception instanceof AppError)) {
      const e = safeError(exception);
      this.logger.error(
        `${request.method} ${request.url.split('?')[0]} failed: ${e.type}${e.code ? ` (${e.code})` : ''}: ${e.message}`,
        e.stack,
      );
    }
    for (const [name, value] of Object.entries(error.headers ?? {})) void reply.header(name, value);
    const page = errorPageFor(request, reply, error);
    if (page !== undefined) {
      void reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      this.adapterHost.httpAdapter.reply(reply, page, error.status);
      return;
    }
    this.adapterHost.httpAdapter.reply(reply, errorBody(error), error.status);
  }
}

/** Fastify's own errors (body too large, bad content type, bad JSON) in our shape. */
export function fromFastifyError(e: { statusCode?: number; code?: string; message?: string }): AppError {
  const status = e.statusCode ?? 500;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Unsupported Content-Type; send application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('validation_failed', 'The request body is empty; send a JSON document.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('validation_failed', 'The request body is not valid JSON.');
    default:
      if (status === 400) return new AppError('validation_failed', 'The request body is not valid JSON.', { status });
      return new AppError(HTTP_CODE_BY_STATUS[status] ?? 'internal_error', 'The request could not be processed.', {
        status,
      });
  }
}
