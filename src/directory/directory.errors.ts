import { defineErrors } from '../common/errors/error-table.js';

/**
 * The directory's error codes and their HTTP statuses (STYLE R4). Services throw
 * `directoryError('member_not_found', '…')`; the REST filter and the MCP tools render them.
 */
export const directoryError = defineErrors({
  validation_failed: { status: 400 },
  not_found: { status: 404 },
  member_not_found: { status: 404 },
  member_exists: { status: 409 },
  /** details.rows lists every invalid row; nothing was imported. */
  import_rejected: { status: 400 },
  payload_too_large: { status: 413 },
});
