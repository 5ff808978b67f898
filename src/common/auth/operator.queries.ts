// The operator table's statements beyond by-key reads and writes (STYLE R13).

export interface InsertedOperatorRow {
  id: string;
}

/**
 * The bootstrap operator: inserted unless its token hash is there already (several instances may
 * boot at once; the unique hash decides). Returns the row only when this call inserted it.
 * $1 = name, $2 = token hash, $3 = token prefix.
 */
export const INSERT_OPERATOR_IF_ABSENT_SQL = `
  INSERT INTO operator (name, token_hash, token_prefix) VALUES ($1, $2, $3)
  ON CONFLICT DO NOTHING
  RETURNING id`;

/** Revokes an operator's token unless it is revoked already (the first revocation's time stays). $1 = id, $2 = time. */
export const REVOKE_OPERATOR_SQL = `UPDATE operator SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`;
