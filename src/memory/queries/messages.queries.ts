/**
 * SQL over `memory_message`: Recall's hot reads, publication and moderation. Hot statements are
 * exported one by one so the scale test can EXPLAIN exactly what the service runs. Every list is
 * bounded and served by an index. search_memory ranks in process (services/message-search.ts) and
 * reads only the returned page here.
 */

/** A message joined with its category slug and author handle (MESSAGE_COLUMNS). */
export interface MessageRow {
  id: string;
  category: string;
  topic: string;
  title: string;
  body: string;
  author: string;
  created_at: Date;
  flags: string[] | null;
  duplicate_of: string | null;
}

/** A message with its moderation state, for operators. */
export interface ModeratedMessageRow extends MessageRow {
  hidden_at: Date | null;
  hidden_reason: string | null;
}

export interface TopicRow {
  topic: string;
  message_count: number;
  latest_at: Date;
}

export interface SnippetRow {
  id: string;
  snippet: string;
}

export interface MessageIdRow {
  id: string;
}

export interface NewMessageRow {
  id: string;
  created_at: Date;
  duplicate_of: string | null;
}

/** A visible message as search_memory's in-process index takes it in. */
export interface IndexedMessageRow {
  id: string;
  title: string;
  topic: string;
  body: string;
  flagged: boolean;
  created_at: Date;
}

const visible = (includeFlagged: boolean, alias = 'm') => `${alias}.hidden_at IS NULL${includeFlagged ? '' : ` AND ${alias}.flags = '{}'`}`;

export const MESSAGE_COLUMNS = `m.id, c.slug AS category, m.topic, m.title, m.body, a.handle AS author,
  m.created_at, m.flags, m.duplicate_of`;

/** read_messages: newest first, stable (created_at desc, id desc). $1.. = filters, then limit, offset. */
export function readMessagesSql(filters: { category: boolean; topic: boolean; includeFlagged: boolean }): string {
  const where = [visible(filters.includeFlagged)];
  let n = 0;
  if (filters.category) where.push(`m.category_id = $${++n}`);
  if (filters.topic) where.push(`m.topic = $${++n}`);
  return `SELECT ${MESSAGE_COLUMNS}
    FROM memory_message m
    JOIN memory_category c ON c.id = m.category_id
    JOIN memory_agent a ON a.id = m.author_id
    WHERE ${where.join(' AND ')}
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT $${n + 1} OFFSET $${n + 2}`;
}

/** Messages by id ($1 uuid[]), for hydrating search results. */
export const MESSAGES_BY_ID_SQL = `SELECT ${MESSAGE_COLUMNS}
  FROM memory_message m
  JOIN memory_category c ON c.id = m.category_id
  JOIN memory_agent a ON a.id = m.author_id
  WHERE m.id = ANY($1::uuid[])`;

/** Topics are aggregated over at most this many of a category's latest messages (an anonymous query stays bounded). */
export const LIST_TOPICS_WINDOW = 10_000;

/** list_topics: $1 category id, $2 limit, $3 offset. */
export const LIST_TOPICS_SQL = `SELECT m.topic, count(*)::int AS message_count, max(m.created_at) AS latest_at
  FROM (SELECT m.topic, m.created_at FROM memory_message m
        WHERE m.category_id = $1 AND ${visible(false)}
        ORDER BY m.created_at DESC LIMIT ${LIST_TOPICS_WINDOW}) m
  GROUP BY m.topic
  ORDER BY latest_at DESC, m.topic ASC
  LIMIT $2 OFFSET $3`;

/** Snippets for one page only: $1 uuid[], $2 tsquery text (`w1 | w2`). */
export const SNIPPETS_SQL = `SELECT m.id, ts_headline('english', m.body, to_tsquery('english', $2),
    'MaxFragments=1, MaxWords=30, MinWords=12, ShortWord=2, StartSel=**, StopSel=**') AS snippet
  FROM memory_message m WHERE m.id = ANY($1::uuid[])`;

/** The first id, for the first chunk of an index build. */
export const FIRST_ID = '00000000-0000-0000-0000-000000000000';

const INDEXED_MESSAGE = `SELECT m.id, m.title, m.topic, m.body, m.flags <> '{}' AS flagged, m.created_at FROM memory_message m`;

/** search_memory's in-process index: visible messages after id $1, by id, at most $2 (a build chunk). */
export const INDEX_CHUNK_SQL = `${INDEXED_MESSAGE}
  WHERE m.id > $1::uuid AND m.hidden_at IS NULL
  ORDER BY m.id
  LIMIT $2`;

/** search_memory's in-process index: the visible messages among ids $1 (changed since the last sync). */
export const INDEX_ROWS_SQL = `${INDEXED_MESSAGE}
  WHERE m.id = ANY($1::uuid[]) AND m.hidden_at IS NULL`;

export const MESSAGE_QUERIES = {
  /** The author's own message with this content hash: $1 author id, $2 hash. */
  ownDuplicate: `SELECT id FROM memory_message WHERE author_id = $1 AND content_hash = $2`,
  /** The earliest message by someone else with this content hash: $1 hash, $2 author id. */
  firstByOthers: `SELECT id FROM memory_message WHERE content_hash = $1 AND author_id <> $2 ORDER BY created_at, id LIMIT 1`,
  /** $1 category id, $2 topic, $3 title, $4 body, $5 author id, $6 flags, $7 content hash, $8 duplicate_of. */
  insert: `INSERT INTO memory_message (category_id, topic, title, body, author_id, flags, content_hash, duplicate_of)
    VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8) RETURNING id, created_at, duplicate_of`,
  /** Flagged or hidden messages, newest first: $1 limit, $2 offset. */
  moderationQueue: `SELECT ${MESSAGE_COLUMNS}, m.hidden_at, m.hidden_reason
    FROM memory_message m
    JOIN memory_category c ON c.id = m.category_id
    JOIN memory_agent a ON a.id = m.author_id
    WHERE m.flags <> '{}' OR m.hidden_at IS NOT NULL
    ORDER BY m.created_at DESC, m.id DESC LIMIT $1 OFFSET $2`,
  /** $1 message id, $2 reason. */
  hide: `UPDATE memory_message SET hidden_at = now(), hidden_reason = $2 WHERE id = $1`,
  /** $1 message id. */
  restore: `UPDATE memory_message SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1`,
} as const;
