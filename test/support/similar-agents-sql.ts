// find_similar_agents as main computed it before the signatures moved into memory (commit e35afa4,
// src/memory/services/similar-agents.ts `compute`): every step a query, the candidates' overlap summed
// by PostgreSQL. Kept here as the reference of the equivalence test
// (test/e2e/recall/recall-similar-equivalence.e2e-spec.ts), unchanged but for the remembered-answer
// cache and the order in which the overlap is summed (SIMILAR_CANDIDATES_SQL below).
import { cosine, jaccard, termFrequencies, tfidfVectors, tokenize, topSharedTerms } from '../../src/memory/domain/text-similarity.js';
import { AGENT_QUERIES, type AgentProfileRow } from '../../src/memory/queries/agents.queries.js';
import { AGENT_TOPICS_SQL, SIMILAR_CANDIDATES, type AgentTopicRow } from '../../src/memory/queries/similar-agents.queries.js';

const SIMILAR_TOP_TERMS = 24;

export const AGENT_TERMS_SQL = `SELECT t.term, t.tf, d.agent_count
  FROM memory_agent_term t JOIN memory_term d ON d.term = t.term
  WHERE t.agent_id = $1`;

// The overlap is summed in the order of the target's words ($1, strongest first), as the in-memory
// signatures sum it (SignatureStore.candidates): floating-point addition is not associative, and a
// plain sum() adds an agent's rows in whatever order the plan delivers them (a GroupAggregate over an
// unstable sort by agent_id, say), so agents with the same words could differ in the last bit and be
// cut at SIMILAR_CANDIDATES in a different order than "equal overlaps by agent id" says.
export const SIMILAR_CANDIDATES_SQL = `SELECT t.agent_id, sum((1 + ln(t.tf)) * w.weight ORDER BY w.ord) AS overlap
  FROM memory_agent_term t
  JOIN unnest($1::text[], $2::float8[]) WITH ORDINALITY AS w(term, weight, ord) ON w.term = t.term
  WHERE t.term = ANY($1::text[]) AND t.agent_id <> $3
  GROUP BY t.agent_id
  ORDER BY overlap DESC, t.agent_id
  LIMIT ${SIMILAR_CANDIDATES}`;

export const CANDIDATE_TERMS_SQL = `SELECT t.agent_id, t.term, t.tf
  FROM memory_agent_term t WHERE t.agent_id = ANY($1::uuid[])`;

export const TERM_DF_SQL = `SELECT term, agent_count FROM memory_term WHERE term = ANY($1::text[])`;

type Sql = <T extends object>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface SimilarAgentRef {
  handle: string;
  score: number;
  shared_terms: string[];
}

/** find_similar_agents for `handle` (normalised), all of `SIMILAR_MAX_LIMIT` answers; null: no such agent. */
export async function similarAgentsBySql(sql: Sql, handle: string): Promise<SimilarAgentRef[] | null> {
  const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM memory_agent`);
  const [target] = await sql<AgentProfileRow>(AGENT_QUERIES.profileByHandle, [handle]);
  if (!target) return null;
  const targetId = String(target.id);

  const targetTerms = await sql<{ term: string; tf: number; agent_count: number }>(AGENT_TERMS_SQL, [targetId]);
  const docFreq = new Map<string, number>();
  const targetTf = new Map<string, number>();
  for (const r of targetTerms) {
    targetTf.set(String(r.term), Number(r.tf));
    docFreq.set(String(r.term), Number(r.agent_count));
  }
  const targetVector = tfidfVectors(new Map([[targetId, targetTf]]), docFreq, n).get(targetId)!;
  const top = [...targetVector].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, SIMILAR_TOP_TERMS);
  const candidates = top.length
    ? await sql<{ agent_id: string }>(SIMILAR_CANDIDATES_SQL, [top.map(([t]) => t), top.map(([, w]) => w), targetId])
    : [];
  if (!candidates.length) return [];

  const candidateIds = candidates.map((c) => String(c.agent_id));
  const agentRows = await sql<AgentProfileRow>(AGENT_QUERIES.activeProfiles, [candidateIds]);
  const active = new Map(agentRows.map((a) => [String(a.id), a]));
  const ids = candidateIds.filter((id) => active.has(id));
  if (!ids.length) return [];

  const termRows = await sql<{ agent_id: string; term: string; tf: number }>(CANDIDATE_TERMS_SQL, [ids]);
  const docs = new Map<string, Map<string, number>>([[targetId, targetTf]]);
  for (const r of termRows) {
    const id = String(r.agent_id);
    if (!docs.has(id)) docs.set(id, new Map());
    docs.get(id)!.set(String(r.term), Number(r.tf));
  }
  const missing = [...new Set(termRows.map((r) => String(r.term)))].filter((t) => !docFreq.has(t));
  if (missing.length) {
    for (const r of await sql<{ term: string; agent_count: number }>(TERM_DF_SQL, [missing])) {
      docFreq.set(String(r.term), Number(r.agent_count));
    }
  }
  const vectors = tfidfVectors(docs, docFreq, n);

  const topicRows = await sql<AgentTopicRow>(AGENT_TOPICS_SQL, [[targetId, ...ids]]);
  const places = new Map<string, Set<string>>();
  for (const r of topicRows) {
    const id = String(r.author_id);
    if (!places.has(id)) places.set(id, new Set());
    places
      .get(id)!
      .add(`c:${String(r.category_id)}`)
      .add(`t:${String(r.category_id)}/${String(r.topic).toLowerCase()}`);
  }

  const profiles = new Map<string, Map<string, number>>();
  profiles.set(targetId, termFrequencies(tokenize(String(target.profile ?? ''))));
  for (const id of ids) profiles.set(id, termFrequencies(tokenize(String(active.get(id)!.profile ?? ''))));
  const profileVectors = tfidfVectors(profiles, docFreq, n);

  const targetVec = vectors.get(targetId)!;
  const targetPlaces = places.get(targetId) ?? new Set<string>();
  const agents: SimilarAgentRef[] = [];
  for (const id of ids) {
    const vec = vectors.get(id) ?? new Map<string, number>();
    const words = cosine(targetVec, vec);
    const overlap = jaccard(targetPlaces, places.get(id) ?? new Set());
    const profile = cosine(profileVectors.get(targetId)!, profileVectors.get(id)!);
    const score = 0.6 * words + 0.25 * overlap + 0.15 * profile;
    if (score <= 0) continue;
    agents.push({
      handle: String(active.get(id)!.handle),
      score: Math.round(Math.min(1, score) * 1e4) / 1e4,
      shared_terms: topSharedTerms(targetVec, vec, 5),
    });
  }
  agents.sort((a, b) => b.score - a.score || (a.handle < b.handle ? -1 : 1));
  return agents;
}
