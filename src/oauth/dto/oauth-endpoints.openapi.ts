import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
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
} from './oauth-openapi.js';

// The OAuth endpoints' OpenAPI decorators (controllers/token.controller.ts), kept out of the edge.

/** Applies decorators as if stacked above a method in this order (a stack applies bottom-up). */
const stack = (...decorators: MethodDecorator[]): MethodDecorator => applyDecorators(...decorators.reverse());

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

/** The token endpoint in the document (RFC 6749 §3.2; errors as RFC 6749 §5.2). */
export const ApiTokenEndpoint = (): MethodDecorator =>
  stack(
    ApiOp(
      'exchangeToken',
      'Token endpoint (authorization_code with PKCE S256, refresh_token with rotation)',
      'Exchanges an authorization code (with its PKCE code_verifier) or a refresh token for an mca_ access token. ' +
        'Form-encoded; clients authenticate with client_secret_basic, client_secret_post or none (public clients). ' +
        'Refresh tokens rotate on every use; reusing an old one revokes the whole chain. Never cached (Cache-Control: no-store).',
    ),
    ApiConsumes('application/x-www-form-urlencoded'),
    ApiBody({ schema: TokenRequest }),
    ApiOkResponse({ schema: TokenResponse, headers: NO_STORE }),
    ApiBadRequestResponse({
      description: 'invalid_request, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope or invalid_target.',
      ...oauthError,
    }),
    ApiUnauthorizedResponse({
      description: 'invalid_client: unknown client or wrong secret (client_secret_basic answers WWW-Authenticate: Basic).',
      ...oauthError,
      headers: { ...NO_STORE_HEADERS, 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } } as never,
    }),
    ApiServiceUnavailableResponse({ description: 'temporarily_unavailable: the database is down; retry shortly.', ...oauthError }),
    ApiErrors(413, 415),
  );

/** The registration endpoint in the document (RFC 7591). */
export const ApiRegistrationEndpoint = (): MethodDecorator =>
  stack(
    ApiOp(
      'registerClient',
      'Dynamic client registration (RFC 7591)',
      'Registers an OAuth client from its metadata (JSON). Answers the client_id (mcc_…) and the accepted metadata; ' +
        'confidential clients (client_secret_basic / client_secret_post) also get a client_secret, shown only here. ' +
        '20 registrations per minute per IP.',
    ),
    ApiBody({ schema: ClientRegistrationRequest }),
    ApiCreatedResponse({ schema: ClientRegistration, headers: NO_STORE }),
    ApiBadRequestResponse({ description: 'invalid_redirect_uri or invalid_client_metadata.', ...oauthError }),
    ApiServiceUnavailableResponse({ description: 'temporarily_unavailable: the database is down; retry shortly.', ...oauthError }),
    ApiErrors(413, 415, 429),
  );

/** The revocation endpoint in the document (RFC 7009). */
export const ApiRevocationEndpoint = (): MethodDecorator =>
  stack(
    ApiOp(
      'revokeToken',
      'Token revocation (RFC 7009); unknown tokens are accepted silently',
      'Revokes an access or refresh token (a refresh token takes its chain along). Form-encoded; the client ' +
        'authenticates as at the token endpoint. Unknown or already revoked tokens answer 200 too.',
    ),
    ApiConsumes('application/x-www-form-urlencoded'),
    ApiBody({ schema: RevokeRequest }),
    ApiOkResponse({ schema: RevokeResponse }),
    ApiBadRequestResponse({ description: 'invalid_request: a parameter sent twice.', ...oauthError }),
    ApiUnauthorizedResponse({
      description: 'invalid_client: unknown client or wrong secret.',
      ...oauthError,
      headers: { ...NO_STORE_HEADERS, 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } } as never,
    }),
    ApiServiceUnavailableResponse({ description: 'temporarily_unavailable: the database is down; retry shortly.', ...oauthError }),
    ApiErrors(413, 415, 429),
  );
