import { defineErrors } from '../common/errors/error-table.js';

/**
 * The DMV's error codes and their statuses (STYLE R4). The register budget's refusal comes from
 * RateLimitService.refusal; `rate_limited` here is the per-mailbox daily cap, which is counted in
 * PostgreSQL rather than in a rate-limit store.
 */
const dmvError = defineErrors({
  invalid_agent_name: { status: 400 },
  invalid_certificate_id: { status: 400, message: 'certificate_id is not a DMV certificate ID.' },
  invalid_idempotency_key: {
    status: 400,
    message: 'Idempotency-Key must be 1-255 visible ASCII characters (a random UUID is a good choice).',
  },
  validation_failed: { status: 400 },
  not_found: { status: 404, message: 'No DMV certificate has this ID.' },
  idempotency_key_reused: {
    status: 409,
    message: 'This Idempotency-Key was already used with different arguments in the last 24 hours; use a new key for a new registration.',
  },
  registration_withdrawn: {
    status: 409,
    message: 'This name was registered with this address and then withdrawn by an operator; it cannot be recorded again.',
  },
  already_withdrawn: { status: 409, message: 'This registration was already withdrawn.' },
  rate_limited: { status: 429 },
});

export const dmvErrors = {
  table: dmvError.table,
  invalidAgentName: (reason: string) => dmvError('invalid_agent_name', `Invalid agent_name: ${reason}.`),
  invalidReservedName: (reason: string) => dmvError('invalid_agent_name', `Invalid reserved name: ${reason}.`),
  invalidCertificateId: () => dmvError('invalid_certificate_id'),
  invalidIdempotencyKey: () => dmvError('invalid_idempotency_key'),
  invalidOperatorName: () => dmvError('validation_failed', 'operator_name must be 1-100 characters without control characters.'),
  certificateNotFound: () => dmvError('not_found'),
  registrationNotFound: (certificateId: string) => dmvError('not_found', `No registration with certificate ID ${certificateId}.`),
  reservedNameNotFound: (label: string) => dmvError('not_found', `'${label}' is not on the reserved list.`),
  idempotencyKeyReused: () => dmvError('idempotency_key_reused'),
  registrationWithdrawn: () => dmvError('registration_withdrawn'),
  alreadyWithdrawn: () => dmvError('already_withdrawn'),
  /** The per-mailbox daily cap: Retry-After says when the oldest registration in the window leaves it. */
  mailboxCapReached: (cap: number, retryAfterSeconds: number, headers: Record<string, string>) =>
    dmvError(
      'rate_limited',
      `This email address reached its cap of ${cap} new registrations per 24 hours; retry after ${retryAfterSeconds} s.`,
      {
        headers: { ...headers, 'Retry-After': String(retryAfterSeconds) },
        details: { budget: 'email_daily_cap', retry_after_seconds: retryAfterSeconds },
      },
    ),
};
