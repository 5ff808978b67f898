import {
  createParamDecorator,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { readBody } from '../../common/http/form-body.js';
import { readClientCredentials, type ClientCredentials } from '../domain/client-credentials.js';
import { OAuthError } from '../oauth.errors.js';

// The OAuth endpoints' edge: their bodies and the client's credentials, read the RFC way.

function form(request: FastifyRequest, formOnly: boolean): Record<string, unknown> {
  if (formOnly && !String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
  }
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value)) throw new OAuthError('invalid_request', `The parameter ${name} was sent more than once.`);
  }
  return body as Record<string, unknown>;
}

/**
 * The parameters of a token or revocation request as their DTO: a parameter sent twice is an
 * invalid_request (RFC 6749 §3.2), unknown ones are ignored; `formOnly` also requires a form body.
 */
export const OAuthParams = createParamDecorator(
  <T extends object>(options: { dto: new () => T; formOnly?: boolean }, context: ExecutionContext): T => {
    const params = form(context.switchToHttp().getRequest<FastifyRequest>(), options.formOnly ?? false);
    return readBody(options.dto, params, (message) => new OAuthError('invalid_request', message));
  },
);

/** A registration request's client metadata (RFC 7591): a JSON object, else invalid_client_metadata. */
export const ClientMetadata = createParamDecorator(<T extends object>(dto: new () => T, context: ExecutionContext): T => {
  const body = context.switchToHttp().getRequest<FastifyRequest>().body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new OAuthError('invalid_client_metadata', 'The registration request must be a JSON object.');
  }
  return readBody(dto, body, (message) => new OAuthError('invalid_client_metadata', message));
});

/**
 * The client's credentials from the `Authorization: Basic` header or the body (see
 * domain/client-credentials.ts). Never refuses here: a malformed header is refused as invalid_client
 * when the client is authenticated, after the request's parameters are checked.
 */
export const ClientCredentialsParam = createParamDecorator((_data: unknown, context: ExecutionContext): ClientCredentials => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return readClientCredentials(request.headers.authorization, body);
});

@Injectable()
class NoStoreInterceptor implements NestInterceptor {
  constructor(private readonly pragma: boolean) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((result: unknown) => {
        void reply.header('cache-control', 'no-store');
        if (this.pragma) void reply.header('pragma', 'no-cache');
        return result;
      }),
    );
  }
}

/** A successful answer is never cached (Cache-Control: no-store, and Pragma: no-cache for HTTP/1.0 caches when asked). */
export const NoStore = (options: { pragma: boolean }): MethodDecorator => UseInterceptors(new NoStoreInterceptor(options.pragma));
