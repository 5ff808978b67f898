import type { RegistrationResult } from '../dmv.types.js';

/** Statements of the Idempotency-Key store (STYLE R13): one stored result per key and caller IP for 24 hours. */

export interface IdempotencyRow {
  request_hash: string;
  result: RegistrationResult;
}

/** $1 = key, $2 = caller IP hash. */
export const FIND_IDEMPOTENT_SQL = `
SELECT request_hash, result FROM dmv_idempotency
 WHERE idempotency_key = $1 AND caller_ip_hash = $2 AND created_at > now() - interval '24 hours'`;

/** Drops entries past the window. */
export const PURGE_IDEMPOTENCY_SQL = `DELETE FROM dmv_idempotency WHERE created_at <= now() - interval '24 hours'`;

/** $1 = key, $2 = caller IP hash, $3 = request hash, $4 = result (jsonb). The first writer wins. */
export const STORE_IDEMPOTENCY_SQL = `
INSERT INTO dmv_idempotency (idempotency_key, caller_ip_hash, request_hash, result)
VALUES ($1, $2, $3, $4)
ON CONFLICT DO NOTHING`;
