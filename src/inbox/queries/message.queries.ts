// The inbox's hot SQL: listing, matching a wait, the rows a read returns, and storing mail.

/** The LISTEN/NOTIFY channel; payload `<agent id>:<message id>`. */
export const NOTIFY_CHANNEL = 'inbox_mail';

/** Columns every list item needs (never the raw source or the body). */
export const LIST_COLUMNS = `id, direction, status, from_address, from_name, to_addresses, subject, received_at, sent_at, otp_code`;

export interface MessageListRow {
  id: string;
  direction: 'inbound' | 'outbound';
  status: string;
  from_address: string;
  from_name: string | null;
  to_addresses: string[];
  subject: string;
  received_at: Date;
  sent_at: Date | null;
  otp_code: string | null;
}

export interface MessageReadRow extends MessageListRow {
  cc_addresses: string[];
  message_id: string | null;
  text_body: string;
  text_truncated: boolean;
  headers: Record<string, string>;
  auth: { spf: string; dkim: string; dmarc: string; verdict: string } | null;
  otp: { code: string | null; confidence: number; candidates: Array<{ code: string; confidence: number }> } | null;
  links: string[];
  attachments: Array<{ filename: string | null; content_type: string; size: number }>;
  size_bytes: number;
  delivery_note: string | null;
}

export const READ_COLUMNS = `${LIST_COLUMNS}, cc_addresses, message_id, text_body, text_truncated, headers, auth, otp, links, attachments, size_bytes, delivery_note`;

export interface MessageFilter {
  direction?: 'inbound' | 'outbound';
  from?: string;
  subjectContains?: string;
  hasOtp?: boolean;
  since?: Date;
}

/** `WHERE` clauses and parameters for a mailbox's messages ($1 is the agent id). */
export function filterSql(agentId: string, filter: MessageFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [agentId];
  const clauses = ['agent_id = $1'];
  if (filter.direction) {
    params.push(filter.direction);
    clauses.push(`direction = $${params.length}`);
  }
  if (filter.from) {
    params.push(`%${escapeLike(filter.from.toLowerCase())}%`);
    clauses.push(`(lower(from_address) LIKE $${params.length} OR lower(coalesce(from_name, '')) LIKE $${params.length})`);
  }
  if (filter.subjectContains) {
    params.push(`%${escapeLike(filter.subjectContains.toLowerCase())}%`);
    clauses.push(`lower(subject) LIKE $${params.length}`);
  }
  if (filter.hasOtp !== undefined) clauses.push(filter.hasOtp ? 'otp_code IS NOT NULL' : 'otp_code IS NULL');
  if (filter.since) {
    params.push(filter.since);
    clauses.push(`received_at >= $${params.length}`);
  }
  return { where: clauses.join(' AND '), params };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Whether a stored message matches a wait's filters (the same semantics as filterSql). */
export function matchesFilter(row: MessageListRow, filter: MessageFilter): boolean {
  if (filter.direction && row.direction !== filter.direction) return false;
  if (filter.from) {
    const needle = filter.from.toLowerCase();
    if (!row.from_address.toLowerCase().includes(needle) && !(row.from_name ?? '').toLowerCase().includes(needle)) return false;
  }
  if (filter.subjectContains && !row.subject.toLowerCase().includes(filter.subjectContains.toLowerCase())) return false;
  if (filter.hasOtp !== undefined && (row.otp_code !== null) !== filter.hasOtp) return false;
  if (filter.since && row.received_at.getTime() < filter.since.getTime()) return false;
  return true;
}


/**
 * Stores one inbound message for one or more mailboxes and notifies their waiters, in ONE
 * statement (atomic on its own; NOTIFY is delivered at commit). $1 is the array of agent ids.
 */
export const INSERT_INBOUND_SQL = `
  WITH stored AS (
    INSERT INTO inbox_message (agent_id, direction, status, from_address, from_name, to_addresses, cc_addresses, envelope_from,
      subject, message_id, sent_at, text_body, text_truncated, headers, auth, otp_code, otp, links, attachments, size_bytes,
      remote_ip, delivery_note, raw, expires_at)
    SELECT recipient, 'inbound', 'received', $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14,
      $15::jsonb, $16::jsonb, $17::jsonb, $18, $19, NULL, $20, $21
      FROM unnest($1::uuid[]) AS recipient
    RETURNING id, agent_id
  )
  SELECT id, agent_id, pg_notify('${NOTIFY_CHANNEL}', agent_id || ':' || id) FROM stored`;
