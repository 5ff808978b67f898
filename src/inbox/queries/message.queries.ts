// The inbox's message SQL: listing, matching a wait, the rows a read returns, storing mail and the
// retention sweep. Statements and their row types only; services run them.

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

/** One page of a mailbox's messages, newest first; `cursor` is the last row of the previous page. */
export function listMessagesQuery(
  agentId: string,
  filter: MessageFilter,
  cursor: [Date, string] | undefined,
  limit: number,
): { text: string; params: unknown[] } {
  const { where, params } = filterSql(agentId, filter);
  let clause = where;
  if (cursor) {
    params.push(cursor[0], cursor[1]);
    clause += ` AND (received_at, id) < ($${params.length - 1}, $${params.length})`;
  }
  params.push(limit);
  return {
    text: `SELECT ${LIST_COLUMNS} FROM inbox_message WHERE ${clause} ORDER BY received_at DESC, id DESC LIMIT $${params.length}`,
    params,
  };
}

/** The newest message of a mailbox that matches the filters (a wait's first look). */
export function newestMatchQuery(agentId: string, filter: MessageFilter): { text: string; params: unknown[] } {
  const { where, params } = filterSql(agentId, filter);
  return { text: `SELECT ${READ_COLUMNS} FROM inbox_message WHERE ${where} ORDER BY received_at DESC, id DESC LIMIT 1`, params };
}

/** One message of a mailbox. $1 = message id, $2 = agent id. Rows: MessageReadRow. */
export const READ_MESSAGE_SQL = `SELECT ${READ_COLUMNS} FROM inbox_message WHERE id = $1 AND agent_id = $2`;

/** The messages a wait was woken for. $1 = message ids, $2 = agent id. Rows: MessageReadRow. */
export const READ_MESSAGES_SQL = `SELECT ${READ_COLUMNS} FROM inbox_message WHERE id = ANY($1::uuid[]) AND agent_id = $2 ORDER BY received_at DESC, id DESC`;

/** Subscribes a listening connection to new-mail notifications. */
export const LISTEN_SQL = `LISTEN ${NOTIFY_CHANNEL}`;

/** How many expired messages one retention statement deletes at most. */
export const RETENTION_BATCH = 1000;

/**
 * Deletes up to RETENTION_BATCH messages past their expiry, skipping rows another instance holds.
 * $1 = now. Rows: { id, raw_id, agent_id, size_bytes }.
 */
export const DELETE_EXPIRED_SQL = `
  DELETE FROM inbox_message WHERE id IN (
    SELECT id FROM inbox_message WHERE expires_at <= $1 ORDER BY expires_at LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED
  ) RETURNING id, raw_id, agent_id, size_bytes`;

/**
 * Deletes the raw sources among $1 (uuid[]) that no message points to any more (run after the
 * messages' DELETE, in its transaction: one statement cannot see its own deletions).
 */
export const DELETE_UNREFERENCED_RAW_SQL = `
  DELETE FROM inbox_raw_message r WHERE r.id = ANY($1::uuid[])
     AND NOT EXISTS (SELECT 1 FROM inbox_message m WHERE m.raw_id = r.id)`;

/**
 * Deletes up to RETENTION_BATCH raw sources no message points to that are older than $1: the ones
 * whose last messages were deleted some other way, or by two transactions at once. Rows: { id }.
 */
export const DELETE_ORPHAN_RAW_SQL = `
  DELETE FROM inbox_raw_message WHERE id IN (
    SELECT r.id FROM inbox_raw_message r
     WHERE r.created_at < $1 AND NOT EXISTS (SELECT 1 FROM inbox_message m WHERE m.raw_id = r.id)
     LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED
  ) RETURNING id`;

/** The rows INSERT_INBOUND_SQL returns: one per recipient mailbox. */
export interface InsertedInboundRow {
  id: string;
  agent_id: string;
}

/**
 * Stores one inbound message for one or more mailboxes and notifies their waiters, in ONE
 * statement (atomic on its own; NOTIFY is delivered at commit). $1 is the array of agent ids
 * (distinct). Each mailbox's counter is raised by the message's size only if that keeps it within
 * the quota ($23; 0 = none: the row lock and re-check of UPDATE make this exact under concurrency);
 * the rows are written only when EVERY mailbox was admitted. With one recipient nothing then
 * changes when it is refused; with several, the caller runs it in a transaction and rolls back when
 * fewer rows than recipients come back. The raw source is stored ONCE ($20, when $22 is null) and
 * every recipient's row points to it; $22 = an existing raw source instead (a local copy of an inbox_send).
 */
export const INSERT_INBOUND_SQL = `
  WITH admitted AS (
    UPDATE inbox_mailbox SET used_bytes = used_bytes + $18
     WHERE agent_id = ANY($1::uuid[]) AND ($23::bigint = 0 OR used_bytes + $18 <= $23::bigint)
    RETURNING agent_id
  ), complete AS (
    SELECT count(*) = cardinality($1::uuid[]) AS ok FROM admitted
  ), source AS (
    INSERT INTO inbox_raw_message (raw, size_bytes)
    SELECT $20::bytea, $18 WHERE $22::uuid IS NULL AND (SELECT ok FROM complete) RETURNING id
  ), stored AS (
    INSERT INTO inbox_message (agent_id, direction, status, from_address, from_name, to_addresses, cc_addresses, envelope_from,
      subject, message_id, sent_at, text_body, text_truncated, headers, auth, otp_code, otp, links, attachments, size_bytes,
      remote_ip, delivery_note, raw_id, expires_at)
    SELECT admitted.agent_id, 'inbound', 'received', $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14,
      $15::jsonb, $16::jsonb, $17::jsonb, $18, $19, NULL, coalesce($22::uuid, (SELECT id FROM source)), $21
      FROM admitted WHERE (SELECT ok FROM complete)
    RETURNING id, agent_id
  )
  SELECT id, agent_id, pg_notify('${NOTIFY_CHANNEL}', agent_id || ':' || id) FROM stored`;

/** Stores a raw source on its own (the outbound copy of inbox_send). $1 = raw, $2 = size. Rows: { id }. */
export const INSERT_RAW_SQL = `INSERT INTO inbox_raw_message (raw, size_bytes) VALUES ($1, $2) RETURNING id`;

/**
 * Whether a mailbox really sent a message with one of the given Message-IDs to an address (a
 * bounce or complaint must name one). $1 = agent id, $2 = Message-IDs (text[]), $3 = address
 * (lower case). Rows: { id }.
 */
export const SENT_TO_SQL = `
  SELECT id FROM inbox_message
   WHERE agent_id = $1 AND direction = 'outbound' AND message_id = ANY($2::text[])
     AND (to_addresses ? $3 OR cc_addresses ? $3)
   LIMIT 1`;
