import { Controller, Get, Header, Options } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiTags } from '../../common/http/swagger.js';
import { ApiOp } from '../../common/http/openapi-kit.js';
import { OAUTH_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
// Also contributes the oauth2 security scheme (authorization code with PKCE) to /openapi.json.
import { AuthorizationServerMetadata, ProtectedResourceMetadata } from '../dto/oauth-openapi.js';
import { Public } from '../../common/auth/public.decorator.js';
import { AppConfig } from '../../config/app-config.js';
import { ALL_SCOPES, RESOURCE_SCOPES } from '../domain/scopes.js';
import { AnyOrigin, CorsPreflight } from '../../common/http/cors.js';

const CACHED = { 'Cache-Control': { $ref: '#/components/headers/CacheControl' } } as never;

/** RFC 8414 authorization server metadata and RFC 9728 protected-resource metadata (CORS-enabled). */
@ApiTags('OAuth')
@Public()
@RatePolicy(OAUTH_POLICY)
@Controller()
export class OauthMetadataController {
  private readonly asMetadata: Record<string, unknown>;
  private readonly prm: Record<string, unknown>;

  constructor(config: AppConfig) {
    const base = config.publicBaseUrl;
    this.asMetadata = {
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      registration_endpoint: `${base}/register`,
      revocation_endpoint: `${base}/revoke`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      scopes_supported: [...ALL_SCOPES],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${base}/docs/broker`,
    };
    this.prm = {
      resource: `${base}/broker/mcp`,
      authorization_servers: [base],
      scopes_supported: [...RESOURCE_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Agentry identity broker (MCP)',
      resource_documentation: `${base}/docs/broker`,
    };
  }

  @Get('.well-known/oauth-authorization-server')
  @Header('cache-control', 'public, max-age=300')
  @AnyOrigin()
  @ApiOp(
    'getAuthorizationServerMetadata',
    'OAuth 2.1 authorization server metadata (RFC 8414)',
    'Where clients discover the broker: its endpoints, grant types, PKCE method, auth methods and scopes. The issuer is ' +
      'PUBLIC_BASE_URL. Readable cross-origin; cacheable for 5 minutes.',
  )
  @ApiOkResponse({ description: 'The metadata document; issuer is PUBLIC_BASE_URL.', schema: AuthorizationServerMetadata, headers: CACHED })
  authorizationServer(): Record<string, unknown> {
    return this.asMetadata;
  }

  @Get('.well-known/oauth-protected-resource/broker/mcp')
  @Header('cache-control', 'public, max-age=300')
  @AnyOrigin()
  @ApiOp(
    'getProtectedResourceMetadata',
    'Protected-resource metadata of /broker/mcp (RFC 9728)',
    'Tells an MCP client which authorization server protects /broker/mcp and which scopes it starts with. Readable ' +
      'cross-origin; cacheable for 5 minutes.',
  )
  @ApiOkResponse({ description: 'resource is exactly PUBLIC_BASE_URL/broker/mcp.', schema: ProtectedResourceMetadata, headers: CACHED })
  protectedResource(): Record<string, unknown> {
    return this.prm;
  }

  @Options(['.well-known/oauth-authorization-server', '.well-known/oauth-protected-resource/broker/mcp'])
  @CorsPreflight('GET, OPTIONS')
  @ApiExcludeEndpoint()
  preflight(): string {
    return '';
  }
}
