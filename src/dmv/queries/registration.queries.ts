import type { DmvRegistrationSource } from '../dmv.types.js';

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

/** A registration as operators list it. */
export interface AdminRegistrationRow {
  certificate_id: string;
  agent_name: string;
  domain: string;
  registration_type: string;
  operator_name: string;
  contact_email: string;
  description: string | null;
  source: DmvRegistrationSource;
  created_at: Date;
  contact_verified_at: Date | null;
  withdrawn_at: Date | null;
  withdrawn_reason: string | null;
  withdrawn_by: string | null;
}

/**
 * The operators' filter, each condition skipped when its parameter is NULL: $1 = agent_name LIKE
 * pattern, $2 = contact email (whole), $3 = source, $4 = created at or after.
 */
const ADMIN_FILTER = `
 WHERE ($1::text IS NULL OR agent_name LIKE $1)
   AND ($2::text IS NULL OR contact_email = $2)
   AND ($3::text IS NULL OR source = $3)
   AND ($4::timestamptz IS NULL OR created_at >= $4)`;

/** Registrations matching the operators' filter ($1–$4, see ADMIN_FILTER), newest first. $5 = limit, $6 = offset. */
export const ADMIN_LIST_SQL = `
SELECT certificate_id, agent_name, domain, registration_type, operator_name, contact_email, description, source,
       created_at, contact_verified_at, withdrawn_at, withdrawn_reason, withdrawn_by
  FROM dmv_registration${ADMIN_FILTER}
 ORDER BY created_at DESC, id DESC
 LIMIT $5 OFFSET $6`;

export interface AdminCountRow {
  total: number;
}

/** How many registrations ADMIN_LIST_SQL pages through ($1–$4 as there). */
export const ADMIN_COUNT_SQL = `SELECT count(*)::int AS total FROM dmv_registration${ADMIN_FILTER}`;
