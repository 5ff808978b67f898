// The inbox's suppression SQL: adding a suppressed address once per mailbox (STYLE R13).

export interface InsertedSuppressionRow {
  id: string;
}

/**
 * Suppresses an address for a mailbox unless it is suppressed already (one row per mailbox and
 * address); returns the row only when this call inserted it.
 * $1 = agent id, $2 = address, $3 = reason, $4 = source message id (or NULL).
 */
export const INSERT_SUPPRESSION_IF_ABSENT_SQL = `
  INSERT INTO inbox_suppression (agent_id, address, reason, source_message_id) VALUES ($1, $2, $3, $4)
  ON CONFLICT DO NOTHING
  RETURNING id`;
