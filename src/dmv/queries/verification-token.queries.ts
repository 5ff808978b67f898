/**
 * Statements about verification tokens (STYLE R13). Each token is exactly one verification email
 * (it is written with its outbox message), so counting tokens counts verification mail.
 */

/**
 * Serialises the verification-mail caps (per recipient domain and in total) across instances;
 * held from the count to the commit of the token it allows.
 */
export const LOCK_MAIL_CAPS_SQL = `SELECT pg_advisory_xact_lock(hashtext('dmv-verification-mail'))`;

export interface MailWindowRow {
  total: number;
  domain: number;
}

/**
 * Verification emails of the last 24 hours: all of them, and those to one recipient domain.
 * $1 = recipient domain. Reads at most the global cap's worth of rows (dmv_verification_token_created_idx).
 */
export const MAIL_WINDOW_SQL = `
SELECT count(*)::int AS total, (count(*) FILTER (WHERE recipient_domain = $1))::int AS domain
  FROM dmv_verification_token
 WHERE created_at > now() - interval '24 hours'`;

export interface CountRow {
  n: number;
}

/** Verification emails of one registration in the last 24 hours. $1 = registration id. */
export const REGISTRATION_MAILS_TODAY_SQL = `
SELECT count(*)::int AS n FROM dmv_verification_token
 WHERE registration_id = $1 AND created_at > now() - interval '24 hours'`;

/** Ends every unused link of a registration (only the newest link works). $1 = registration id. */
export const EXPIRE_OPEN_TOKENS_SQL = `
UPDATE dmv_verification_token SET expires_at = least(expires_at, now())
 WHERE registration_id = $1 AND used_at IS NULL`;

/** Consumes a token once, while it is valid; one row back when this call consumed it. $1 = token id. */
export const CONSUME_TOKEN_SQL = `
UPDATE dmv_verification_token SET used_at = now()
 WHERE id = $1 AND used_at IS NULL AND expires_at > now()
RETURNING id`;
