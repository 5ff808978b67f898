import { defineErrors } from '../common/errors/error-table.js';

/** The inbox's error codes (the broker tool contract names them) with their statuses. */
export const inboxError = defineErrors({
  validation_failed: { status: 400 },
  agent_revoked: { status: 403 },
  not_found: { status: 404 },
  message_not_found: { status: 404 },
  wait_timeout: { status: 408, retryable: true },
  recipient_suppressed: { status: 422, retryable: false },
  internal_error: { status: 500, retryable: false },
  send_failed: { status: 502, retryable: true },
});

/** validation_failed for a message over the size limit: the same code as other bad input, answered 413. */
const tooLargeError = defineErrors({ validation_failed: { status: 413 } });

const nothingSent = { side_effects: { email_sent: false } };

export const inboxErrors = {
  messageNotFound: () =>
    inboxError('message_not_found', 'No message with this id in your mailbox.', {
      details: { next_step: 'Call inbox_list to see the ids of your messages.' },
    }),
  waitTimeout: (since: string, timeoutSeconds: number) =>
    inboxError('wait_timeout', `No matching message arrived within ${timeoutSeconds} s.`, {
      details: {
        since,
        side_effects: {},
        next_step: `Call inbox_wait_for_email again with the same filters and since="${since}" so that nothing that arrived in between is missed.`,
      },
    }),
  mailboxSuspended: () =>
    inboxError('agent_revoked', 'An operator suspended this mailbox; it can neither send nor receive.', { details: nothingSent }),
  invalidCursor: () => inboxError('validation_failed', 'The cursor is not one this server issued.'),
  invalidSince: () => inboxError('validation_failed', '`since` must be an ISO 8601 date-time.'),
  invalidRecipient: (address: string, why: string) =>
    inboxError('validation_failed', `Recipient "${address}" ${why}.`, { details: nothingSent }),
  tooLarge: (limit: number) =>
    tooLargeError('validation_failed', `The message is larger than the ${limit}-byte limit.`, { details: nothingSent }),
  suppressed: (address: string, reason: string) =>
    inboxError('recipient_suppressed', `Mail to ${address} is suppressed (${reason}); nothing was sent.`, {
      details: {
        ...nothingSent,
        next_step: 'Do not resend to this address: it bounced or complained. Ask your human owner if this is a mistake.',
      },
    }),
  sendFailed: (why: string) =>
    inboxError('send_failed', `The message could not be sent: ${why}. Nothing was sent.`, {
      details: { ...nothingSent, next_step: 'Retry the same call shortly; nothing was sent.' },
    }),
  sendUncertain: (emailSent: boolean | 'unknown', why: string) =>
    inboxError('internal_error', `Sending did not complete cleanly: ${why}.`, {
      details: {
        side_effects: { email_sent: emailSent },
        next_step:
          emailSent === true
            ? 'The mail was sent; do not resend. Check inbox_list for the outbound copy.'
            : emailSent === false
              ? 'Nothing was sent; check inbox_list before retrying.'
              : 'The relay may or may not have accepted the mail: check with the recipient before resending.',
      },
    }),
  notFound: () => inboxError('not_found', 'No such mailbox.'),
  suppressionNotFound: () => inboxError('not_found', 'No such suppression.'),
};
