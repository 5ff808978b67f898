import { Injectable } from '@nestjs/common';
import type { AgentFacts, AgentFactsStore } from '../domain/agent-facts.js';
import type { SignatureStore } from '../domain/signature-store.js';
import { cosine, jaccard, tfidfVectors, topSharedTerms } from '../domain/text-similarity.js';
import { invalidArgument, memoryError } from '../memory.errors.js';
import { SIMILAR_DEFAULT_LIMIT, SIMILAR_MAX_LIMIT } from '../memory-schemas.js';
import type { SimilarAgentView, SimilarAgentsArgs } from '../memory.types.js';
import { SIMILAR_CANDIDATES } from '../queries/similar-agents.queries.js';
import { AgentSignatures } from './agent-signatures.js';
import { integerArg } from './arguments.js';

/** Similar-agents answers remembered (by target handle) while their inputs are unchanged. */
const SIMILAR_CACHE_SIZE = 5_000;
/** Target words used to find similar agents. */
const SIMILAR_TOP_TERMS = 24;

/**
 * find_similar_agents: candidates sharing the target's strongest words, scored by tf-idf cosine of
 * the words they published, overlap of categories/topics and profile similarity. Everything it compares
 * — the words and their document frequencies, the number of agents, handles, statuses, profiles and
 * where each agent published — is held in memory by {@link AgentSignatures}, brought up to date from
 * PostgreSQL's change log before every call (one shared index probe when nothing changed): a call
 * runs no other statement. Answers are remembered while those inputs are unchanged.
 *
 * The candidates are the {@link SIMILAR_CANDIDATES} agents with the largest overlap with the target's
 * {@link SIMILAR_TOP_TERMS} strongest words, Σ (1 + ln tf) × weight summed in the order of those words,
 * equal overlaps ranked by agent id; the answer is ranked by score, then handle.
 */
@Injectable()
export class SimilarAgents {
  private readonly cache = new Map<string, { generation: number; agents: SimilarAgentView[] }>();

  constructor(private readonly signatures: AgentSignatures) {}

  async find(args: SimilarAgentsArgs): Promise<{ agents: SimilarAgentView[] }> {
    if (typeof args.handle !== 'string' || !args.handle.trim()) throw invalidArgument('handle', 'handle is required');
    const limit = integerArg('limit', args.limit, SIMILAR_DEFAULT_LIMIT, 1, SIMILAR_MAX_LIMIT);
    const handle = args.handle.normalize('NFKC').trim().toLowerCase();
    // From here to the answer without an await: a sync may change the agents at the next one.
    const { signatures, facts, generation } = await this.signatures.current();
    const cached = this.cache.get(handle);
    if (cached && cached.generation === generation) return { agents: cached.agents.slice(0, limit) };
    const target = facts.byHandle(handle);
    if (!target) throw memoryError('not_found', `No agent with handle ${handle}.`);
    const agents = this.compute(target, signatures, facts);
    if (this.cache.size >= SIMILAR_CACHE_SIZE) this.cache.clear();
    this.cache.set(handle, { generation, agents });
    return { agents: agents.slice(0, limit) };
  }

  private compute(target: AgentFacts, signatures: SignatureStore, facts: AgentFactsStore): SimilarAgentView[] {
    const targetId = target.id;

    // Document frequencies are those of the target's and the candidates' words only (a profile word
    // neither used counts as unseen, df 0), as when they came from memory_term.
    const n = signatures.agents;
    const targetTf = signatures.terms(targetId) ?? new Map<string, number>();
    const docFreq = new Map<string, number>();
    for (const term of targetTf.keys()) docFreq.set(term, signatures.df(term));
    const targetVector = tfidfVectors(new Map([[targetId, targetTf]]), docFreq, n).get(targetId)!;
    const top = [...targetVector].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, SIMILAR_TOP_TERMS);
    const candidateIds = top.length ? signatures.candidates(top, targetId, SIMILAR_CANDIDATES) : [];
    const active = new Map<string, AgentFacts>();
    for (const id of candidateIds) {
      const agent = facts.get(id);
      if (agent?.active) active.set(id, agent);
    }
    const ids = candidateIds.filter((id) => active.has(id));
    if (!ids.length) return [];
    const candidateTf = new Map(ids.map((id) => [id, signatures.terms(id) ?? new Map<string, number>()]));

    const docs = new Map<string, Map<string, number>>([[targetId, targetTf]]);
    for (const id of ids) {
      const tf = candidateTf.get(id)!;
      if (tf.size) docs.set(id, tf);
      for (const term of tf.keys()) if (!docFreq.has(term)) docFreq.set(term, signatures.df(term));
    }
    const vectors = tfidfVectors(docs, docFreq, n);

    const profiles = new Map<string, Map<string, number>>();
    profiles.set(targetId, facts.profileTerms(target));
    for (const id of ids) profiles.set(id, facts.profileTerms(active.get(id)!));
    const profileVectors = tfidfVectors(profiles, docFreq, n);

    const targetVec = vectors.get(targetId)!;
    const targetPlaces = target.places;
    const agents: SimilarAgentView[] = [];
    for (const id of ids) {
      const vec = vectors.get(id) ?? new Map<string, number>();
      const words = cosine(targetVec, vec);
      const overlap = jaccard(targetPlaces, active.get(id)!.places);
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
}
