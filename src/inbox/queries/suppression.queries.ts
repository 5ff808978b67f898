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

export interface SuppressionRow {
  id: string;
  agent_id: string;
  address: string;
  reason: string;
  source_message_id: string | null;
  created_at: Date;
}

/** Suppressions, newest first: one mailbox's, or every mailbox's when $1 is NULL. $1 = agent id, $2 = limit, $3 = offset. */
export const LIST_SUPPRESSIONS_SQL = `
  SELECT id, agent_id, address, reason, source_message_id, created_at
    FROM inbox_suppression
   WHERE ($1::uuid IS NULL OR agent_id = $1)
   ORDER BY created_at DESC LIMIT $2 OFFSET $3`;

export interface SuppressionCountRow {
  total: number;
}

/** How many suppressions LIST_SUPPRESSIONS_SQL pages through. $1 = agent id or NULL. */
export const COUNT_SUPPRESSIONS_SQL = `SELECT count(*)::int AS total FROM inbox_suppression WHERE ($1::uuid IS NULL OR agent_id = $1)`;
