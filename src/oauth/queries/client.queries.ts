// The OAuth clients' statements that TypeORM's repositories would build from conditions (R13).

/** Revokes a client unless it is revoked already (the first revocation's time stays). $1 = row id, $2 = the time. */
export const REVOKE_CLIENT_SQL = `UPDATE oauth_client SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`;
