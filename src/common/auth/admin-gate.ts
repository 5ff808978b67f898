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

/**
 * The path a request URL names, normalised at least as far as the router goes and further: the
 * query (`?`), fragment (`#`) and matrix (`;`) parts cut off, percent-escapes decoded (repeatedly,
 * so `%2561` cannot hide an `a` either), lower-cased, backslashes read as slashes, duplicate slashes
 * collapsed and `.`/`..` segments resolved. The router (find-my-way) decodes escapes before it
 * matches, so a check on the raw URL let `/%61dmin/…` reach admin routes past this gate; normalising
 * further than the router only ever sends more paths through the gate, never fewer.
 */
export function normalisedPath(url: string): string {
  let path = url;
  const end = path.search(/[?#;]/);
  if (end >= 0) path = path.slice(0, end);
  for (let i = 0; i < 4 && path.includes('%'); i++) {
    const decoded = path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === path) break;
    path = decoded;
    const cut = path.search(/[?#;]/);
    if (cut >= 0) path = path.slice(0, cut);
  }
  const segments: string[] = [];
  for (const segment of path.toLowerCase().replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** Only a URL holding `admin` (in any case) or an escape can name an admin path: the rest skip the work. */
const MAYBE_ADMIN = /admin|%/i;

export function isAdminPath(url: string): boolean {
  if (!MAYBE_ADMIN.test(url)) return false;
  const path = normalisedPath(url);
  return path === '/admin' || path.startsWith('/admin/');
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
