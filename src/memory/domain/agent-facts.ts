/**
 * What find_similar_agents compares of every Recall agent besides its words: handle, status, profile
 * and the places it published in (its distinct (category, topic) pairs), in memory next to the word
 * signatures ({@link ./signature-store.SignatureStore}) and kept current with them by
 * {@link ../services/agent-signatures.AgentSignatures} from the agents' change log. Pure data, no I/O.
 */
import { termFrequencies, tokenize } from './text-similarity.js';

/** One agent as read from `memory_agent`, with the (category, topic) pairs of its messages. */
export interface AgentFactsRow {
  id: string;
  handle: string;
  profile: string | null;
  status: string;
  /** Category ids and topics of the agent's distinct (category, topic) pairs, position by position. */
  categories: string[];
  topics: string[];
}

export interface AgentFacts {
  readonly id: string;
  readonly handle: string;
  readonly profile: string;
  readonly active: boolean;
  /** `c:<category>` and `t:<category>/<topic lower case>` for every place the agent published in. */
  readonly places: ReadonlySet<string>;
}

export class AgentFactsStore {
  private readonly byId = new Map<string, AgentFacts>();
  private readonly idOfHandle = new Map<string, string>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): AgentFacts | undefined {
    return this.byId.get(id);
  }

  /** The agent with this handle (handles are unique), any status. */
  byHandle(handle: string): AgentFacts | undefined {
    const id = this.idOfHandle.get(handle);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /**
   * The profile's word counts, computed on each use: kept, the maps would hold 12 MB at 10,000 agents
   * (1.2 KB per ~50-character profile) to save ≈ 0.1 ms of the 40 candidates' scoring.
   */
  profileTerms(facts: AgentFacts): Map<string, number> {
    return termFrequencies(tokenize(facts.profile));
  }

  upsert(row: AgentFactsRow): void {
    const old = this.byId.get(row.id);
    if (old && old.handle !== row.handle && this.idOfHandle.get(old.handle) === row.id) this.idOfHandle.delete(old.handle);
    const places = new Set<string>();
    for (let i = 0; i < row.categories.length; i++) {
      const category = String(row.categories[i]);
      places.add(`c:${category}`).add(`t:${category}/${String(row.topics[i]).toLowerCase()}`);
    }
    this.byId.set(row.id, { id: row.id, handle: row.handle, profile: String(row.profile ?? ''), active: row.status === 'active', places });
    this.idOfHandle.set(row.handle, row.id);
  }

  remove(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    if (this.idOfHandle.get(old.handle) === id) this.idOfHandle.delete(old.handle);
  }

  clear(): void {
    this.byId.clear();
    this.idOfHandle.clear();
  }
}
