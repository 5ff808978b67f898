import { AppError } from '../common/errors/app-error.js';

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

const docs = (page: 'error-recovery' | 'policies' | 'relying-party-guide' | 'workflow') => `agentregistrar://docs/${page}`;

function brokerError(
  code: string,
  message: string,
  status: number,
  retryable: boolean,
  next_step: string,
  side_effects: SideEffects = {},
  page: Parameters<typeof docs>[0] = 'error-recovery',
): AppError {
  return new AppError(code, message, { status, retryable, details: { side_effects, next_step, docs: docs(page) } });
}

/**
 * The identity module's error codes and statuses. Broker codes are the published contract
 * (../shared/seeds/broker-mcp-tools.md); each carries side_effects, next_step and docs for the envelope.
 */
export const identityErrors = {
  agentRevoked: (why = 'This agent sub-identity has been revoked or suspended.') =>
    new AppError('agent_revoked', why, { status: 403, retryable: false }),
  agentNotFound: () => new AppError('not_found', 'No such agent.', { status: 404 }),
  invalidName: () => new AppError('validation_failed', 'The agent name must be 1-100 printable characters.', { status: 400 }),
  operatorSuspended: () =>
    new AppError('forbidden', 'An operator suspended this agent; only an operator can restore it.', { status: 403 }),

  invalidInput: (message: string) => brokerError('validation_failed', message, 400, false, 'Fix the arguments as the message says, then call again.'),
  discoverySourceNotAllowed: (message: string) =>
    brokerError('discovery_source_not_allowed', message, 400, false, 'Call identity_signup with only service and accepted_tos_text; the broker fetches discovery itself.', {}, 'workflow'),
  rpDiscoveryFailed: (message: string, retryable: boolean) =>
    brokerError('rp_discovery_failed', message, retryable ? 502 : 422, retryable, retryable ? 'Retry shortly; if it keeps failing the service does not support agent signup.' : 'Check the service origin: it must publish /.well-known/agent-signup over https.', {}, 'relying-party-guide'),
  tosMismatch: (expectedSha: string, gotSha: string) =>
    brokerError('tos_mismatch', `The accepted_tos_text does not match the service's current terms (expected sha256 ${expectedSha}, got ${gotSha}).`, 409, false, "Read the service's terms.text again and pass it complete and unchanged as accepted_tos_text.", {}, 'workflow'),
  rpBlocked: (origin: string) =>
    brokerError('rp_blocked', `Signups to ${origin} are blocked by policy.`, 403, false, 'Do not retry. Tell your human owner; only they or an operator can change the policy.', {}, 'policies'),
  rpUnverified: (reason: string, effects: SideEffects) =>
    brokerError('rp_unverified', `The service is not verified and the policy requires verification: ${reason}`, 403, false, 'Do not retry unchanged. Ask your human owner whether to allow this service (policy warn or allow).', effects, 'policies'),
  rpBrokerUntrusted: (reason: string, effects: SideEffects) =>
    brokerError('rp_broker_untrusted', reason, 403, false, 'This service does not accept assertions from this broker; do not retry.', effects, 'policies'),
  rpAttestationInvalid: (reason: string, effects: SideEffects) =>
    brokerError('rp_attestation_invalid', `The service's attestation is invalid: ${reason}`, 403, false, 'Do not retry unchanged; tell your human owner the service published an invalid attestation.', effects, 'policies'),
  rpAttestationExpired: (reason: string, effects: SideEffects) =>
    brokerError('rp_attestation_expired', `The service's attestation has expired: ${reason}`, 403, false, 'Retry later, after the service renews its attestation.', effects, 'policies'),
  rpBrokerUnavailable: (reason: string, effects: SideEffects) =>
    brokerError('rp_broker_unavailable', `The attestation authority could not be reached: ${reason}`, 502, true, 'Retry the same call in a minute; nothing was minted.', effects, 'policies'),
  ledgerEmailFailed: (effects: SideEffects) =>
    brokerError('ledger_email_failed', 'The acceptance is recorded but the ledger email could not be sent.', 502, true, 'Repeat the same call: it re-sends only the mail and returns the recorded acceptance and its assertion.', effects),
  signupTokenInvalid: (reason: string) =>
    brokerError('signup_token_invalid', `The signup_token is not a valid receipt: ${reason}`, 400, false, 'Send the signup_token exactly as the service returned it; a broker-signed or altered token is refused.', {}, 'relying-party-guide'),
  signupTokenNotLinked: (reason: string) =>
    brokerError('signup_token_not_linked', reason, 404, false, 'Record only receipts for assertions this agent obtained from identity_signup or identity_prove.'),
  signupTokenOwnershipMismatch: (reason: string) =>
    brokerError('signup_token_ownership_mismatch', reason, 403, false, 'Record the receipt with the agent that made the signup.'),
  signupConflict: (reason: string) =>
    brokerError('conflict', reason, 409, false, 'Do not retry; the recorded proof stands. Call identity_whoami to see it.'),
  notFound: (what: string) => new AppError('not_found', what, { status: 404 }),
  authorityFromEnvironment: () =>
    new AppError('conflict', 'This authority is configured in BROKER_ATTESTATION_AUTHORITIES; change the environment instead.', { status: 409 }),
};

