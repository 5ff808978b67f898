// The owners' and sign-in statements that TypeORM's repositories cannot express.

/** Creates the owner on first sign-in, or stamps the sign-in time. $1 = email. */
export const UPSERT_OWNER_SQL = `
INSERT INTO oauth_owner (email, last_sign_in_at) VALUES ($1, now())
ON CONFLICT (email) DO UPDATE SET last_sign_in_at = now()`;

export interface OwnerStatusRow {
  status: string;
}

/** An owner's status. $1 = owner id. */
export const OWNER_STATUS_SQL = `SELECT status FROM oauth_owner WHERE id = $1`;

export interface SigninAttemptRow {
  attempts: number;
}

/** Counts one code attempt unless the limit is reached (then no row). $1 = challenge id, $2 = the limit. */
export const COUNT_SIGNIN_ATTEMPT_SQL = `UPDATE oauth_signin_challenge SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 RETURNING attempts`;

/**
 * Uses a sign-in or email-change challenge once: it changes no row when the challenge was used
 * already (a racing second use loses). $1 = challenge id, $2 = the time of use.
 */
export const USE_CHALLENGE_SQL = `UPDATE oauth_signin_challenge SET used_at = $2 WHERE id = $1 AND used_at IS NULL`;

/** Ends an owner's pending email changes (one at a time). $1 = owner id, $2 = the time. */
export const END_PENDING_EMAIL_CHANGES_SQL = `
UPDATE oauth_signin_challenge SET used_at = $2 WHERE owner_id = $1 AND purpose = 'email_change' AND used_at IS NULL`;

/** The newest pending email change of an owner: unused and unexpired. $1 = owner id, $2 = now. */
export const PENDING_EMAIL_CHANGE_SQL = `
SELECT id, email, code_hash FROM oauth_signin_challenge
 WHERE owner_id = $1 AND purpose = 'email_change' AND used_at IS NULL AND expires_at > $2
 ORDER BY created_at DESC LIMIT 1`;

export interface PendingEmailChangeRow {
  id: string;
  /** The new address. */
  email: string;
  code_hash: string;
}

/** Ends every live session of an owner. $1 = owner id, $2 = the time. */
export const END_OWNER_SESSIONS_SQL = `UPDATE oauth_session SET revoked_at = $2 WHERE owner_id = $1 AND revoked_at IS NULL`;

export interface LiveSessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
}

/** An owner's unrevoked, unexpired sessions, most recently used first (at most 50). $1 = owner id, $2 = now. */
export const LIVE_SESSIONS_SQL = `
SELECT id, created_at, last_seen_at FROM oauth_session
 WHERE owner_id = $1 AND revoked_at IS NULL AND expires_at > $2
 ORDER BY last_seen_at DESC LIMIT 50`;
