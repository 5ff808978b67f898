import { Injectable } from '@nestjs/common';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import type { ClientEntity } from '../entities/client.entity.js';
import { redirectUriMatches } from '../domain/redirect-uris.js';
import { DEFAULT_SCOPES, parseScopes } from '../domain/scopes.js';
import { OAuthError } from '../oauth.errors.js';
import { AuthorizePageError, AuthorizeRedirectError, clientRedirect } from './authorize-redirect.js';
import { Clients } from './clients.js';
import { ConsentDecision, type ConsentView, type Decision, type ValidatedAuthorize } from './consent-decision.js';

export { AuthorizePageError, AuthorizeRedirectError } from './authorize-redirect.js';
export { TRANSACTION_TTL_MS, type ConsentView, type Decision, type ValidatedAuthorize } from './consent-decision.js';

/** /authorize: request validation; the consent transaction and the owner's decision are ConsentDecision's. */
@Injectable()
export class Authorizations {
  readonly issuer: string;
  readonly resource: string;

  constructor(
    config: AppConfig,
    private readonly clients: Clients,
    private readonly consent: ConsentDecision,
  ) {
    this.issuer = config.publicBaseUrl;
    this.resource = `${config.publicBaseUrl}/broker/mcp`;
  }

  /** The redirect back to the client: `code`/`error`, `state` and RFC 9207 `iss`. */
  redirectTo(redirectUri: string, params: Record<string, string | null | undefined>): string {
    return clientRedirect(this.issuer, redirectUri, params);
  }

  /**
   * Validates an authorization request in the RFC's order: client and redirect URI first (an error
   * page), then everything else (a redirect with `error` for pre-registered clients, the error page
   * for dynamically registered and metadata-document clients).
   */
  async validate(query: Record<string, unknown>): Promise<ValidatedAuthorize> {
    const one = (name: string): string | undefined => {
      const value = query[name];
      if (Array.isArray(value)) throw new AuthorizePageError(`The parameter ${name} was sent more than once.`);
      return typeof value === 'string' && value.length > 0 ? value : undefined;
    };
    let client: ClientEntity;
    try {
      client = await this.clients.resolve(one('client_id'));
    } catch (error) {
      throw new AuthorizePageError(error instanceof OAuthError ? error.description : 'Unknown client.');
    }
    const requested = one('redirect_uri');
    let redirectUri: string;
    if (requested === undefined) {
      if (client.redirectUris.length !== 1) throw new AuthorizePageError('redirect_uri is required for this client.');
      redirectUri = client.redirectUris[0];
    } else {
      if (!client.redirectUris.some((r) => redirectUriMatches(r, requested))) {
        throw new AuthorizePageError('The redirect_uri is not registered for this client.');
      }
      redirectUri = requested;
    }
    const state = one('state') ?? null;
    // Before anyone has signed in, an error goes back to the redirect URI only for a client an
    // operator registered: anyone can register a dynamic client or publish a metadata document
    // naming any redirect URI, and redirecting to it would make /authorize an open redirector
    // (RFC 9700 §4.11.2). Everyone else gets the error page.
    const fail = (error: string, description: string): Error =>
      client.kind === 'preregistered'
        ? new AuthorizeRedirectError(this.redirectTo(redirectUri, { error, error_description: description, state }), error, description)
        : new AuthorizePageError(`${description} (${error})`);
    for (const name of ['response_type', 'code_challenge', 'code_challenge_method', 'scope', 'resource', 'state']) {
      if (Array.isArray(query[name])) throw fail('invalid_request', `The parameter ${name} was sent more than once.`);
    }
    if (state !== null && state.length > 1000) throw fail('invalid_request', 'state is too long.');
    if (one('response_type') !== 'code') throw fail('unsupported_response_type', 'Only response_type=code is supported.');
    const codeChallenge = one('code_challenge');
    if (!codeChallenge) throw fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
    if (one('code_challenge_method') !== 'S256') throw fail('invalid_request', 'code_challenge_method must be S256.');
    if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
      throw fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters).');
    }
    const resource = one('resource') ?? this.resource;
    if (resource !== this.resource) throw fail('invalid_target', `This server issues tokens only for ${this.resource}.`);
    const parsed = parseScopes(one('scope') ?? client.scope ?? DEFAULT_SCOPES.join(' '));
    if (parsed.unknown.length > 0) throw fail('invalid_scope', `Unknown scope: ${parsed.unknown.slice(0, 3).join(' ')}.`);
    const scopes = parsed.scopes.length > 0 ? parsed.scopes : [...DEFAULT_SCOPES];
    return { client, redirectUri, state, codeChallenge, scopes, resource };
  }

  /** Opens the server-side transaction the consent form refers to. */
  begin(owner: OwnerPrincipal, request: ValidatedAuthorize): Promise<ConsentView> {
    return this.consent.begin(owner, request);
  }

  /**
   * The owner's answer on the consent page (ConsentDecision.decide).
   * @throws AuthorizePageError (unknown, expired or foreign transaction; CSRF failure)
   */
  decide(owner: OwnerPrincipal, decision: Decision): Promise<{ redirect: string } | { again: ConsentView; problem: string }> {
    return this.consent.decide(owner, decision);
  }
}
