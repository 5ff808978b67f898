/**
 * The word signatures of every Recall agent, in memory, for find_similar_agents: for each agent the
 * words it published with their counts (tf), and for each word the agents that used it (an inverted
 * list of (agent, tf) pairs, whose length is the word's document frequency). Pure data, no I/O: it is
 * kept current by {@link ../services/agent-signatures.AgentSignatures} from the agents' change log.
 *
 * Layout (written by hand: no library keeps a mutable weighted inverted list in typed arrays):
 * - agents get a slot (reused after a removal); `words[slot]` is one Int32Array of (word id, tf)
 *   pairs in the order the words were loaded (code-point order of the word);
 * - words get an id; `postings[id]` is an Int32Array of (slot, tf) pairs in no particular order, grown
 *   by doubling, `postingPairs[id]` of them in use. A word no agent uses any more keeps its id (and an
 *   empty list) until the next full rebuild.
 * That is 16 bytes per (agent, word) pair plus the word strings and one typed array per word.
 */

/** An agent's words, as read from `memory_agent_term` (terms and counts in the same order). */
export interface AgentSignatureRow {
  id: string;
  terms: string[];
  tfs: number[];
}

/** `1 + ln(tf)` for the counts that occur most, computed once. */
const LOG_TF = Float64Array.from({ length: 4096 }, (_, tf) => (tf > 0 ? 1 + Math.log(tf) : 0));
const logTf = (tf: number): number => (tf < LOG_TF.length ? LOG_TF[tf] : 1 + Math.log(tf));

export class SignatureStore {
  private readonly slotOf = new Map<string, number>();
  private readonly idOf: string[] = [];
  private readonly words: Array<Int32Array | undefined> = [];
  private readonly freeSlots: number[] = [];
  private readonly wordIdOf = new Map<string, number>();
  private readonly wordOf: string[] = [];
  private readonly postings: Int32Array[] = [];
  private postingPairs = new Int32Array(1024);
  /** Scratch space of {@link candidates}: a running sum per slot, and the slots touched. */
  private overlap = new Float64Array(0);
  private touched = new Int32Array(0);

  /** The number of agents (the N of the idf). */
  get agents(): number {
    return this.slotOf.size;
  }

  /** How many agents used a word (0 when none does). */
  df(term: string): number {
    const w = this.wordIdOf.get(term);
    return w === undefined ? 0 : this.postingPairs[w];
  }

