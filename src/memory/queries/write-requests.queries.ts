/** SQL over `memory_write_request`: the remembered results that make writes idempotent per request_id. */

export interface StoredWriteRow {
  tool: string;
  /** char(64): may come back padded. */
  args_hash: string;
  result: object;
}

export const WRITE_REQUEST_QUERIES = {
  /** $1 agent id, $2 request id. */
  stored: `SELECT tool, args_hash, result FROM memory_write_request WHERE agent_id = $1 AND request_id = $2`,
  /** $1 agent id, $2 request id, $3 tool, $4 arguments hash, $5 result (JSON text). */
  record: `INSERT INTO memory_write_request (agent_id, request_id, tool, args_hash, result) VALUES ($1, $2, $3, $4, $5::jsonb)`,
  /** Records are kept at least 24 hours; this drops those older than a week. */
  sweep: `DELETE FROM memory_write_request WHERE created_at < now() - interval '7 days'`,
} as const;
