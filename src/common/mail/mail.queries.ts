import type { OutboundMailStatus } from './outbound-mail.entity.js';

/** A queued message claimed for one delivery attempt. */
export interface ClaimedMailRow {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** The real content when the stored one is redacted (mail-secrets.ts). */
  sealed_content: string | null;
  message_id: string;
  attempts: number;
}

export interface MailStatusRow {
  status: OutboundMailStatus;
}

export interface OutboxListRow {
  id: string;
  to_address: string;
  subject: string;
  status: OutboundMailStatus;
  attempts: number;
  relay_response: string | null;
  message_id: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** A message as the local mail viewer shows it (/dev/mail). */
export interface ViewerMailRow {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  redacted: boolean;
  sealed_content: string | null;
  status: OutboundMailStatus;
  local_delivery: boolean;
  relay_response: string | null;
  message_id: string | null;
  created_at: Date;
}

export interface MailCountRow {
  status: OutboundMailStatus;
  n: number;
}

export const MAIL_QUERIES = {
  /**
   * Claims a queued message for one attempt: a lease longer than the relay timeouts, so the inline
   * attempt and the worker (on any instance) never talk to the relay about one message at once.
   */
  claim: `
    UPDATE outbound_mail SET claimed_until = now() + $2::interval, attempts = attempts + 1
     WHERE id = $1 AND status = 'queued' AND (claimed_until IS NULL OR claimed_until < now())
     RETURNING id, to_address, from_address, subject, text_body, html_body, sealed_content, message_id, attempts`,
  status: `SELECT status FROM outbound_mail WHERE id = $1`,
  /** Sent: the sealed copy of its one-time secrets is erased. */
  markSent: `
    UPDATE outbound_mail SET status = 'sent', relay_response = $2, sent_at = now(), claimed_until = NULL, sealed_content = NULL
     WHERE id = $1`,
  /** Still queued, or ended (dead, failed): an ended message keeps no sealed secret. */
  markAttempt: `
    UPDATE outbound_mail SET status = $2, relay_response = $3, claimed_until = NULL,
           sealed_content = CASE WHEN $2::varchar = 'queued' THEN sealed_content END
     WHERE id = $1`,
  list: `
    SELECT id, to_address, subject, status, attempts, relay_response, message_id, created_at, sent_at
      FROM outbound_mail WHERE status = $1 ORDER BY created_at DESC LIMIT $2`,
  /** A redacted message whose sealed copy was erased cannot be sent again (its sender issues a new secret). */
  requeue: `
    UPDATE outbound_mail SET status = 'queued', claimed_until = NULL
     WHERE id = $1 AND status IN ('dead', 'failed', 'held') AND (NOT redacted OR sealed_content IS NOT NULL)
     RETURNING id`,
  /** The local mail viewer: the newest messages, whole. */
  viewerList: `
    SELECT id, to_address, from_address, subject, text_body, html_body, redacted, sealed_content, status, local_delivery,
           relay_response, message_id, created_at
      FROM outbound_mail ORDER BY created_at DESC, id LIMIT $1`,
  viewerOne: `
    SELECT id, to_address, from_address, subject, text_body, html_body, redacted, sealed_content, status, local_delivery,
           relay_response, message_id, created_at
      FROM outbound_mail WHERE id = $1`,
  counts: `SELECT status, count(*)::int AS n FROM outbound_mail GROUP BY status`,
} as const;
