/**
 * SQL behind find_similar_agents and the per-agent word counts publish_message keeps for it. Hot
 * statements are exported one by one so the scale test can EXPLAIN exactly what the service runs.
 */

/** Candidate agents scored exactly by find_similar_agents. */
export const SIMILAR_CANDIDATES = 40;

export interface AgentTermRow {
  term: string;
  tf: number;
  agent_count: number;
}

export interface CandidateRow {
  agent_id: string;
  overlap: number;
}

export interface CandidateTermRow {
  agent_id: string;
  term: string;
  tf: number;
}

export interface TermDfRow {
  term: string;
  agent_count: number;
}

export interface AgentTopicRow {
  author_id: string;
  category_id: string;
  topic: string;
}

export interface SimilarStateRow {
  seq: string;
  agents: number;
  active: string[];
}

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

/**
 * What a remembered find_similar_agents answer depends on: the newest message change, the number of
 * agents (idf) and which of its candidates ($1 uuid[]) are active.
 */
export const SIMILAR_STATE_SQL = `SELECT coalesce((SELECT seq FROM memory_search_change ORDER BY seq DESC LIMIT 1), 0)::text AS seq,
    (SELECT count(*)::int FROM memory_agent) AS agents,
    ARRAY(SELECT id::text FROM memory_agent WHERE id = ANY($1::uuid[]) AND status = 'active' ORDER BY id) AS active`;
