import type { AppError } from '../common/errors/app-error.js';
import { defineErrors } from '../common/errors/error-table.js';

/** What already happened when a broker call failed (the tool envelope's side_effects). */
export interface SideEffects {
  acceptance_recorded?: boolean;
  acceptance_id?: string;
  rp_verification_recorded?: boolean;
  rp_verification_id?: string;
  assertion_minted?: boolean;
  ledger_email_sent?: boolean;
  owner_forward_sent?: boolean;
  signup_recorded?: boolean;
}

/**
 * The identity module's error codes and statuses. Broker codes are the published contract
 * (../shared/seeds/broker-mcp-tools.md); each carries side_effects, next_step and docs for the envelope.
 */
export const identityError = defineErrors({
  validation_failed: { status: 400 },
  discovery_source_not_allowed: { status: 400 },
  signup_token_invalid: { status: 400 },
  agent_revoked: { status: 403, retryable: false },
  forbidden: { status: 403 },
  rp_blocked: { status: 403 },
  rp_unverified: { status: 403 },
  rp_broker_untrusted: { status: 403 },
  rp_attestation_invalid: { status: 403 },
  rp_attestation_expired: { status: 403 },
  signup_token_ownership_mismatch: { status: 403 },
  not_found: { status: 404 },
  signup_token_not_linked: { status: 404 },
  conflict: { status: 409 },
  tos_mismatch: { status: 409 },
  /** The discovery document is there but unusable: a retry will not help. */
  rp_discovery_failed: { status: 422 },
  /** The discovery document declares an audience other than its own origin (an assertion replayable elsewhere). */
  rp_audience_mismatch: { status: 422, retryable: false },
  rp_broker_unavailable: { status: 502, retryable: true },
  ledger_email_failed: { status: 502, retryable: true },
});

/** rp_discovery_failed when the service could not be reached: the one code whose status depends on whether a retry may help. */
const unreachableError = defineErrors({ rp_discovery_failed: { status: 502, retryable: true } });

type DocsPage = 'error-recovery' | 'policies' | 'relying-party-guide' | 'workflow';

/** The envelope details every broker refusal carries: what already happened, what to do next, where to read more. */
function brokerDetails(next_step: string, side_effects: SideEffects = {}, page: DocsPage = 'error-recovery') {
  return { details: { side_effects, next_step, docs: `agentregistrar://docs/${page}` } };
}

function brokerError(
  code: Parameters<typeof identityError>[0],
  message: string,
  next_step: string,
  side_effects: SideEffects = {},
  page: DocsPage = 'error-recovery',
): AppError {
  return identityError(code, message, brokerDetails(next_step, side_effects, page));
}

export const identityErrors = {
  agentRevoked: (why = 'This agent sub-identity has been revoked or suspended.') => identityError('agent_revoked', why),
  agentNotFound: () => identityError('not_found', 'No such agent.'),
  invalidName: () => identityError('validation_failed', 'The agent name must be 1-100 printable characters.'),
  operatorSuspended: () => identityError('forbidden', 'An operator suspended this agent; only an operator can restore it.'),

  invalidInput: (message: string) => brokerError('validation_failed', message, 'Fix the arguments as the message says, then call again.'),
  discoverySourceNotAllowed: (message: string) =>
    brokerError(
      'discovery_source_not_allowed',
      message,
      'Call identity_signup with only service and accepted_tos_text; the broker fetches discovery itself.',
      {},
      'workflow',
    ),
  rpDiscoveryFailed: (message: string, retryable: boolean) =>
    retryable
      ? unreachableError(
          'rp_discovery_failed',
          message,
          brokerDetails('Retry shortly; if it keeps failing the service does not support agent signup.', {}, 'relying-party-guide'),
        )
      : brokerError(
          'rp_discovery_failed',
          message,
          'Check the service origin: it must publish /.well-known/agent-signup over https.',
          {},
          'relying-party-guide',
        ),
  rpAudienceMismatch: (message: string) =>
    brokerError(
      'rp_audience_mismatch',
      message,
      'Do not retry; nothing was minted or recorded. The service must declare its own origin as "audience" (or leave it out).',
      {},
      'relying-party-guide',
    ),
  tosMismatch: (expectedSha: string, gotSha: string) =>
    brokerError(
      'tos_mismatch',
      `The accepted_tos_text does not match the service's current terms (expected sha256 ${expectedSha}, got ${gotSha}).`,
      "Read the service's terms.text again and pass it complete and unchanged as accepted_tos_text.",
      {},
      'workflow',
    ),
  rpBlocked: (origin: string) =>
    brokerError(
      'rp_blocked',
      `Signups to ${origin} are blocked by policy.`,
      'Do not retry. Tell your human owner; only they or an operator can change the policy.',
      {},
      'policies',
    ),
  rpUnverified: (reason: string, effects: SideEffects) =>
    brokerError(
      'rp_unverified',
      `The service is not verified and the policy requires verification: ${reason}`,
      'Do not retry unchanged. Ask your human owner whether to allow this service (policy warn or allow).',
      effects,
      'policies',
    ),
  rpBrokerUntrusted: (reason: string, effects: SideEffects) =>
    brokerError(
      'rp_broker_untrusted',
      reason,
      'This service does not accept assertions from this broker; do not retry.',
      effects,
      'policies',
    ),
  rpAttestationInvalid: (reason: string, effects: SideEffects) =>
    brokerError(
      'rp_attestation_invalid',
      `The service's attestation is invalid: ${reason}`,
      'Do not retry unchanged; tell your human owner the service published an invalid attestation.',
      effects,
      'policies',
    ),
  rpAttestationExpired: (reason: string, effects: SideEffects) =>
    brokerError(
      'rp_attestation_expired',
      `The service's attestation has expired: ${reason}`,
      'Retry later, after the service renews its attestation.',
      effects,
      'policies',
    ),
  rpBrokerUnavailable: (reason: string, effects: SideEffects) =>
    brokerError(
      'rp_broker_unavailable',
      `The attestation authority could not be reached: ${reason}`,
      'Retry the same call in a minute; nothing was minted.',
      effects,
      'policies',
    ),
  ledgerEmailFailed: (effects: SideEffects) =>
    brokerError(
      'ledger_email_failed',
      'The acceptance is recorded but the ledger email could not be sent.',
      'Repeat the same call: it re-sends only the mail and returns the recorded acceptance and its assertion.',
      effects,
    ),
  signupTokenInvalid: (reason: string) =>
    brokerError(
      'signup_token_invalid',
      `The signup_token is not a valid receipt: ${reason}`,
      'Send the signup_token exactly as the service returned it; a broker-signed or altered token is refused.',
      {},
      'relying-party-guide',
    ),
  signupTokenNotLinked: (reason: string) =>
    brokerError(
      'signup_token_not_linked',
      reason,
      'Record only receipts for assertions this agent obtained from identity_signup or identity_prove.',
    ),
  signupTokenOwnershipMismatch: (reason: string) =>
    brokerError('signup_token_ownership_mismatch', reason, 'Record the receipt with the agent that made the signup.'),
  signupConflict: (reason: string) =>
    brokerError('conflict', reason, 'Do not retry; the recorded proof stands. Call identity_whoami to see it.'),
  notFound: (what: string) => identityError('not_found', what),
  authorityFromEnvironment: () =>
    identityError('conflict', 'This authority is configured in BROKER_ATTESTATION_AUTHORITIES; change the environment instead.'),
};
