import { AppError } from '../common/errors/app-error.js';

/** The inbox's error codes (the broker tool contract names them) with their statuses. */
export const inboxErrors = {
  messageNotFound: () =>
    new AppError('message_not_found', 'No message with this id in your mailbox.', {
      status: 404,
      details: { next_step: 'Call inbox_list to see the ids of your messages.' },
    }),
  waitTimeout: (since: string, timeoutSeconds: number) =>
    new AppError('wait_timeout', `No matching message arrived within ${timeoutSeconds} s.`, {
      status: 408,
      retryable: true,
      details: {
        since,
        side_effects: {},
        next_step: `Call inbox_wait_for_email again with the same filters and since="${since}" so that nothing that arrived in between is missed.`,
      },
    }),
  mailboxSuspended: () =>
    new AppError('agent_revoked', 'An operator suspended this mailbox; it can neither send nor receive.', {
      status: 403,
      details: { side_effects: { email_sent: false } },
    }),
  invalidCursor: () => new AppError('validation_failed', 'The cursor is not one this server issued.', { status: 400 }),
  invalidRecipient: (address: string, why: string) =>
    new AppError('validation_failed', `Recipient "${address}" ${why}.`, {
      status: 400,
      details: { side_effects: { email_sent: false } },
    }),
  tooLarge: (limit: number) =>
    new AppError('validation_failed', `The message is larger than the ${limit}-byte limit.`, {
      status: 413,
      details: { side_effects: { email_sent: false } },
    }),
  suppressed: (address: string, reason: string) =>
    new AppError('recipient_suppressed', `Mail to ${address} is suppressed (${reason}); nothing was sent.`, {
      status: 422,
      retryable: false,
      details: {
        side_effects: { email_sent: false },
        next_step: 'Do not resend to this address: it bounced or complained. Ask your human owner if this is a mistake.',
      },
    }),
  sendFailed: (why: string) =>
    new AppError('send_failed', `The message could not be sent: ${why}. Nothing was sent.`, {
      status: 502,
      retryable: true,
      details: { side_effects: { email_sent: false }, next_step: 'Retry the same call shortly; nothing was sent.' },
    }),
  sendUncertain: (emailSent: boolean | 'unknown', why: string) =>
    new AppError('internal_error', `Sending did not complete cleanly: ${why}.`, {
      status: 500,
      retryable: false,
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
  notFound: () => new AppError('not_found', 'No such mailbox.', { status: 404 }),
};
