import { Injectable } from '@nestjs/common';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { OAUTH_REGISTER_POLICY, RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { AppConfig } from '../../config/app-config.js';
import type { ClientCredentials } from '../domain/client-credentials.js';
import type { ClientRegistrationDto, RevokeRequestDto, TokenRequestDto } from '../dto/oauth-forms.dto.js';
import { bearerChallenge, resourceMetadataUrl } from '../domain/challenge.js';
import { RESOURCE_SCOPES } from '../domain/scopes.js';
import { AccessPolicy, type AccessDecision, type ScopeDecision } from './access-policy.js';
import { ClientsService } from './clients.service.js';
import { TokensService, type TokenResponse } from './tokens.service.js';

/**
 * The oauth module's facade: what other modules (and the MCP broker gate) may use. The
 * authorization server's endpoints and pages live behind it in this module's controllers.
 */
@Injectable()
export class OauthService {
  constructor(
    private readonly config: AppConfig,
    private readonly access: AccessPolicy,
    private readonly clients: ClientsService,
    private readonly tokens: TokensService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * The token endpoint (RFC 6749 §3.2): authenticates the client as it registered, then runs the
   * exchange its grant_type names, in one transaction (TokensService.grant).
   * @throws OAuthError invalid_client, invalid_request, unsupported_grant_type, unauthorized_client, invalid_grant, invalid_scope, invalid_target
   */
  async tokenRequest(credentials: ClientCredentials, request: TokenRequestDto): Promise<TokenResponse> {
    const client = await this.clients.authenticate(credentials);
    const issued = await this.tokens.grant(client, { ...request });
    void this.clients.touch(client).catch(() => undefined);
    return issued;
  }

  /**
   * Token revocation (RFC 7009): the client authenticates as at the token endpoint; unknown tokens
   * are accepted silently. @throws OAuthError invalid_client, invalid_request
   */
  async revokeToken(credentials: ClientCredentials, request: RevokeRequestDto): Promise<void> {
    const client = await this.clients.authenticate(credentials);
    await this.tokens.revokeByValue(client, request.token);
  }

  /**
   * Dynamic client registration (RFC 7591), counted per client address (an IPv6 client by its /64:
   * it cannot rotate through its prefix). Answers the registration body (the secret shown only here).
   * @throws AppError rate_limited; OAuthError invalid_redirect_uri, invalid_client_metadata
   */
  async registerClient(ip: string, metadata: ClientRegistrationDto): Promise<Record<string, unknown>> {
    const budget = await this.rateLimits.consume(OAUTH_REGISTER_POLICY, ip);
    if (!budget.allowed) throw this.rateLimits.refusal(budget);
    return (await this.clients.register(metadata)).body;
  }

  /** The canonical resource identifier of the broker's MCP server. */
  get brokerResource(): string {
    return this.access.resource;
  }

  /** Where the broker's protected-resource metadata lives (the challenge's resource_metadata). */
  get resourceMetadataUrl(): string {
    return resourceMetadataUrl(this.config.publicBaseUrl);
  }

  /** The scopes the challenge names when no token was sent. */
  get defaultChallengeScopes(): readonly string[] {
    return RESOURCE_SCOPES;
  }

  /** Checks a bearer token in the gate's order (token → owner → agreement). */
  authenticate(token: string | undefined): Promise<AccessDecision> {
    return this.access.check(token);
  }

  /** Scope check: ok, or the scopes to put in an insufficient_scope challenge. */
  requireScopes(principal: AgentPrincipal, required: readonly string[]): ScopeDecision {
    return this.access.requireScopes(principal, required);
  }

  /** The WWW-Authenticate value for a decision (RFC 6750 / RFC 9728). */
  challenge(kind: 'missing' | 'invalid_token' | 'insufficient_scope', scopes: readonly string[], description?: string): string {
    return bearerChallenge(this.resourceMetadataUrl, kind, scopes, description);
  }
}
