/** SQL over `memory_moderation_log`: every operator action with who, what and why. */

export interface ModerationLogRow {
  created_at: Date;
}

/** $1 operator id, $2 operator name, $3 action, $4 target type, $5 target id, $6 reason. */
export const INSERT_MODERATION_LOG_SQL = `INSERT INTO memory_moderation_log (operator_id, operator_name, action, target_type, target_id, reason)
  VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`;
