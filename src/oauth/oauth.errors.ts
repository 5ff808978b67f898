import { AppError } from '../common/errors/app-error.js';

/**
 * An OAuth protocol error, rendered as RFC 6749 `{error, error_description}` by the token,
 * registration and revocation endpoints (and as a redirect or an error page by /authorize).
 * Codes are exactly the RFC's: hosts loop on wrong ones.
 */
export class OAuthError extends Error {
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unauthorized_client'
      | 'unsupported_grant_type'
      | 'invalid_scope'
      | 'invalid_target'
      | 'access_denied'
      | 'unsupported_response_type'
      | 'server_error'
      | 'temporarily_unavailable'
      | 'invalid_redirect_uri'
      | 'invalid_client_metadata',
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : error === 'server_error' ? 500 : error === 'temporarily_unavailable' ? 503 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

/** The oauth module's AppError codes (pages, account and admin routes). */
export const oauthErrors = {
  signinRateLimited: (retryAfter: number) =>
    new AppError('rate_limited', `Too many sign-in attempts; try again in ${retryAfter} s.`, {
      status: 429,
      headers: { 'Retry-After': String(retryAfter) },
    }),
  invalidEmail: () => new AppError('validation_failed', 'Enter a valid email address.', { status: 400 }),
  ownerNotFound: () => new AppError('not_found', 'No such owner.', { status: 404 }),
  clientNotFound: () => new AppError('not_found', 'No such client.', { status: 404 }),
  tokenNotFound: () => new AppError('not_found', 'No such token.', { status: 404 }),
  grantNotFound: () => new AppError('not_found', 'No such grant.', { status: 404 }),
  versionExists: (version: string) => new AppError('conflict', `Agreement version ${version} is already published.`, { status: 409 }),
  invalidClientMetadata: (message: string) => new AppError('validation_failed', message, { status: 400 }),
};
