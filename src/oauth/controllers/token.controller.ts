import { Body, Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { OAUTH_POLICY, OAUTH_REGISTER_POLICY, RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { toAppError } from '../../common/errors/app-error.js';
import { OAuthError } from '../oauth.errors.js';
import { ClientsService } from '../services/clients.service.js';
import { OauthService } from '../services/oauth.service.js';
import { TokensService } from '../services/tokens.service.js';
import { corsPreflight, withCors } from './cors.js';

/** RFC 6749 error body; never driver text. */
function oauthFailure(reply: FastifyReply, error: unknown): Record<string, string> {
  const e =
    error instanceof OAuthError
      ? error
      : toAppError(error).status === 503
        ? new OAuthError('temporarily_unavailable', 'The service is temporarily unavailable; retry shortly.')
        : new OAuthError('server_error', 'An unexpected error occurred.');
  void reply.code(e.status).header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (e.error === 'invalid_client' && e.status === 401) void reply.header('www-authenticate', 'Basic realm="agentry"');
  return { error: e.error, error_description: e.description };
}

function form(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(v)) throw new OAuthError('invalid_request', `The parameter ${k} was sent more than once.`);
    out[k] = v;
  }
  return out;
}

/** The token, registration and revocation endpoints (CORS-enabled; clients authenticate themselves). */
@ApiTags('OAuth')
@Public()
@RatePolicy(OAUTH_POLICY)
@Controller()
export class OauthTokenController {
  constructor(
    private readonly clients: ClientsService,
    private readonly tokens: TokensService,
    private readonly oauth: OauthService,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Post('token')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  @HttpCode(200)
  @ApiOperation({ summary: 'Token endpoint (authorization_code with PKCE S256, refresh_token with rotation)' })
  @ApiResponse({
    status: 200,
    description: '{access_token (mca_…), token_type, expires_in, scope, refresh_token (mcr_…)?}, Cache-Control: no-store',
  })
  @ApiResponse({
    status: 400,
    description: 'RFC 6749 error: invalid_request, invalid_grant, unsupported_grant_type, invalid_scope, invalid_target',
  })
  @ApiResponse({ status: 401, description: 'invalid_client' })
  async token(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    withCors(reply);
    try {
      if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        throw new OAuthError('invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
      }
      const result = await this.oauth.tokenRequest(request.headers.authorization, form(body));
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return result;
    } catch (error) {
      return oauthFailure(reply, error);
    }
  }

  @Post('register')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  @HttpCode(201)
  @ApiOperation({ summary: 'Dynamic client registration (RFC 7591)' })
  @ApiResponse({ status: 201, description: 'client_id (mcc_…), the accepted metadata; client_secret for confidential clients' })
  @ApiResponse({ status: 400, description: 'invalid_redirect_uri or invalid_client_metadata' })
  async register(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    withCors(reply);
    // Counted per client address (an IPv6 client by its /64: it cannot rotate through its prefix).
    const budget = await this.rateLimits.consume(OAUTH_REGISTER_POLICY, request.ip);
    if (!budget.allowed) throw this.rateLimits.refusal(budget);
    try {
      const { body: registered } = await this.clients.register(body);
      void reply.header('cache-control', 'no-store');
      return registered;
    } catch (error) {
      return oauthFailure(reply, error);
    }
  }

  @Post('revoke')
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  @HttpCode(200)
  @ApiOperation({ summary: 'Token revocation (RFC 7009); unknown tokens are accepted silently' })
  async revoke(@Req() request: FastifyRequest, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    withCors(reply);
    try {
      const params = form(body);
      const client = await this.clients.authenticate(request.headers.authorization, params);
      await this.tokens.revokeByValue(client, typeof params.token === 'string' ? params.token : undefined);
      return {};
    } catch (error) {
      return oauthFailure(reply, error);
    }
  }

  @Options(['token', 'register', 'revoke'])
  @ApiExcludeEndpoint()
  preflight(@Res({ passthrough: true }) reply: FastifyReply): string {
    return corsPreflight(reply, 'POST, OPTIONS');
  }
}