  /** An agent's words and counts, in load order; undefined for an agent not known. */
  terms(id: string): Map<string, number> | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    const pairs = this.words[slot]!;
    const out = new Map<string, number>();
    for (let i = 0; i < pairs.length; i += 2) out.set(this.wordOf[pairs[i]], pairs[i + 1]);
    return out;
  }

  /** Adds an agent or replaces its words. */
  upsert(row: AgentSignatureRow): void {
    let slot = this.slotOf.get(row.id);
    const old = slot === undefined ? undefined : this.words[slot];
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.idOf.length;
      this.slotOf.set(row.id, slot);
      this.idOf[slot] = row.id;
    }
    const before = new Map<number, number>();
    if (old) for (let i = 0; i < old.length; i += 2) before.set(old[i], old[i + 1]);
    const pairs = new Int32Array(row.terms.length * 2);
    let n = 0;
    for (let i = 0; i < row.terms.length; i++) {
      const tf = Number(row.tfs[i]);
      if (!(tf > 0)) continue;
      const w = this.wordId(row.terms[i]);
      pairs[n++] = w;
      pairs[n++] = tf;
      const was = before.get(w);
      if (was === undefined) this.addPosting(w, slot, tf);
      else {
        before.delete(w);
        if (was !== tf) this.setPosting(w, slot, tf);
      }
    }
    for (const w of before.keys()) this.removePosting(w, slot);
    this.words[slot] = n === pairs.length ? pairs : pairs.slice(0, n);
  }

  /** Forgets an agent. */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const pairs = this.words[slot]!;
    for (let i = 0; i < pairs.length; i += 2) this.removePosting(pairs[i], slot);
    this.slotOf.delete(id);
    this.idOf[slot] = '';
    this.words[slot] = undefined;
    this.freeSlots.push(slot);
  }

  clear(): void {
    this.slotOf.clear();
    this.idOf.length = 0;
    this.words.length = 0;
    this.freeSlots.length = 0;
    this.wordIdOf.clear();
    this.wordOf.length = 0;
    this.postings.length = 0;
    this.postingPairs = new Int32Array(1024);
    this.overlap = new Float64Array(0);
    this.touched = new Int32Array(0);
  }

  /**
   * The `limit` agents (but `exclude`) with the largest overlap with weighted words: Σ over the words,
   * in the order given, of `(1 + ln tf) × weight` — ranked by overlap descending, then agent id
   * ascending (the order is total: equal overlaps are decided by the id, not by summation order).
   */
  candidates(weighted: ReadonlyArray<readonly [string, number]>, exclude: string, limit: number): string[] {
    const skip = this.slotOf.get(exclude) ?? -1;
    if (this.overlap.length < this.idOf.length) {
      this.overlap = new Float64Array(this.idOf.length * 2).fill(NaN);
      this.touched = new Int32Array(this.idOf.length * 2);
    }
    const overlap = this.overlap;
    const touched = this.touched;
    let count = 0;
    for (const [term, weight] of weighted) {
      const w = this.wordIdOf.get(term);
      if (w === undefined) continue;
      const list = this.postings[w];
      const end = this.postingPairs[w] * 2;
      for (let i = 0; i < end; i += 2) {
        const slot = list[i];
        if (slot === skip) continue;
        const add = logTf(list[i + 1]) * weight;
        // NaN marks a slot not touched yet (every overlap is a sum of positive terms, never NaN).
        if (Number.isNaN(overlap[slot])) {
          overlap[slot] = add;
          touched[count++] = slot;
        } else overlap[slot] += add;
      }
    }
    // The best `limit`, kept sorted (best first): most slots lose against the worst kept at once.
    const best: number[] = [];
    const ids = this.idOf;
    const better = (a: number, b: number) => overlap[a] > overlap[b] || (overlap[a] === overlap[b] && ids[a] < ids[b]);
    for (let i = 0; i < count; i++) {
      const slot = touched[i];
      if (best.length === limit && !better(slot, best[limit - 1])) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && better(slot, best[at - 1])) {
        best[at] = best[at - 1];
        at--;
      }
      best[at] = slot;
    }
    for (let i = 0; i < count; i++) overlap[touched[i]] = NaN;
    return best.map((slot) => ids[slot]);
  }

  /** Bytes held in typed arrays (postings, signatures): the bulk of the store. */
  get typedBytes(): number {
    let bytes = this.postingPairs.byteLength + this.overlap.byteLength + this.touched.byteLength;
    for (const p of this.postings) bytes += p.byteLength;
    for (const w of this.words) bytes += w?.byteLength ?? 0;
    return bytes;
  }

  /** Distinct words and (agent, word) pairs. */
  get size(): { words: number; pairs: number } {
    let pairs = 0;
    for (let w = 0; w < this.wordOf.length; w++) pairs += this.postingPairs[w];
    return { words: this.wordOf.length, pairs };
  }

  private wordId(term: string): number {
    let w = this.wordIdOf.get(term);
    if (w === undefined) {
      w = this.wordOf.length;
      this.wordIdOf.set(term, w);
      this.wordOf.push(term);
      this.postings.push(new Int32Array(2));
      if (w >= this.postingPairs.length) {
        const grown = new Int32Array(this.postingPairs.length * 2);
        grown.set(this.postingPairs);
        this.postingPairs = grown;
      }
    }
    return w;
  }

  private addPosting(w: number, slot: number, tf: number): void {
    let list = this.postings[w];
    const at = this.postingPairs[w] * 2;
    if (at + 2 > list.length) {
      const grown = new Int32Array(list.length * 2);
      grown.set(list);
      this.postings[w] = list = grown;
    }
    list[at] = slot;
    list[at + 1] = tf;
    this.postingPairs[w]++;
  }

  /** Linear in the word's agents: a write changes a few dozen words of one agent. */
  private setPosting(w: number, slot: number, tf: number): void {
    const list = this.postings[w];
    const end = this.postingPairs[w] * 2;
    for (let i = 0; i < end; i += 2) {
      if (list[i] === slot) {
        list[i + 1] = tf;
        return;
      }
    }
  }

  private removePosting(w: number, slot: number): void {
    const list = this.postings[w];
    const end = this.postingPairs[w] * 2;
    for (let i = 0; i < end; i += 2) {
      if (list[i] === slot) {
        list[i] = list[end - 2];
        list[i + 1] = list[end - 1];
        this.postingPairs[w]--;
        return;
      }
    }
  }
}
