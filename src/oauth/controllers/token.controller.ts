import { Body, Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '../../common/http/swagger.js';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import {
  ClientRegistration,
  ClientRegistrationRequest,
  RevokeRequest,
  RevokeResponse,
  TokenRequest,
  TokenResponse,
} from '../dto/oauth-openapi.js';
import { OAUTH_POLICY, OAUTH_REGISTER_POLICY, RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { toAppError } from '../../common/errors/app-error.js';
import { OAuthError } from '../oauth.errors.js';
import { ClientsService } from '../services/clients.js';
import { OauthService } from '../services/oauth.service.js';
import { TokensService } from '../services/tokens.js';
import { corsPreflight, withCors } from './cors.js';

const NO_STORE_HEADERS = {
  'Cache-Control': { $ref: '#/components/headers/CacheControlNoStore' },
  Pragma: { description: '`no-cache` (for HTTP/1.0 caches).', schema: { type: 'string' } },
};
const NO_STORE = NO_STORE_HEADERS as never;
/** An RFC 6749 error answer in the document: the OAuthError body, never cached. */
const oauthError = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } },
  headers: NO_STORE,
};

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
  @ApiOp(
    'exchangeToken',
    'Token endpoint (authorization_code with PKCE S256, refresh_token with rotation)',
    'Exchanges an authorization code (with its PKCE code_verifier) or a refresh token for an mca_ access token. ' +
      'Form-encoded; clients authenticate with client_secret_basic, client_secret_post or none (public clients). ' +
      'Refresh tokens rotate on every use; reusing an old one revokes the whole chain. Never cached (Cache-Control: no-store).',
  )
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: TokenRequest })
  @ApiOkResponse({ schema: TokenResponse, headers: NO_STORE })
  @ApiBadRequestResponse({
    description: 'invalid_request, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope or invalid_target.',
    ...oauthError,
  })
  @ApiUnauthorizedResponse({
    description: 'invalid_client: unknown client or wrong secret (client_secret_basic answers WWW-Authenticate: Basic).',
    ...oauthError,
    headers: { ...NO_STORE_HEADERS, 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } } as never,
  })
  @ApiServiceUnavailableResponse({ description: 'temporarily_unavailable: the database is down; retry shortly.', ...oauthError })
  @ApiErrors(413, 415)
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
  @ApiOp(
    'registerClient',
    'Dynamic client registration (RFC 7591)',
    'Registers an OAuth client from its metadata (JSON). Answers the client_id (mcc_…) and the accepted metadata; ' +
      'confidential clients (client_secret_basic / client_secret_post) also get a client_secret, shown only here. ' +
      '20 registrations per minute per IP.',
  )
  @ApiBody({ schema: ClientRegistrationRequest })
  @ApiCreatedResponse({ schema: ClientRegistration, headers: NO_STORE })
  @ApiBadRequestResponse({ description: 'invalid_redirect_uri or invalid_client_metadata.', ...oauthError })
  @ApiServiceUnavailableResponse({ description: 'temporarily_unavailable: the database is down; retry shortly.', ...oauthError })
  @ApiErrors(413, 415, 429)
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
  @ApiOp(
    'revokeToken',
    'Token revocation (RFC 7009); unknown tokens are accepted silently',
    'Revokes an access or refresh token (a refresh token takes its chain along). Form-encoded; the client ' +
      'authenticates as at the token endpoint. Unknown or already revoked tokens answer 200 too.',
  )
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: RevokeRequest })
  @ApiOkResponse({ schema: RevokeResponse })
  @ApiBadRequestResponse({ description: 'invalid_request: a parameter sent twice.', ...oauthError })
  @ApiUnauthorizedResponse({
    description: 'invalid_client: unknown client or wrong secret.',
    ...oauthError,
    headers: { ...NO_STORE_HEADERS, 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } } as never,
  })
  @ApiServiceUnavailableResponse({ description: 'temporarily_unavailable: the database is down; retry shortly.', ...oauthError })
  @ApiErrors(413, 415, 429)
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
