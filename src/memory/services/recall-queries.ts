/**
 * The SQL behind Recall's hot reads. Kept in one place so the scale test can EXPLAIN exactly what the
 * service runs. Every list is bounded and served by an index. search_memory ranks in process
 * (message-search.ts) and reads only the returned page here.
 */

/** Candidate agents scored exactly by find_similar_agents. */
export const SIMILAR_CANDIDATES = 40;

const visible = (includeFlagged: boolean, alias = 'm') =>
  `${alias}.hidden_at IS NULL${includeFlagged ? '' : ` AND ${alias}.flags = '{}'`}`;

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

/** list_topics: $1 category id, $2 limit, $3 offset. */
/** Topics are aggregated over at most this many of a category's latest messages (an anonymous query stays bounded). */
export const LIST_TOPICS_WINDOW = 10_000;

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

/** The words an agent published, with tf and df. $1 agent id. */
export const AGENT_TERMS_SQL = `SELECT t.term, t.tf, d.agent_count
  FROM memory_agent_term t JOIN memory_term d ON d.term = t.term
  WHERE t.agent_id = $1`;

/**
 * Candidate agents sharing the target's strongest words. $1 text[] terms, $2 float8[] weights,
 * $3 the target's id.
 */
export const SIMILAR_CANDIDATES_SQL = `SELECT t.agent_id, sum((1 + ln(t.tf)) * w.weight) AS overlap
  FROM memory_agent_term t
  JOIN unnest($1::text[], $2::float8[]) AS w(term, weight) ON w.term = t.term
  WHERE t.term = ANY($1::text[]) AND t.agent_id <> $3
  GROUP BY t.agent_id
  ORDER BY overlap DESC, t.agent_id
  LIMIT ${SIMILAR_CANDIDATES}`;

/** Every word of the candidate agents ($1 uuid[]). */
export const CANDIDATE_TERMS_SQL = `SELECT t.agent_id, t.term, t.tf
  FROM memory_agent_term t WHERE t.agent_id = ANY($1::uuid[])`;

/** Document frequencies ($1 text[]). */
export const TERM_DF_SQL = `SELECT term, agent_count FROM memory_term WHERE term = ANY($1::text[])`;

/** Where agents ($1 uuid[]) published: distinct (category, topic) pairs. */
export const AGENT_TOPICS_SQL = `SELECT DISTINCT m.author_id, m.category_id, m.topic
  FROM memory_message m WHERE m.author_id = ANY($1::uuid[])`;

/**
 * Adds an agent's word counts ($1 agent id, $2 text[] terms sorted, $3 int[] counts) and, for words
 * new to that agent, one more agent to the word's document frequency.
 */
export const ADD_AGENT_TERMS_SQL = `WITH input AS (
    SELECT term, n FROM unnest($2::text[], $3::int[]) AS x(term, n)
  ), upserted AS (
    INSERT INTO memory_agent_term (agent_id, term, tf)
    SELECT $1, term, n FROM input
    ON CONFLICT (agent_id, term) DO UPDATE SET tf = memory_agent_term.tf + EXCLUDED.tf
    RETURNING term, (xmax = 0) AS inserted
  )
  INSERT INTO memory_term (term, agent_count)
  SELECT term, 1 FROM upserted WHERE inserted ORDER BY term
  ON CONFLICT (term) DO UPDATE SET agent_count = memory_term.agent_count + 1`;

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

/**
 * What a remembered find_similar_agents answer depends on: the newest message change, the number of
 * agents (idf) and which of its candidates ($1 uuid[]) are active.
 */
export const SIMILAR_STATE_SQL = `SELECT coalesce((SELECT seq FROM memory_search_change ORDER BY seq DESC LIMIT 1), 0)::text AS seq,
    (SELECT count(*)::int FROM memory_agent) AS agents,
    ARRAY(SELECT id::text FROM memory_agent WHERE id = ANY($1::uuid[]) AND status = 'active' ORDER BY id) AS active`;
