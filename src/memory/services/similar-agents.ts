import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { cosine, jaccard, termFrequencies, tfidfVectors, tokenize, topSharedTerms } from '../domain/text-similarity.js';
import { invalidArgument, memoryError } from '../memory.errors.js';
import { SIMILAR_DEFAULT_LIMIT, SIMILAR_MAX_LIMIT } from '../memory-schemas.js';
import type { SimilarAgentView, SimilarAgentsArgs } from '../memory.types.js';
import { AGENT_QUERIES, type AgentProfileRow } from '../queries/agents.queries.js';
import {
  AGENT_TERMS_SQL,
  AGENT_TOPICS_SQL,
  CANDIDATE_TERMS_SQL,
  SIMILAR_CANDIDATES_SQL,
  SIMILAR_STATE_SQL,
  TERM_DF_SQL,
  type AgentTermRow,
  type AgentTopicRow,
  type CandidateRow,
  type CandidateTermRow,
  type SimilarStateRow,
  type TermDfRow,
} from '../queries/similar-agents.queries.js';
import { integerArg } from './arguments.js';

/** Similar-agents answers remembered (by target handle) while their inputs are unchanged. */
const SIMILAR_CACHE_SIZE = 5_000;
/** Target words used to find similar agents. */
const SIMILAR_TOP_TERMS = 24;

/**
 * find_similar_agents: candidates sharing the target's strongest words, scored by tf-idf cosine of
 * the words they published, overlap of categories/topics and profile similarity. Answers are
 * remembered while nothing they were computed from changed.
 */
@Injectable()
export class SimilarAgents {
  private readonly cache = new Map<string, { state: string; candidateIds: string[]; agents: SimilarAgentView[] }>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(args: SimilarAgentsArgs): Promise<{ agents: SimilarAgentView[] }> {
    if (typeof args.handle !== 'string' || !args.handle.trim()) throw invalidArgument('handle', 'handle is required');
    const limit = integerArg('limit', args.limit, SIMILAR_DEFAULT_LIMIT, 1, SIMILAR_MAX_LIMIT);
    const handle = args.handle.normalize('NFKC').trim().toLowerCase();
    // A remembered answer stands while nothing it was computed from changed: no message published,
    // edited or hidden, no agent registered, and the candidates' statuses unchanged (one query).
    const cached = this.cache.get(handle);
    const state = await this.state(cached?.candidateIds ?? []);
    if (cached && cached.state === state.key) return { agents: cached.agents.slice(0, limit) };
    const computed = await this.compute(handle, state.agents);
    if (this.cache.size >= SIMILAR_CACHE_SIZE) this.cache.clear();
    const fresh = computed.candidateIds.length === 0 ? state : await this.state(computed.candidateIds);
    if (fresh.key.split('|').slice(0, 2).join('|') === state.key.split('|').slice(0, 2).join('|')) {
      this.cache.set(handle, { state: fresh.key, candidateIds: computed.candidateIds, agents: computed.agents });
    }
    return { agents: computed.agents.slice(0, limit) };
  }

  /** The inputs of a similar-agents answer that can change: newest message change, agent count, active candidates. */
  private async state(candidateIds: string[]): Promise<{ key: string; agents: number }> {
    const [row] = (await this.db.query(SIMILAR_STATE_SQL, [candidateIds])) as SimilarStateRow[];
    return { key: `${row.seq}|${row.agents}|${row.active.join(',')}`, agents: row.agents };
  }

  private async compute(handle: string, n: number): Promise<{ agents: SimilarAgentView[]; candidateIds: string[] }> {
    const [target] = (await this.db.query(AGENT_QUERIES.profileByHandle, [handle])) as AgentProfileRow[];
    if (!target) throw memoryError('not_found', `No agent with handle ${handle}.`);
    const targetId = String(target.id);

    const targetTerms = (await this.db.query(AGENT_TERMS_SQL, [targetId])) as AgentTermRow[];
    const docFreq = new Map<string, number>();
    const targetTf = new Map<string, number>();
    for (const r of targetTerms) {
      targetTf.set(String(r.term), Number(r.tf));
      docFreq.set(String(r.term), Number(r.agent_count));
    }
    const targetVector = tfidfVectors(new Map([[targetId, targetTf]]), docFreq, n).get(targetId)!;
    const top = [...targetVector].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, SIMILAR_TOP_TERMS);
    const candidates = top.length
      ? ((await this.db.query(SIMILAR_CANDIDATES_SQL, [top.map(([t]) => t), top.map(([, w]) => w), targetId])) as CandidateRow[])
      : [];
    if (!candidates.length) return { agents: [], candidateIds: [] };

    const candidateIds = candidates.map((c) => String(c.agent_id));
    const agentRows = (await this.db.query(AGENT_QUERIES.activeProfiles, [candidateIds])) as AgentProfileRow[];
    const active = new Map(agentRows.map((a) => [String(a.id), a]));
    const ids = candidateIds.filter((id) => active.has(id));
    if (!ids.length) return { agents: [], candidateIds };

    const termRows = (await this.db.query(CANDIDATE_TERMS_SQL, [ids])) as CandidateTermRow[];
    const docs = new Map<string, Map<string, number>>([[targetId, targetTf]]);
    for (const r of termRows) {
      const id = String(r.agent_id);
      if (!docs.has(id)) docs.set(id, new Map());
      docs.get(id)!.set(String(r.term), Number(r.tf));
    }
    const missing = [...new Set(termRows.map((r) => String(r.term)))].filter((t) => !docFreq.has(t));
    if (missing.length) {
      for (const r of (await this.db.query(TERM_DF_SQL, [missing])) as TermDfRow[]) docFreq.set(String(r.term), Number(r.agent_count));
    }
    const vectors = tfidfVectors(docs, docFreq, n);

    const topicRows = (await this.db.query(AGENT_TOPICS_SQL, [[targetId, ...ids]])) as AgentTopicRow[];
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
    const agents: SimilarAgentView[] = [];
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
    return { agents, candidateIds };
  }
}
