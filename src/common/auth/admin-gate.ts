import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toAppError } from '../errors/app-error.js';
import { sendAppError } from '../errors/send-app-error.js';
import { clientKey } from '../http/client-ip.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { RequestWithOperator } from './operator.guard.js';
import { OperatorsService } from './operators.service.js';
import { bearerToken } from './token.js';

/** Failed operator authentications per client address before further attempts are refused. */
export const OPERATOR_AUTH_POLICY = 'operator_auth';
export const OPERATOR_AUTH_FAILURES = { limit: 10, windowSeconds: 900 };

function isAdminPath(url: string): boolean {
  return url.startsWith('/admin') && (url.length === 6 || url[6] === '/' || url[6] === '?');
}

/**
 * Authenticates operators in onRequest, before the body is read and before any route runs: a request to
 * `/admin/…` without a valid token is answered 401/403 without reading its body, and failures are counted
 * per client address (10 per 15 minutes) so tokens cannot be guessed at speed — past that, 429 until the
 * window ends, valid token or not. The operator guard then finds the operator already on the request.
 */
export function registerAdminGate(fastify: FastifyInstance, operators: OperatorsService, rateLimits: RateLimitService): void {
  rateLimits.define({ name: OPERATOR_AUTH_POLICY, enabled: true, ...OPERATOR_AUTH_FAILURES, exposeRemaining: false });
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!isAdminPath(request.url)) {
      done();
      return;
    }
    authenticate(request, operators, rateLimits).then(
      (refusal) => {
        if (refusal) sendAppError(reply, refusal, request);
        else done();
      },
      (error: unknown) => sendAppError(reply, toAppError(error), request),
    );
  });
}

async function authenticate(
  request: FastifyRequest,
  operators: OperatorsService,
  rateLimits: RateLimitService,
): Promise<AppError | undefined> {
  const key = clientKey(request.ip);
  const seen = await rateLimits.consume(OPERATOR_AUTH_POLICY, key, 0);
  if (!seen.allowed || seen.remaining === 0) {
    const refused = rateLimits.refusal({ ...seen, allowed: false, retryAfterSeconds: seen.policy.windowSeconds });
    return new AppError('rate_limited', 'Too many failed operator authentications from this address; retry later.', {
      headers: { 'Retry-After': refused.headers?.['Retry-After'] ?? String(OPERATOR_AUTH_FAILURES.windowSeconds) },
      retryable: true,
    });
  }
  try {
    (request as RequestWithOperator).operator = await operators.authenticate(bearerToken(request.headers.authorization));
    return undefined;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'unauthorized' || error.code === 'forbidden')) {
      await rateLimits.consume(OPERATOR_AUTH_POLICY, key, 1);
      return error;
    }
    throw error;
  }
}
