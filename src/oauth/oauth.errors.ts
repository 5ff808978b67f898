import { defineErrors } from '../common/errors/error-table.js';
import { inAbout } from './domain/plain-time.js';

/**
 * The OAuth protocol's own error codes (RFC 6749, RFC 7591) and their statuses, rendered as
 * `{error, error_description}` by the token, registration and revocation endpoints (and as a
 * redirect or an error page by /authorize). Codes are exactly the RFCs': hosts loop on wrong ones.
 */
export const OAUTH_PROTOCOL_ERRORS = {
  invalid_request: { status: 400 },
  invalid_client: { status: 401 },
  invalid_grant: { status: 400 },
  unauthorized_client: { status: 400 },
  unsupported_grant_type: { status: 400 },
  invalid_scope: { status: 400 },
  invalid_target: { status: 400 },
  access_denied: { status: 400 },
  unsupported_response_type: { status: 400 },
  server_error: { status: 500 },
  temporarily_unavailable: { status: 503 },
  invalid_redirect_uri: { status: 400 },
  invalid_client_metadata: { status: 400 },
} as const satisfies Record<string, { status: number }>;

export type OAuthErrorCode = keyof typeof OAUTH_PROTOCOL_ERRORS;

/** An OAuth protocol error; its status comes from {@link OAUTH_PROTOCOL_ERRORS}. */
export class OAuthError extends Error {
  readonly status: number;

  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
    this.status = OAUTH_PROTOCOL_ERRORS[error].status;
  }
}

/** The oauth module's AppError codes (pages, account and admin routes). */
export const oauthError = defineErrors({
  validation_failed: { status: 400 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  rate_limited: { status: 429 },
  // Passkeys (issue 24): a ceremony answer refused, a change that needs a fresh sign-in.
  passkey_refused: { status: 403 },
  step_up_required: { status: 403 },
});

export const oauthErrors = {
  signinRateLimited: (retryAfter: number) =>
    oauthError('rate_limited', `Too many sign-in attempts. Try again ${inAbout(retryAfter)}.`, {
      headers: { 'Retry-After': String(Math.ceil(retryAfter)) },
    }),
  resendTooEarly: (waitSeconds: number) =>
    oauthError('rate_limited', `You can ask for a new code ${inAbout(waitSeconds)}.`, {
      headers: { 'Retry-After': String(Math.ceil(waitSeconds)) },
    }),
  agentMailboxOwner: (mailDomain: string) =>
    oauthError(
      'validation_failed',
      `Addresses at ${mailDomain} belong to agents' mailboxes, so they cannot sign in as an owner. Use your own email address.`,
    ),
  invalidEmail: () => oauthError('validation_failed', 'Enter a valid email address.'),
  /** A form or admin input the service refuses, with the reason. */
  invalid: (message: string) => oauthError('validation_failed', message),
  ownerNotFound: () => oauthError('not_found', 'No such owner.'),
  clientNotFound: () => oauthError('not_found', 'No such client.'),
  tokenNotFound: () => oauthError('not_found', 'No such token.'),
  grantNotFound: () => oauthError('not_found', 'No such grant.'),
  agreementNotFound: () => oauthError('not_found', 'No such agreement version.'),
  passkeyRefused: (message: string) => oauthError('passkey_refused', message),
  passkeyRateLimited: (retryAfter: number) =>
    oauthError('rate_limited', `Too many passkey attempts; try again in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
    }),
  stepUpRequired: () =>
    oauthError('step_up_required', 'For your safety this needs a fresh sign-in: sign in again, then try within 10 minutes.'),
  passkeyNotFound: () => oauthError('not_found', 'No such passkey.'),
  passkeysUnavailable: () =>
    oauthError('not_found', 'Passkeys are not available on this address (they need a domain name, and https outside localhost).'),
  versionExists: (version: string) => oauthError('conflict', `Agreement version ${version} is already published.`),
};
