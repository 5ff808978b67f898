// Operators' mailbox SQL: usage counters per mailbox and held outbound mail.

/** A mailbox with its usage counters (bigint counts arrive as strings). */
export interface UsageRow {
  agent_id: string;
  owner_id: string;
  handle: string;
  status: string;
  status_reason: string | null;
  inbound: string;
  outbound: string;
  bytes: string;
  held: string;
  suppressed: string;
  last_received_at: Date | null;
}

const USAGE_SQL = `
  SELECT m.agent_id, m.owner_id, m.handle, m.status, m.status_reason,
         count(*) FILTER (WHERE x.direction = 'inbound') AS inbound,
         count(*) FILTER (WHERE x.direction = 'outbound') AS outbound,
         coalesce(sum(x.size_bytes), 0) AS bytes,
         count(*) FILTER (WHERE x.status = 'held') AS held,
         (SELECT count(*) FROM inbox_suppression s WHERE s.agent_id = m.agent_id) AS suppressed,
         max(x.received_at) FILTER (WHERE x.direction = 'inbound') AS last_received_at
    FROM inbox_mailbox m LEFT JOIN inbox_message x ON x.agent_id = m.agent_id`;

/** Every mailbox's usage, most recently active first. $1 = limit, $2 = offset. */
export const LIST_USAGE_SQL = `${USAGE_SQL} GROUP BY m.agent_id ORDER BY max(x.received_at) DESC NULLS LAST, m.handle LIMIT $1 OFFSET $2`;

/** One mailbox's usage. $1 = agent id. */
export const MAILBOX_USAGE_SQL = `${USAGE_SQL} WHERE m.agent_id = $1 GROUP BY m.agent_id`;

/** How many mailbox rows exist (LIST_USAGE_SQL's total). */
export const COUNT_MAILBOXES_SQL = `SELECT count(*)::int AS total FROM inbox_mailbox`;

export interface MailboxCountRow {
  total: number;
}

export interface HeldMessageRow {
  id: string;
  handle: string;
  to_addresses: string[];
  subject: string;
  received_at: Date;
  delivery_note: string | null;
}

/** Outbound mail held for want of a relay, newest first. $1 = limit, $2 = offset. */
export const HELD_MESSAGES_SQL = `
  SELECT x.id, m.handle, x.to_addresses, x.subject, x.received_at, x.delivery_note
    FROM inbox_message x JOIN inbox_mailbox m ON m.agent_id = x.agent_id
   WHERE x.status = 'held' ORDER BY x.received_at DESC LIMIT $1 OFFSET $2`;

/**
 * Creates an agent's mailbox row (a no-op when it exists), its usage counter starting from the
 * messages already stored. $1 = agent id, $2 = owner id, $3 = handle.
 */
export const ENSURE_MAILBOX_SQL = `
  INSERT INTO inbox_mailbox (agent_id, owner_id, handle, used_bytes)
  SELECT $1, $2, $3, (SELECT coalesce(sum(size_bytes), 0) FROM inbox_message WHERE agent_id = $1)
  ON CONFLICT DO NOTHING`;

/** Locks mailbox rows in one order (two multi-recipient stores never deadlock). $1 = agent ids. */
export const LOCK_MAILBOX_ROWS_SQL = `SELECT agent_id FROM inbox_mailbox WHERE agent_id = ANY($1::uuid[]) ORDER BY agent_id FOR UPDATE`;

/** Adds $2 bytes to one mailbox's counter (an outbound copy). */
export const ADD_USED_BYTES_SQL = `UPDATE inbox_mailbox SET used_bytes = used_bytes + $2 WHERE agent_id = $1`;

/** Takes deleted messages' bytes off their mailboxes' counters. $1 = agent ids, $2 = bytes (bigint[]), in pairs. */
export const RELEASE_USED_BYTES_SQL = `
  UPDATE inbox_mailbox m SET used_bytes = greatest(m.used_bytes - d.bytes, 0)
    FROM unnest($1::uuid[], $2::bigint[]) AS d(agent_id, bytes)
   WHERE m.agent_id = d.agent_id`;

export interface MailboxUsedRow {
  agent_id: string;
  /** bigint, as a string. */
  used_bytes: string;
}

/** The counters of some mailboxes (rows that exist). $1 = agent ids. */
export const MAILBOX_USED_SQL = `SELECT agent_id, used_bytes FROM inbox_mailbox WHERE agent_id = ANY($1::uuid[])`;

/** A held outbound message as the local mail viewer shows it (whole text). */
export interface ViewerHeldRow {
  id: string;
  handle: string;
  to_addresses: string[];
  subject: string;
  text_body: string;
  received_at: Date;
  delivery_note: string | null;
  message_id: string | null;
}

const VIEWER_HELD_COLUMNS = `x.id, m.handle, x.to_addresses, x.subject, x.text_body, x.received_at, x.delivery_note, x.message_id`;

/** Held outbound mail for the local mail viewer, newest first. $1 = limit. */
export const VIEWER_HELD_SQL = `
  SELECT ${VIEWER_HELD_COLUMNS}
    FROM inbox_message x JOIN inbox_mailbox m ON m.agent_id = x.agent_id
   WHERE x.status = 'held' AND x.direction = 'outbound' ORDER BY x.received_at DESC LIMIT $1`;

/** One held outbound message for the local mail viewer. $1 = id. */
export const VIEWER_HELD_ONE_SQL = `
  SELECT ${VIEWER_HELD_COLUMNS}
    FROM inbox_message x JOIN inbox_mailbox m ON m.agent_id = x.agent_id
   WHERE x.id = $1 AND x.status = 'held' AND x.direction = 'outbound'`;
