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
