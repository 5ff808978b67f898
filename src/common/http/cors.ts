import {
  applyDecorators,
  Header,
  HttpCode,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';

/**
 * CORS for the endpoints browser-based hosts call (the OAuth discovery, token, register and revoke
 * endpoints): any origin, no cookies (these endpoints never use them). Pages get no CORS.
 */
function withCors(reply: FastifyReply): void {
  void reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'WWW-Authenticate');
}

/**
 * Sets the CORS headers once the guards have passed, before the body is validated: the route's
 * answers carry them, its refusals too (a refusal by a guard, e.g. a rate limit, does not).
 */
@Injectable()
class AnyOriginInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    withCors(context.switchToHttp().getResponse<FastifyReply>());
    return next.handle();
  }
}

/** A route readable from any origin (see {@link withCors}). */
export const AnyOrigin = (): MethodDecorator => UseInterceptors(AnyOriginInterceptor);

/** The 204 answer to a CORS preflight of {@link AnyOrigin} routes that accept `methods`; the handler returns ''. */
export const CorsPreflight = (methods: string): MethodDecorator =>
  applyDecorators(
    HttpCode(204),
    Header('access-control-allow-origin', '*'),
    Header('access-control-allow-methods', methods),
    Header('access-control-allow-headers', 'Authorization, Content-Type, MCP-Protocol-Version'),
    Header('access-control-max-age', '600'),
  );

/** Paths whose cross-origin POSTs are allowed (the app's Origin guard lets them through). */
export const CORS_POST_PATHS: ReadonlySet<string> = new Set(['/token', '/register', '/revoke']);
