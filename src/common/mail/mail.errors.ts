import { defineErrors } from '../errors/error-table.js';

/** The outbox's error codes (STYLE R4). */
export const mailErrors = defineErrors({
  validation_failed: { status: 400, message: 'The recipient is not a valid email address.' },
  mail_relay_failed: { status: 502, retryable: true, message: 'The mail relay refused the message; nothing was sent.' },
  service_unavailable: { status: 503, message: 'No SMTP relay is configured; nothing can be sent.' },
  not_found: { status: 404 },
});
