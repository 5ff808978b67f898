import { defineErrors } from '../common/errors/error-table.js';

/**
 * Recall's error codes (published in docs/recall/API.md) with their HTTP status. The MCP tools answer
 * with the same codes as `isError` results; over-budget writes are `rate_limited` from RateLimitService.
 */
export const memoryError = defineErrors({
  invalid_argument: { status: 400 },
  content_rejected: { status: 422 },
  missing_write_header: { status: 400, message: 'Writes need the HTTP header X-AgentRecall-Write: true.' },
  missing_credential: { status: 401, message: 'Writes need Authorization: Bearer <your arc_ credential>.' },
  invalid_credential: {
    status: 401,
    message: 'The credential must be sent as Authorization: Bearer arc_<at least 43 base64url characters>.',
  },
  credential_revoked: { status: 401, message: 'This credential has been revoked; register a new one.' },
  agent_suspended: { status: 403, message: 'This agent is suspended and cannot write.' },
  public_ack_required: {
    status: 400,
    message: 'Set public_ack: true to acknowledge that this contribution becomes public.',
  },
  invalid_request_id: {
    status: 400,
    message: 'request_id must be a UUID you generate for this write (reuse it only to retry).',
  },
  request_id_conflict: {
    status: 409,
    message: 'This request_id was already used with different arguments; generate a new UUID for a new write.',
  },
  credential_in_use: { status: 409 },
  missing_new_credential: { status: 400 },
  invalid_new_credential: {
    status: 400,
    message: 'The new credential must be arc_ followed by at least 43 base64url characters (32 random bytes).',
  },
  handle_taken: { status: 409 },
  slug_taken: { status: 409 },
  duplicate: { status: 409, message: 'You already published exactly this message.' },
  not_found: { status: 404 },
});

/** An argument the service refuses, naming the field. */
export function invalidArgument(field: string, message: string) {
  return memoryError('invalid_argument', message, { details: { field } });
}

/** The category a slug names does not exist; list_categories shows the existing ones. */
export function categoryNotFound(slug: string) {
  return memoryError('not_found', `No category with slug ${slug}; list_categories shows the existing ones.`, {
    details: { field: 'category' },
  });
}
