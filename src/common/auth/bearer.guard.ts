import {
  applyDecorators,
  createParamDecorator,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiOAuth2 } from '../http/swagger.js';
import { ApiErrors } from '../http/openapi-kit.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineErrors } from '../errors/error-table.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { AgentPrincipal } from './principals.js';
import { Public } from './public.decorator.js';
import { bearerToken } from './token.js';

/**
 * What the bearer guard asks of the OAuth module (which provides it under ACCESS_VERIFIER):
 * the same access policy the /broker/mcp gate uses, so both doors decide alike.
 */
export interface AccessVerifier {
  verify(
    token: string | undefined,
  ): Promise<
    | { ok: true; principal: AgentPrincipal }
    | { ok: false; status: 401; reason: 'missing' | 'invalid_token'; message: string }
    | { ok: false; status: 403; reason: 'owner_suspended' | 'agreement_required'; message: string }
  >;
  /** The WWW-Authenticate value for a refusal. */
  challenge(kind: 'missing' | 'invalid_token' | 'insufficient_scope', scopes: readonly string[], description?: string): string;
  /** The scopes a challenge names when no token was sent. */
  readonly defaultScopes: readonly string[];
}

export const ACCESS_VERIFIER = Symbol('ACCESS_VERIFIER');

/** The bearer door's refusals (the REST mirror of the /broker/mcp gate's). */
const bearerError = defineErrors({
  unauthorized: { status: 401 },
  invalid_token: { status: 401 },
  owner_suspended: { status: 403 },
  agreement_required: { status: 403 },
  insufficient_scope: { status: 403 },
});
const REQUIRED_SCOPES = 'agentry:required-scopes';

type RequestWithAgent = FastifyRequest & { agentPrincipal?: AgentPrincipal };

/**
 * REST door of the broker: an `mca_` bearer token checked by the access policy, the route's
 * scopes, then the per-agent and per-owner budgets. Refusals: 401 (with the bearer challenge),
 * 403 `forbidden` (owner suspended, agreement not signed), 403 `insufficient_scope` (with a
 * challenge naming granted ∪ required), 429 `rate_limited`.
 */
@Injectable()
export class BearerGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(ACCESS_VERIFIER) private readonly verifier: AccessVerifier,
    private readonly rateLimits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithAgent>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const required = this.reflector.getAllAndOverride<string[]>(REQUIRED_SCOPES, [context.getHandler(), context.getClass()]) ?? [];
    const header = request.headers.authorization;
    const token = bearerToken(header);
    const decision = await this.verifier.verify(header !== undefined && token === undefined ? '' : token);
    if (!decision.ok) {
      if (decision.status === 401) {
        const kind = decision.reason === 'missing' ? 'missing' : 'invalid_token';
        throw bearerError(kind === 'missing' ? 'unauthorized' : 'invalid_token', decision.message, {
          headers: {
            'WWW-Authenticate': this.verifier.challenge(
              kind,
              required.length ? required : this.verifier.defaultScopes,
              kind === 'missing' ? undefined : decision.message,
            ),
          },
        });
      }
      throw bearerError(decision.reason, decision.message);
    }
    const principal = decision.principal;
    const missing = required.filter((s) => !principal.scopes.includes(s));
    if (missing.length > 0) {
      const challenge = [...principal.scopes.filter((s) => s !== 'offline_access'), ...missing];
      throw bearerError('insufficient_scope', `This call needs the scope ${missing.join(' ')}, which this token was not granted.`, {
        headers: { 'WWW-Authenticate': this.verifier.challenge('insufficient_scope', challenge, `needs ${missing.join(' ')}`) },
        details: { required, granted: principal.scopes },
      });
    }
    for (const [policy, key] of [
      ['broker_agent', principal.agentId],
      ['broker_owner', principal.ownerId],
    ] as const) {
      const outcome = await this.rateLimits.consume(policy, key);
      if (!outcome.allowed) throw this.rateLimits.refusal(outcome);
      for (const [name, value] of Object.entries(this.rateLimits.headers(outcome))) void reply.header(name, value);
    }
    request.agentPrincipal = principal;
    return true;
  }
}

/**
 * Guards a REST route with an `mca_` bearer token and the given scopes (operator auth does not
 * apply: the route is public to the operator guard and protected by this one).
 */
export const RequireScopes = (...scopes: string[]): MethodDecorator & ClassDecorator =>
  applyDecorators(
    Public(),
    SetMetadata(REQUIRED_SCOPES, scopes),
    UseGuards(BearerGuard),
    // The oauth2 scheme with exactly the scopes this guard requires; 401 (with the Bearer challenge), 403
    // (owner suspended, agreement not signed, insufficient_scope) and 429 (per-agent or per-owner budget).
    ApiOAuth2(scopes, 'oauth2'),
    ApiErrors(401, 403, 429),
  );

/** The agent principal of a route guarded by @RequireScopes. */
export const CurrentAgent = createParamDecorator((_data: unknown, context: ExecutionContext): AgentPrincipal => {
  const principal = context.switchToHttp().getRequest<RequestWithAgent>().agentPrincipal;
  if (!principal) throw bearerError('unauthorized', 'This route needs an access token.');
  return principal;
});
