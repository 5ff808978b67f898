import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { AppError, toAppError } from '../../common/errors/app-error.js';
import { HttpExceptionFilter } from '../../common/errors/http-exception.filter.js';
import { OAuthError } from '../oauth.errors.js';

/**
 * The error of an OAuth endpoint's use case in the RFC's terms; undefined for a refusal before it
 * (a guard's rate limit, a body the server would not read), which keeps the service's own body.
 */
function asOAuthError(exception: unknown): OAuthError | undefined {
  if (exception instanceof OAuthError) return exception;
  if (exception instanceof HttpException) return undefined;
  if (exception instanceof AppError && exception.status < 500) return undefined;
  const fastify = exception as { code?: unknown; statusCode?: unknown };
  if (typeof fastify?.code === 'string' && fastify.code.startsWith('FST_') && fastify.statusCode) return undefined;
  // Never driver text: the database down is temporarily_unavailable, anything else server_error.
  return toAppError(exception).status === 503
    ? new OAuthError('temporarily_unavailable', 'The service is temporarily unavailable; retry shortly.')
    : new OAuthError('server_error', 'An unexpected error occurred.');
}

/**
 * RFC 6749 §5.2 error answers of the token, registration and revocation endpoints:
 * `{error, error_description}`, never cached, and `WWW-Authenticate: Basic` on a 401 invalid_client.
 * Other refusals go to the service's filter unchanged.
 */
@Catch()
export class OAuthErrorFilter implements ExceptionFilter {
  private readonly others: HttpExceptionFilter;

  constructor(private readonly adapterHost: HttpAdapterHost) {
    this.others = new HttpExceptionFilter(adapterHost);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const e = asOAuthError(exception);
    if (!e) return this.others.catch(exception, host);
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    if (e.error === 'invalid_client' && e.status === 401) void reply.header('www-authenticate', 'Basic realm="agentry"');
    this.adapterHost.httpAdapter.reply(reply, { error: e.error, error_description: e.description }, e.status);
  }
}
