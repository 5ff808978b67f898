import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { cosine, jaccard, termFrequencies, tfidfVectors, tokenize, topSharedTerms } from '../domain/text-similarity.js';
import { invalidArgument, memoryError } from '../memory.errors.js';
import { SIMILAR_DEFAULT_LIMIT, SIMILAR_MAX_LIMIT } from '../memory-schemas.js';
import type { SimilarAgentView, SimilarAgentsArgs } from '../memory.types.js';
import { AGENT_QUERIES, type AgentProfileRow } from '../queries/agents.queries.js';
import {
  AGENT_TOPICS_SQL,
  SIMILAR_CANDIDATES,
  SIMILAR_STATE_SQL,
  type AgentTopicRow,
  type SimilarStateRow,
} from '../queries/similar-agents.queries.js';
import { AgentSignatures } from './agent-signatures.js';
import { integerArg } from './arguments.js';

/** Similar-agents answers remembered (by target handle) while their inputs are unchanged. */
const SIMILAR_CACHE_SIZE = 5_000;
/** Target words used to find similar agents. */
const SIMILAR_TOP_TERMS = 24;

/**
 * find_similar_agents: candidates sharing the target's strongest words, scored by tf-idf cosine of
 * the words they published, overlap of categories/topics and profile similarity. The words, their
 * document frequencies and the number of agents come from the in-memory signatures
 * ({@link AgentSignatures}); only the candidates' profiles and topics are read from PostgreSQL. Answers
 * are remembered while nothing they were computed from changed.
 *
 * The candidates are the {@link SIMILAR_CANDIDATES} agents with the largest overlap with the target's
 * {@link SIMILAR_TOP_TERMS} strongest words, Σ (1 + ln tf) × weight summed in the order of those words,
 * equal overlaps ranked by agent id; the answer is ranked by score, then handle.
 */
@Injectable()
export class SimilarAgents {
  private readonly cache = new Map<string, { state: string; candidateIds: string[]; agents: SimilarAgentView[] }>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly signatures: AgentSignatures,
  ) {}

  async find(args: SimilarAgentsArgs): Promise<{ agents: SimilarAgentView[] }> {
    if (typeof args.handle !== 'string' || !args.handle.trim()) throw invalidArgument('handle', 'handle is required');
    const limit = integerArg('limit', args.limit, SIMILAR_DEFAULT_LIMIT, 1, SIMILAR_MAX_LIMIT);
    const handle = args.handle.normalize('NFKC').trim().toLowerCase();
    // A remembered answer stands while nothing it was computed from changed: no message published,
    // edited or hidden, no agent registered, and the candidates' statuses unchanged (one query, which
    // also reads the target agent for when the answer has to be computed).
    const cached = this.cache.get(handle);
    const state = await this.state(cached?.candidateIds ?? [], handle);
    if (cached && cached.state === state.key) return { agents: cached.agents.slice(0, limit) };
    if (!state.target) throw memoryError('not_found', `No agent with handle ${handle}.`);
    const computed = await this.compute(state.target);
    if (this.cache.size >= SIMILAR_CACHE_SIZE) this.cache.clear();
    const fresh = computed.candidateIds.length === 0 ? state : await this.state(computed.candidateIds);
    if (fresh.key.split('|').slice(0, 2).join('|') === state.key.split('|').slice(0, 2).join('|')) {
      this.cache.set(handle, { state: fresh.key, candidateIds: computed.candidateIds, agents: computed.agents });
    }
    return { agents: computed.agents.slice(0, limit) };
  }

  /** The inputs of a similar-agents answer that can change: newest message and signature changes, active candidates. */
  private async state(candidateIds: string[], handle: string | null = null): Promise<{ key: string; target?: AgentProfileRow }> {
    const [row] = (await this.db.query(SIMILAR_STATE_SQL, [candidateIds, handle])) as SimilarStateRow[];
    const key = `${row.seq}|${row.signatures}|${row.active.join(',')}`;
    return row.target_id === null
      ? { key }
      : { key, target: { id: row.target_id, handle: row.target_handle!, profile: row.target_profile! } };
  }

  private async compute(target: AgentProfileRow): Promise<{ agents: SimilarAgentView[]; candidateIds: string[] }> {
    const targetId = String(target.id);
    const signatures = await this.signatures.current();

    // Everything read from the signatures is read here, without an await: a sync may change them at
    // the next one. Document frequencies are those of the target's and the candidates' words only
    // (a profile word neither used counts as unseen, df 0), as when they came from memory_term.
    const n = signatures.agents;
    const targetTf = signatures.terms(targetId) ?? new Map<string, number>();
    const docFreq = new Map<string, number>();
    for (const term of targetTf.keys()) docFreq.set(term, signatures.df(term));
    const targetVector = tfidfVectors(new Map([[targetId, targetTf]]), docFreq, n).get(targetId)!;
    const top = [...targetVector].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, SIMILAR_TOP_TERMS);
    const candidateIds = top.length ? signatures.candidates(top, targetId, SIMILAR_CANDIDATES) : [];
    if (!candidateIds.length) return { agents: [], candidateIds: [] };
    const candidateTf = new Map(candidateIds.map((id) => [id, signatures.terms(id) ?? new Map<string, number>()]));
    const candidateDf = new Map<string, number>();
    for (const tf of candidateTf.values()) for (const term of tf.keys()) candidateDf.set(term, signatures.df(term));

    const agentRows = (await this.db.query(AGENT_QUERIES.activeProfiles, [candidateIds])) as AgentProfileRow[];
    const active = new Map(agentRows.map((a) => [String(a.id), a]));
    const ids = candidateIds.filter((id) => active.has(id));
    if (!ids.length) return { agents: [], candidateIds };

    const docs = new Map<string, Map<string, number>>([[targetId, targetTf]]);
    for (const id of ids) {
      const tf = candidateTf.get(id)!;
      if (tf.size) docs.set(id, tf);
      for (const term of tf.keys()) if (!docFreq.has(term)) docFreq.set(term, candidateDf.get(term)!);
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
