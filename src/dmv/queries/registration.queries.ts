/**
 * The DMV's hand-written statements about registrations (STYLE R13). Simple reads and writes go
 * through the TypeORM repositories; what needs a lock, a window or a partial update is here.
 */

/**
 * Serialises registrations per mailbox (the per-mailbox daily cap and the name+address check hold
 * under races). $1 = the mailbox key (common/validation/email-address.ts mailboxKey).
 */
export const LOCK_MAILBOX_SQL = `SELECT pg_advisory_xact_lock(hashtext('dmv-mailbox:' || $1::text))`;

export interface MailboxWindowRow {
  n: number;
  oldest: Date | null;
}

/** New registrations of one mailbox in the last 24 hours, and the oldest of them. $1 = mailbox key. */
export const MAILBOX_WINDOW_SQL = `
SELECT count(*)::int AS n, min(created_at) AS oldest
  FROM dmv_registration
 WHERE contact_mailbox = $1 AND created_at > now() - interval '24 hours'`;

export interface ResendTargetRow {
  id: string;
  certificate_id: string;
  domain: string;
  contact_email: string;
  contact_verified_at: Date | null;
  withdrawn_at: Date | null;
}

/** The registration a resend is about, locked until the resend's transaction ends. $1 = certificate ID. */
export const RESEND_TARGET_SQL = `
SELECT id, certificate_id, domain, contact_email, contact_verified_at, withdrawn_at
  FROM dmv_registration
 WHERE certificate_id = $1
   FOR UPDATE`;

/** Marks the contact verified (first time only). $1 = registration id. */
export const MARK_CONTACT_VERIFIED_SQL = `
UPDATE dmv_registration SET contact_verified_at = now() WHERE id = $1 AND contact_verified_at IS NULL`;

/**
 * Withdraws a registration unless it is withdrawn already (a racing withdrawal keeps its own reason).
 * $1 = registration id, $2 = time, $3 = reason, $4 = operator name.
 */
export const WITHDRAW_REGISTRATION_SQL = `
UPDATE dmv_registration SET withdrawn_at = $2, withdrawn_reason = $3, withdrawn_by = $4 WHERE id = $1 AND withdrawn_at IS NULL`;
