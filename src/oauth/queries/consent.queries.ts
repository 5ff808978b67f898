// The consent step's statements (R13): the previous grant of a client, and answering a consent
// transaction exactly once.

export interface PreviousGrantRow {
  agent_id: string;
}

/** The newest live grant an owner gave a client (the consent page preselects its agent). $1 = owner id, $2 = client row id. */
export const PREVIOUS_GRANT_SQL = `
SELECT agent_id FROM oauth_grant
 WHERE owner_id = $1 AND client_row_id = $2 AND revoked_at IS NULL
 ORDER BY created_at DESC LIMIT 1`;

/**
 * Marks a consent transaction answered, only if it was not already: no row changes for a second
 * (or racing) answer. $1 = transaction id, $2 = the time.
 */
export const COMPLETE_CONSENT_SQL = `UPDATE oauth_authorization_request SET completed_at = $2 WHERE id = $1 AND completed_at IS NULL`;
