/**
 * SQL behind find_similar_agents and the per-agent word counts publish_message keeps for it. Hot
 * statements are exported one by one so the scale test can EXPLAIN exactly what the service runs.
 */

/** Candidate agents scored exactly by find_similar_agents. */
export const SIMILAR_CANDIDATES = 40;

export interface AgentTopicRow {
  author_id: string;
  category_id: string;
  topic: string;
}

/** A row of {@link SIGNATURE_CHUNK_SQL} and {@link SIGNATURE_ROWS_SQL}. */
export interface AgentSignatureSqlRow {
  id: string;
  handle: string;
  profile: string | null;
  status: string;
  terms: string[];
  tfs: number[];
}

/**
 * One chunk of the signatures' build: up to $2 agents with id > $1 (uuid), ordered by id, each with its
 * handle, profile and status and its words and counts in code-point order of the word (no words: empty
 * arrays — it still counts in N). Where they published is read by {@link AGENT_TOPICS_SQL}.
 */
export const SIGNATURE_CHUNK_SQL = `SELECT a.id::text AS id, a.handle, a.profile, a.status, coalesce(w.terms, '{}') AS terms, coalesce(w.tfs, '{}') AS tfs
  FROM (SELECT id, handle, profile, status FROM memory_agent WHERE id > $1::uuid ORDER BY id LIMIT $2) a
  LEFT JOIN LATERAL (
    SELECT array_agg(t.term ORDER BY t.term COLLATE "C") AS terms, array_agg(t.tf ORDER BY t.term COLLATE "C") AS tfs
    FROM memory_agent_term t WHERE t.agent_id = a.id
  ) w ON true
  ORDER BY a.id`;

/** The rows of {@link SIGNATURE_CHUNK_SQL} of the agents among $1 (uuid[]) that exist (changed since the last sync). */
export const SIGNATURE_ROWS_SQL = `SELECT a.id::text AS id, a.handle, a.profile, a.status, coalesce(w.terms, '{}') AS terms, coalesce(w.tfs, '{}') AS tfs
  FROM memory_agent a
  LEFT JOIN LATERAL (
    SELECT array_agg(t.term ORDER BY t.term COLLATE "C") AS terms, array_agg(t.tf ORDER BY t.term COLLATE "C") AS tfs
    FROM memory_agent_term t WHERE t.agent_id = a.id
  ) w ON true
  WHERE a.id = ANY($1::uuid[])`;

/**
 * Where agents ($1 uuid[]) published: distinct (category, topic) pairs. A skip scan of
 * memory_message_author_topic_idx (author_id, category_id, topic): each step jumps to the agent's next
 * pair, so it costs one index probe per pair (plus one per agent) however many messages the agent
 * wrote — `SELECT DISTINCT` over the messages read every message of every candidate (4,100 rows from
 * 4,100 heap pages for 41 agents at 1M messages).
 */
export const AGENT_TOPICS_SQL = `WITH RECURSIVE pairs AS (
    SELECT a.id AS author_id, first.category_id, first.topic
    FROM (SELECT DISTINCT id FROM unnest($1::uuid[]) AS u(id)) a
    CROSS JOIN LATERAL (
      SELECT m.category_id, m.topic FROM memory_message m
      WHERE m.author_id = a.id ORDER BY m.category_id, m.topic LIMIT 1
    ) first
    UNION ALL
    SELECT p.author_id, next.category_id, next.topic
    FROM pairs p
    CROSS JOIN LATERAL (
      SELECT m.category_id, m.topic FROM memory_message m
      WHERE m.author_id = p.author_id AND (m.category_id, m.topic) > (p.category_id, p.topic)
      ORDER BY m.category_id, m.topic LIMIT 1
    ) next
  )
  SELECT author_id, category_id, topic FROM pairs`;

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
