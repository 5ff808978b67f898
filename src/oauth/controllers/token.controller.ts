import { Controller, HttpCode, Ip, Options, Post, UseFilters } from '@nestjs/common';
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
} from '@nestjs/swagger';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import {
  ClientRegistration,
  ClientRegistrationRequest,
  RevokeRequest,
  RevokeResponse,
  TokenRequest,
  TokenResponse,
} from '../dto/oauth-openapi.js';
import { OAUTH_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { Public } from '../../common/auth/public.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { AnyOrigin, CorsPreflight } from '../../common/http/cors.js';
import type { ClientCredentials } from '../domain/client-credentials.js';
import { ClientRegistrationDto, RevokeRequestDto, TokenRequestDto } from '../dto/oauth-forms.dto.js';
import { OauthService } from '../services/oauth.service.js';
import { OAuthErrorFilter } from './oauth-error.filter.js';
import { ClientCredentialsParam, ClientMetadata, NoStore, OAuthParams } from './oauth-params.js';

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

/** The token, registration and revocation endpoints (CORS-enabled; clients authenticate themselves). */
@ApiTags('OAuth')
@Public()
@RatePolicy(OAUTH_POLICY)
@UseFilters(OAuthErrorFilter)
@Controller()
export class OauthTokenController {
  constructor(private readonly oauth: OauthService) {}

  @Post('token')
  @AnyOrigin()
  @NoStore({ pragma: true })
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
  token(
    @OAuthParams({ dto: TokenRequestDto, formOnly: true }) request: TokenRequestDto,
    @ClientCredentialsParam() credentials: ClientCredentials,
  ): Promise<unknown> {
    return this.oauth.tokenRequest(credentials, request);
  }

  @Post('register')
  @AnyOrigin()
  @NoStore({ pragma: false })
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
  register(@Ip() ip: string, @ClientMetadata(ClientRegistrationDto) metadata: ClientRegistrationDto): Promise<unknown> {
    return this.oauth.registerClient(ip, metadata);
  }

  @Post('revoke')
  @AnyOrigin()
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
  async revoke(
    @OAuthParams({ dto: RevokeRequestDto }) request: RevokeRequestDto,
    @ClientCredentialsParam() credentials: ClientCredentials,
  ): Promise<unknown> {
    await this.oauth.revokeToken(credentials, request);
    return {};
  }

  @Options(['token', 'register', 'revoke'])
  @CorsPreflight('POST, OPTIONS')
  @ApiExcludeEndpoint()
  preflight(): string {
    return '';
  }
}
