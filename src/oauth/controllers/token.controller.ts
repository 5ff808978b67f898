import { Controller, HttpCode, Ip, Options, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '../../common/http/swagger.js';
import { ApiRegistrationEndpoint, ApiRevocationEndpoint, ApiTokenEndpoint } from '../dto/oauth-endpoints.openapi.js';
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
  @ApiTokenEndpoint()
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
  @ApiRegistrationEndpoint()
  register(@Ip() ip: string, @ClientMetadata(ClientRegistrationDto) metadata: ClientRegistrationDto): Promise<unknown> {
    return this.oauth.registerClient(ip, metadata);
  }

  @Post('revoke')
  @AnyOrigin()
  @BodyPolicy({ accepts: [FORM_MEDIA_TYPE] })
  @HttpCode(200)
  @ApiRevocationEndpoint()
  revoke(
    @OAuthParams({ dto: RevokeRequestDto }) request: RevokeRequestDto,
    @ClientCredentialsParam() credentials: ClientCredentials,
  ): Promise<unknown> {
    return this.oauth.revokeToken(credentials, request);
  }

  @Options(['token', 'register', 'revoke'])
  @CorsPreflight('POST, OPTIONS')
  @ApiExcludeEndpoint()
  preflight(): string {
    return '';
  }
}
