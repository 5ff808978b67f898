// The passkey statements that TypeORM's repositories cannot express (R13).

export interface ConsumedChallengeRow {
  id: string;
  owner_id: string | null;
  return_to: string;
}

/**
 * Uses a challenge exactly once: only an unused, unexpired challenge of this ceremony, bound to
 * this browser, matches; the UPDATE marks it used in the same statement, so two answers racing
 * with one challenge get one row between them. $1 = challenge hash, $2 = ceremony, $3 = binding hash.
 */
export const CONSUME_PASSKEY_CHALLENGE_SQL = `
UPDATE oauth_passkey_challenge SET used_at = now()
 WHERE challenge_hash = $1 AND ceremony = $2 AND binding_hash = $3 AND used_at IS NULL AND expires_at > now()
RETURNING id, owner_id, return_to`;

/**
 * Records a successful use: the new counter and backup state, only if the stored counter is still
 * the one the check compared with (a concurrent use with the same counter loses) and the passkey is
 * not marked as cloned. $1 = id, $2 = new counter, $3 = backed up, $4 = counter compared with.
 */
export const RECORD_PASSKEY_USE_SQL = `
UPDATE oauth_passkey_credential SET counter = $2, backed_up = $3, last_used_at = now()
 WHERE id = $1 AND counter = $4 AND clone_detected_at IS NULL
RETURNING id`;

/** Marks a passkey as a probable copy (it stops working). $1 = id. */
export const MARK_PASSKEY_CLONED_SQL = `UPDATE oauth_passkey_credential SET clone_detected_at = now() WHERE id = $1 AND clone_detected_at IS NULL`;

/** Removes every passkey of an owner (an operator's revocation); returns their ids. $1 = owner id. */
export const DELETE_OWNER_PASSKEYS_SQL = `DELETE FROM oauth_passkey_credential WHERE owner_id = $1 RETURNING id, name`;

export interface DeletedPasskeyRow {
  id: string;
  name: string;
}
