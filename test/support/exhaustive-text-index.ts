// The member/message search engine as it was before the search pruned its candidates (main at
// 4fc07b6): every posting of every variant is accumulated and every matching document keyed. Kept
// verbatim (imports and class name aside) as the exhaustive evaluator the pruning and equivalence specs
// (src/common/search/text-index.pruning.spec.ts, text-index.equivalence.spec.ts) compare the current
// engine with. Not used by the service. One change since: the final tiebreak of equal sort keys is
// slot (insertion) order (see topSlots).
import { editDistance, foldedWords, hash32, isSearchWord, MAX_WORD_LENGTH, typoBudget } from '../../src/common/search/text-fold.js';

/**
 * (Longer than the ~300-line guide on purpose: one data structure whose build, compaction and search
 * loops share the same private typed arrays; split across files they would sit behind accessors on
 * the hottest path of every search.)
 *
 * Storage (sized for a million documents): the vocabulary is a map from word to a term number, and
 * everything about a term lives in typed arrays indexed by that number; the postings of all terms
 * are one Int32Array in compressed-sparse-row form (a term's pairs are contiguous, from `termStart`),
 * written by a counting sort at {@link TextIndex.compact}. A bulk build appends (term, slot, info)
 * triples to three growing typed arrays — no array or object per word — and postings added after a
 * compaction go to small per-term tails until the next one.
 *
 * An in-process inverted index with typo tolerance, prefix matching and bucket ranking — the engine
 * behind directory search, Recall's search_memory and the documentation search. It holds only what
 * ranking needs (per word and document: the best field and the first position); the records
 * themselves stay in PostgreSQL and are read by id for the page that is returned.
 *
 * Ranking, in order (each rule only breaks ties of the ones before):
 * 1. exact name: the query's words are exactly the words of one of the document's exact texts (its
 *    name or slug, say), stop words, case, accents and punctuation aside;
 * 2. more query words matched;
 * 3. fewer typos (a word found only as the start of a longer word counts one, except the last word);
 * 4. field weights × word rarity (idf), summed over the matched words;
 * 5. proximity: matched words close together and in the same field;
 * 6. more words matched exactly (not as a prefix);
 * 7. the document's own order (`order`, higher first), then its `sortKey`.
 */

/** Query words considered (after stop words are left out). */
const MAX_QUERY_WORDS = 12;
/** Vocabulary words one query word may stand for (exact, typo and prefix variants). */
const MAX_VARIANTS = 24;
/** Variants of a prefix (the last query word) considered, the most frequent first. */
const MAX_PREFIX_VARIANTS = 40;
const MAX_POSITION = 0xffff;
const FIELD_GAP = 50;
const PROXIMITY_CAP = 8;

export interface IndexDocument {
  /** The stable id of the record (a UUID). */
  key: string;
  /** Field texts in weight order: field 0 is the name or title. */
  fields: readonly string[];
  /** Whole texts a query equal to ranks first (a name, a slug); compared by their search words. */
  exact?: readonly string[];
  /** Bits the search can exclude (e.g. "flagged"). */
  flags?: number;
  /** Higher ranks first among otherwise equal matches (e.g. a timestamp). */
  order?: number;
  /** Ascending final tiebreak (e.g. the slug); the key when absent. */
  sortKey?: string;
}

export interface SearchOptions {
  limit: number;
  offset?: number;
  /** Documents with any of these flag bits are left out. */
  excludeFlags?: number;
}

export interface SearchHit {
  key: string;
  /** Monotonic with the rank: (0, 1], 1 only for an exact name match of every word. */
  score: number;
  matchedWords: number;
  typos: number;
}

export interface SearchOutcome {
  /** The query words searched (folded, stop words left out). */
  words: string[];
  /** The closest vocabulary word found for each query word, for highlighting. */
  terms: string[];
  /** Documents that matched at least one word. */
  total: number;
  hits: SearchHit[];
}

interface Variant {
  /** Term number. */
  term: number;
  /** typos * 2 + (1 when matched only as a prefix). */
  cost: number;
}

/**
 * Query words (folded, stop words left out, at most MAX_QUERY_WORDS) with web-search syntax:
 * `"a phrase"` makes its words required, `-word` excludes documents containing that word, and `OR`
 * is a stop word (any word may match anyway; more matched words rank higher).
 */
function parseQuery(query: string): { words: string[]; required: Set<string>; excluded: string[] } {
  const words = new Set<string>();
  const required = new Set<string>();
  const excluded: string[] = [];
  for (const m of query.matchAll(/"([^"]*)"?|(^|\s)-([^\s"]+)|([^\s"]+)/g)) {
    if (m[1] !== undefined) {
      for (const w of foldedWords(m[1]).filter(isSearchWord)) {
        words.add(w);
        required.add(w);
      }
    } else if (m[3] !== undefined) {
      excluded.push(...foldedWords(m[3]).filter(isSearchWord));
    } else {
      for (const w of foldedWords(m[4] ?? '').filter(isSearchWord)) words.add(w);
    }
  }
  return { words: [...words].slice(0, MAX_QUERY_WORDS), required, excluded };
}

/** Bit (code & 31) of every character of a word. */
function charMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The hash of a text's search words, as a query's words are hashed. */
function exactHash(text: string): number {
  return hash32(foldedWords(text).filter(isSearchWord).join(' '));
}

type I32 = Int32Array<ArrayBuffer>;
const EMPTY: I32 = new Int32Array(0);
type F64 = Float64Array<ArrayBuffer>;
type U8 = Uint8Array<ArrayBuffer>;

function grownInt32(a: I32, min: number): I32 {
  if (a.length >= min) return a;
  const b = new Int32Array(Math.max(min, a.length * 2, 4));
  b.set(a);
  return b;
}

function grownFloat64(a: F64, min: number): F64 {
  if (a.length >= min) return a;
  const b = new Float64Array(Math.max(min, a.length * 2, 16));
  b.set(a);
  return b;
}

function grownUint8(a: U8, min: number): U8 {
  if (a.length >= min) return a;
  const b = new Uint8Array(Math.max(min, a.length * 2, 16));
  b.set(a);
  return b;
}

const BIT_EXACT = 2 ** 44;
const BIT_WORDS = 2 ** 40;
const BIT_TYPOS = 2 ** 34;
const BIT_WEIGHT = 2 ** 20;
const BIT_PROXIMITY = 2 ** 12;
const BIT_EXACTNESS = 2 ** 8;

export class ExhaustiveTextIndex {
  /** Word → term number; a term's facts are in the arrays below, indexed by that number. */
  private readonly terms = new Map<string, number>();
  private termText: string[] = [];
  /** Live documents containing the term (approximate after removals until the next compaction). */
  private termDf = new Int32Array(16);
  /** One bit per character (code & 31) the word contains, for cheap typo bounds. */
  private termMask = new Int32Array(16);
  /** First pair of the term in `post`, and its pairs there (as of the last compaction). */
  private termStart = new Int32Array(16);
  private termCount = new Int32Array(16);
  /** Pairs (slot, field << 16 | first position) of every term, term after term. */
  private post: I32 = EMPTY;
  /** Pairs added since the last compaction, per term. */
  private tails = new Map<number, number[]>();
  private tailPairs = 0;
  /** A bulk build's postings as (term, slot, info) triples, sorted into `post` by compact(). */
  private bulkTerm: I32 = EMPTY;
  private bulkSlot: I32 = EMPTY;
  private bulkInfo: I32 = EMPTY;
  private bulkLength = 0;
  /** Vocabulary by first character: typo and prefix variants are looked up in one bucket. */
  private readonly buckets = new Map<string, number[]>();
  /** Reused by upsert: a document's words and their first (field, position). */
  private readonly seen = new Map<string, number>();
  private readonly slotByKey = new Map<string, number>();
  private keys: Array<string | undefined> = [];
  private sortKeys: Array<string | undefined> = [];
  private live = new Uint8Array(16);
  private flags = new Uint8Array(16);
  private exactA = new Int32Array(16);
  private exactB = new Int32Array(16);
  private order = new Float64Array(16);
  private slots = 0;
  private liveCount = 0;
  /** Between clear() and compact(): postings go to the bulk triples. */
  private bulk = false;
  /** Tiebreak ranks: position of the slot's sort key among the sort keys at the last compaction. */
  private rank = new Float64Array(16);
  private sorted: string[] = [];
  // Scratch space of one search (searches are synchronous, so one set is enough).
  private docGen = new Int32Array(16);
  private wordTouchedScratch = new Int32Array(16);
  private touchedScratch = new Int32Array(16);
  private wordGen = new Int32Array(16);
  private wordCode = new Int32Array(16);
  private wordPos = new Int32Array(16);
  private accMatched = new Int32Array(16);
  private accTypos = new Int32Array(16);
  private accWeight = new Float64Array(16);
  private accProximity = new Int32Array(16);
  private accExact = new Int32Array(16);
  private accMask = new Int32Array(16);
  private lastPos = new Int32Array(16);
  private lastField = new Int32Array(16);
  private generation = 0;

  /** @param fieldWeights one weight per field, field 0 (the name) first. */
  constructor(private readonly fieldWeights: readonly number[]) {}

  /** Live documents. */
  get size(): number {
    return this.liveCount;
  }

  /** Distinct indexed words. */
  get vocabularySize(): number {
    return this.terms.size;
  }

  /** Postings held (one per distinct word and document, dead documents included until compacted). */
  get postings(): number {
    return this.post.length / 2 + this.tailPairs + this.bulkLength;
  }

  has(key: string): boolean {
    return this.slotByKey.has(key);
  }

  /** Empties the index and starts a bulk build: postings are collected cheaply until {@link compact}. */
  clear(): void {
    this.bulk = true;
    this.post = EMPTY;
    this.tails.clear();
    this.tailPairs = 0;
    this.bulkTerm = EMPTY;
    this.bulkSlot = EMPTY;
    this.bulkInfo = EMPTY;
    this.bulkLength = 0;
    this.termText = [];
    this.termDf = new Int32Array(16);
    this.termMask = new Int32Array(16);
    this.termStart = new Int32Array(16);
    this.termCount = new Int32Array(16);
    this.sorted = [];
    this.rank = new Float64Array(16);
    this.terms.clear();
    this.buckets.clear();
    this.slotByKey.clear();
    this.keys = [];
    this.sortKeys = [];
    this.live = new Uint8Array(16);
    this.flags = new Uint8Array(16);
    this.exactA = new Int32Array(16);
    this.exactB = new Int32Array(16);
    this.order = new Float64Array(16);
    this.slots = 0;
    this.liveCount = 0;
  }

  /** Adds a document, replacing the one with the same key. */
  upsert(doc: IndexDocument): void {
    this.remove(doc.key);
    const slot = this.slots++;
    this.ensureSlots(this.slots);
    this.keys[slot] = doc.key;
    this.sortKeys[slot] = doc.sortKey;
    this.live[slot] = 1;
    this.flags[slot] = doc.flags ?? 0;
    this.order[slot] = doc.order ?? 0;
    this.rank[slot] = this.bulk ? 0 : this.rankOf(doc.sortKey ?? doc.key);
    this.slotByKey.set(doc.key, slot);
    this.liveCount++;
    this.exactA[slot] = doc.exact?.[0] === undefined ? 0 : exactHash(doc.exact[0]);
    this.exactB[slot] = doc.exact?.[1] === undefined ? 0 : exactHash(doc.exact[1]);
    const seen = this.seen;
    seen.clear();
    let position = 0;
    for (let field = 0; field < doc.fields.length; field++) {
      for (const word of foldedWords(doc.fields[field])) {
        if (!isSearchWord(word)) continue;
        const info = (field << 16) | Math.min(position++, MAX_POSITION);
        if (!seen.has(word)) seen.set(word, info);
      }
      position += FIELD_GAP;
    }
    for (const [word, info] of seen) {
      const term = this.term(word);
      if (this.bulk) {
        if (this.bulkLength === this.bulkTerm.length) {
          const size = Math.max(1024, this.bulkLength * 2);
          this.bulkTerm = grownInt32(this.bulkTerm, size);
          this.bulkSlot = grownInt32(this.bulkSlot, size);
          this.bulkInfo = grownInt32(this.bulkInfo, size);
        }
        this.bulkTerm[this.bulkLength] = term;
        this.bulkSlot[this.bulkLength] = slot;
        this.bulkInfo[this.bulkLength++] = info;
      } else {
        const tail = this.tails.get(term);
        if (tail) tail.push(slot, info);
        else this.tails.set(term, [slot, info]);
        this.tailPairs++;
      }
      this.termDf[term]++;
    }
  }

  /** Removes a document; its postings stay (skipped) until {@link compact}. */
  remove(key: string): boolean {
    const slot = this.slotByKey.get(key);
    if (slot === undefined) return false;
    this.slotByKey.delete(key);
    this.live[slot] = 0;
    this.keys[slot] = undefined;
    this.sortKeys[slot] = undefined;
    this.liveCount--;
    return true;
  }

  /** Whether enough postings point at removed documents that {@link compact} is worth it. */
  get fragmented(): boolean {
    return this.slots > 1000 && (this.liveCount < this.slots * 0.75 || this.tailPairs > this.post.length / 8);
  }

  /** Drops postings of removed documents and trims every array to its length. */
  compact(): void {
    const remap = new Int32Array(this.slots).fill(-1);
    let next = 0;
    for (let s = 0; s < this.slots; s++) if (this.live[s]) remap[s] = next++;
    const keys: Array<string | undefined> = new Array<string | undefined>(next);
    const sortKeys: Array<string | undefined> = new Array<string | undefined>(next);
    const live = new Uint8Array(Math.max(next, 16));
    const flags = new Uint8Array(Math.max(next, 16));
    const exactA = new Int32Array(Math.max(next, 16));
    const exactB = new Int32Array(Math.max(next, 16));
    const order = new Float64Array(Math.max(next, 16));
    const rank = new Float64Array(Math.max(next, 16));
    for (let s = 0; s < this.slots; s++) {
      const to = remap[s];
      if (to < 0) continue;
      keys[to] = this.keys[s];
      sortKeys[to] = this.sortKeys[s];
      live[to] = 1;
      flags[to] = this.flags[s];
      exactA[to] = this.exactA[s];
      exactB[to] = this.exactB[s];
      order[to] = this.order[s];
      rank[to] = this.rank[s];
      if (to !== s) this.slotByKey.set(this.keys[s]!, to);
    }
    Object.assign(this, { keys, sortKeys, live, flags, exactA, exactB, order, rank, slots: next });
    this.compactPostings(remap);
    this.bulk = false;
    this.rankSlots();
    this.resizeScratch(Math.max(next, 16));
  }

  /**
   * Rewrites every term's live postings (slots remapped) into one CSR array, term after term, each
   * term's pairs in insertion order (compacted ones, then its tail, then bulk ones), and renumbers the
   * terms left with none out of the vocabulary.
   */
  private compactPostings(remap: I32): void {
    const terms = this.termText.length;
    const { post, termStart, termCount, tails, bulkTerm, bulkSlot, bulkInfo, bulkLength } = this;
    const count = new Int32Array(terms);
    for (let t = 0; t < terms; t++) {
      const end = 2 * (termStart[t] + termCount[t]);
      for (let k = 2 * termStart[t]; k < end; k += 2) if (remap[post[k]] >= 0) count[t]++;
    }
    for (const [t, tail] of tails) for (let k = 0; k < tail.length; k += 2) if (remap[tail[k]] >= 0) count[t]++;
    for (let i = 0; i < bulkLength; i++) if (remap[bulkSlot[i]] >= 0) count[bulkTerm[i]]++;
    // Terms keep their order (variants of equal cost and frequency are taken in vocabulary order).
    const renumber = new Int32Array(terms);
    let kept = 0;
    for (let t = 0; t < terms; t++) {
      if (count[t] === 0) {
        renumber[t] = -1;
        this.terms.delete(this.termText[t]);
      } else {
        renumber[t] = kept++;
      }
    }
    const size = Math.max(kept, 16);
    const text = new Array<string>(kept);
    const df = new Int32Array(size);
    const mask = new Int32Array(size);
    const start = new Int32Array(size);
    const counts = new Int32Array(size);
    let pairs = 0;
    for (let t = 0; t < terms; t++) {
      const to = renumber[t];
      if (to < 0) continue;
      text[to] = this.termText[t];
      df[to] = count[t];
      mask[to] = this.termMask[t];
      start[to] = pairs;
      pairs += count[t];
      if (to !== t) this.terms.set(text[to], to);
    }
    const out = new Int32Array(2 * pairs);
    const put = (t: number, slot: number, info: number): void => {
      const to = renumber[t];
      const k = 2 * (start[to] + counts[to]++);
      out[k] = remap[slot];
      out[k + 1] = info;
    };
    for (let t = 0; t < terms; t++) {
      const end = 2 * (termStart[t] + termCount[t]);
      for (let k = 2 * termStart[t]; k < end; k += 2) if (remap[post[k]] >= 0) put(t, post[k], post[k + 1]);
    }
    for (const [t, tail] of tails) for (let k = 0; k < tail.length; k += 2) if (remap[tail[k]] >= 0) put(t, tail[k], tail[k + 1]);
    for (let i = 0; i < bulkLength; i++) if (remap[bulkSlot[i]] >= 0) put(bulkTerm[i], bulkSlot[i], bulkInfo[i]);
    Object.assign(this, { termText: text, termDf: df, termMask: mask, termStart: start, termCount: counts, post: out });
    this.tails = new Map();
    this.tailPairs = 0;
    this.bulkTerm = this.bulkSlot = this.bulkInfo = EMPTY;
    this.bulkLength = 0;
    if (kept < terms) {
      for (const [first, bucket] of this.buckets) {
        const ids: number[] = [];
        for (const t of bucket) if (renumber[t] >= 0) ids.push(renumber[t]);
        this.buckets.set(first, ids);
      }
    }
  }

  /** Ranks the documents for a free-text query. */
  search(query: string, options: SearchOptions): SearchOutcome {
    if (this.bulk) this.compact();
    const parsed = parseQuery(query);
    const words = parsed.words;
    const empty: SearchOutcome = { words, terms: [], total: 0, hits: [] };
    if (words.length === 0 || this.liveCount === 0) return empty;
    this.resizeScratch(this.slots);
    if (this.generation > 100_000_000) this.resetScratch();
    const gen = ++this.generation;
    const queryHash = hash32(words.join(' '));
    // Scratch arrays live on the index (sized to its slots) so a search allocates nothing per posting.
    const touched = this.touchedScratch;
    let tn = 0;
    const matchedTerms = new Set<string>();
    const exclude = options.excludeFlags ?? 0;
    const n = this.liveCount;
    const single = words.length === 1;
    let singleIdf = 0;
    let singleTouched: I32 = EMPTY;
    const live = this.live;
    const flags = this.flags;
    const wordGen = this.wordGen;
    const wordCode = this.wordCode;
    const wordPos = this.wordPos;
    const post = this.post;
    const termStart = this.termStart;
    const termCount = this.termCount;

    for (let index = 0; index < words.length; index++) {
      const word = words[index];
      const variants = this.variants(word, index === words.length - 1);
      if (variants.length === 0) continue;
      const wgen = gen * MAX_QUERY_WORDS + index + 1;
      // Single-word queries keep this word's slots; otherwise they are folded into `touched` below.
      const wordTouched = this.wordTouchedScratch;
      let wn = 0;
      // The closest vocabulary word stands for the query word in highlights (snippets).
      matchedTerms.add(this.termText[variants[0].term]);
      for (const { term, cost } of variants) {
        // The compacted pairs, then the tail of pairs added since.
        const tail = this.tails.get(term);
        for (let part = 0; part < (tail ? 2 : 1); part++) {
          const pairs: ArrayLike<number> = part === 0 ? post : tail!;
          const from = part === 0 ? 2 * termStart[term] : 0;
          const end = part === 0 ? from + 2 * termCount[term] : tail!.length;
          for (let k = from; k < end; k += 2) {
            const slot = pairs[k];
            if (live[slot] === 0 || (flags[slot] & exclude) !== 0) continue;
            const i = pairs[k + 1];
            const code = (cost << 3) | (i >>> 16);
            if (wordGen[slot] !== wgen) {
              wordGen[slot] = wgen;
              wordCode[slot] = code;
              wordPos[slot] = i;
              wordTouched[wn++] = slot;
            } else if (code < wordCode[slot]) {
              wordCode[slot] = code;
              wordPos[slot] = i;
            }
          }
        }
      }
      const idf = Math.log(1 + n / Math.max(1, wn));
      if (single) {
        // One query word: its best posting per document is the whole story; no accumulation.
        singleIdf = idf;
        singleTouched = wordTouched.subarray(0, wn);
        continue;
      }
      const fieldWeight = this.fieldWeights;
      for (let k = 0; k < wn; k++) {
        const slot = wordTouched[k];
        if (this.docGen[slot] !== gen) {
          this.docGen[slot] = gen;
          this.accMatched[slot] = 0;
          this.accTypos[slot] = 0;
          this.accWeight[slot] = 0;
          this.accProximity[slot] = 0;
          this.accExact[slot] = 0;
          this.accMask[slot] = 0;
          this.lastPos[slot] = -1;
          touched[tn++] = slot;
        }
        const code = wordCode[slot];
        const cost = code >>> 3;
        const field = code & 7;
        const pos = wordPos[slot] & 0xffff;
        this.accMatched[slot]++;
        this.accMask[slot] |= 1 << index;
        this.accTypos[slot] += cost >>> 1;
        this.accWeight[slot] += (fieldWeight[field] ?? 1) * idf;
        if (cost === 0) this.accExact[slot]++;
        if (this.lastPos[slot] >= 0) {
          const distance = this.lastField[slot] === field ? Math.abs(pos - this.lastPos[slot]) : PROXIMITY_CAP;
          this.accProximity[slot] += Math.min(distance, PROXIMITY_CAP) - 1;
        }
        this.lastPos[slot] = pos;
        this.lastField[slot] = field;
      }
    }
    // Web-search syntax: words in quotes must all match, `-word` leaves out documents with that word.
    let eligible: I32 = single ? singleTouched : touched.subarray(0, tn);
    let requiredMask = 0;
    words.forEach((w, i) => {
      if (parsed.required.has(w)) requiredMask |= 1 << i;
    });
    const excluded = new Set<number>();
    for (const word of parsed.excluded) {
      const term = this.terms.get(word);
      if (term === undefined) continue;
      for (let k = 0; k < termCount[term]; k++) excluded.add(post[2 * (termStart[term] + k)]);
      const tail = this.tails.get(term) ?? [];
      for (let k = 0; k < tail.length; k += 2) excluded.add(tail[k]);
    }
    if (requiredMask || excluded.size) {
      eligible = single
        ? eligible.filter((slot) => !excluded.has(slot))
        : eligible.filter((slot) => (this.accMask[slot] & requiredMask) === requiredMask && !excluded.has(slot));
    }
    if (eligible.length === 0) return empty;

    const fieldWeights = this.fieldWeights;
    // One word: a document's key depends only on its best posting's code (typo cost and field), so the
    // keys are tabled once per search rather than computed per document.
    const singleKeys = new Float64Array(1 << 9);
    if (single) {
      for (let code = 0; code < singleKeys.length; code++) {
        const cost = code >>> 3;
        singleKeys[code] =
          BIT_WORDS +
          (63 - Math.min(cost >>> 1, 63)) * BIT_TYPOS +
          Math.min(Math.round((fieldWeights[code & 7] ?? 1) * singleIdf * 16), 16383) * BIT_WEIGHT +
          255 * BIT_PROXIMITY +
          (cost === 0 ? BIT_EXACTNESS : 0);
      }
    }
    const exactA = this.exactA;
    const exactB = this.exactB;
    const keyOfSingle = (slot: number): number => {
      const code = wordCode[slot];
      const key = singleKeys[code & 511];
      return code < 8 && (exactA[slot] === queryHash || exactB[slot] === queryHash) ? key + BIT_EXACT : key;
    };
    const keyOf = (slot: number): number => {
      const exactName =
        this.accExact[slot] === words.length && (this.exactA[slot] === queryHash || this.exactB[slot] === queryHash) ? 1 : 0;
      return (
        exactName * BIT_EXACT +
        Math.min(this.accMatched[slot], 15) * BIT_WORDS +
        (63 - Math.min(this.accTypos[slot], 63)) * BIT_TYPOS +
        Math.min(Math.round(this.accWeight[slot] * 16), 16383) * BIT_WEIGHT +
        (255 - Math.min(this.accProximity[slot], 255)) * BIT_PROXIMITY +
        Math.min(this.accExact[slot], 15) * BIT_EXACTNESS
      );
    };
    const want = Math.max(0, (options.offset ?? 0) + options.limit);
    const top = this.topSlots(eligible, single ? keyOfSingle : keyOf, want);
    const maxKey = BIT_EXACT * 2;
    const hits = top.slice(options.offset ?? 0).map(({ slot, key }) => ({
      key: this.keys[slot]!,
      score: Math.round((key / maxKey) * 1e6) / 1e6,
      matchedWords: single ? 1 : this.accMatched[slot],
      typos: single ? this.wordCode[slot] >>> 4 : this.accTypos[slot],
    }));
    return { words, terms: [...matchedTerms], total: eligible.length, hits };
  }

  // ------------------------------------------------------------------------------------------------

  /**
   * The vocabulary words a query word stands for: itself, words within its typo budget, and words it
   * begins — with typos too — (always for the last query word; for the others only when the word is
   * not itself in the vocabulary, from five letters on, counted as one typo). The first letter is never taken as a typo, which keeps the lookup in one
   * bucket of the vocabulary.
   */
  private variants(word: string, last: boolean): Variant[] {
    const out: Variant[] = [];
    const exact = this.terms.get(word);
    const df = this.termDf;
    const masks = this.termMask;
    if (exact !== undefined && df[exact] > 0) out.push({ term: exact, cost: 0 });
    const bucket = this.buckets.get(word[0]) ?? [];
    const budget = typoBudget(word);
    // A word typed in full elsewhere in the query is not also read as the start of longer words.
    const prefixOk = last ? word.length >= 2 : word.length >= 5 && !exact;
    const prefixes: Variant[] = [];
    const mask = charMask(word);
    for (const term of bucket) {
      if (term === exact || df[term] === 0) continue;
      const text = this.termText[term];
      const lengthGap = text.length - word.length;
      // Cheap lower bounds before any edit distance: characters of the word the term lacks (each
      // costs an edit), and for equal-ish lengths characters either side lacks (two per substitution).
      const missing = popcount(mask & ~masks[term]);
      if (missing > budget) continue;
      // The last word as typed is a prefix: that beats reading it as a typo.
      if (last && prefixOk && lengthGap > 0 && text.startsWith(word)) {
        prefixes.push({ term, cost: 1 });
        continue;
      }
      if (budget > 0 && Math.abs(lengthGap) <= budget && popcount(mask ^ masks[term]) <= 2 * budget) {
        const d = editDistance(word, text, budget);
        if (d <= budget) {
          out.push({ term, cost: d * 2 });
          continue;
        }
      }
      if (!prefixOk || lengthGap <= 0) continue;
      if (text.startsWith(word)) {
        prefixes.push({ term, cost: last ? 1 : 3 });
      } else if (budget > 0 && lengthGap > 0) {
        const d = editDistance(word, text, budget, true);
        if (d <= budget) prefixes.push({ term, cost: (d + (last ? 0 : 1)) * 2 + 1 });
      }
    }
    prefixes.sort((a, b) => a.cost - b.cost || df[b.term] - df[a.term]);
    out.push(...prefixes.slice(0, MAX_PREFIX_VARIANTS));
    out.sort((a, b) => a.cost - b.cost || df[b.term] - df[a.term]);
    return out.slice(0, Math.max(MAX_VARIANTS, out.filter((v) => v.cost <= 1).length));
  }

  /** The term number of a word, added to the vocabulary when new. */
  private term(word: string): number {
    const text = word.length > MAX_WORD_LENGTH ? word.slice(0, MAX_WORD_LENGTH) : word;
    let term = this.terms.get(text);
    if (term === undefined) {
      term = this.termText.length;
      this.termText.push(text);
      if (term >= this.termDf.length) {
        const size = term * 2;
        this.termDf = grownInt32(this.termDf, size);
        this.termMask = grownInt32(this.termMask, size);
        this.termStart = grownInt32(this.termStart, size);
        this.termCount = grownInt32(this.termCount, size);
      }
      this.termMask[term] = charMask(text);
      this.terms.set(text, term);
      const bucket = this.buckets.get(text[0]);
      if (bucket) bucket.push(term);
      else this.buckets.set(text[0], [term]);
    }
    return term;
  }

  /** The best `want` slots by key, then `order` (higher first), then sort key (ascending). */
  private topSlots(touched: ArrayLike<number>, keyOf: (slot: number) => number, want: number): Array<{ slot: number; key: number }> {
    if (want === 0) return [];
    const order = this.order;
    const rank = this.rank;
    // Whether (slot a, key ka) ranks before (slot b, key kb): numbers only, strings for rare ties.
    const better = (a: number, ka: number, b: number, kb: number): boolean => {
      if (ka !== kb) return ka > kb;
      if (order[a] !== order[b]) return order[a] > order[b];
      if (rank[a] !== rank[b]) return rank[a] < rank[b];
      const x = this.sortKeys[a] ?? this.keys[a]!;
      const y = this.sortKeys[b] ?? this.keys[b]!;
      // Equal sort keys (only documents added since the last compaction share a rank): slot order,
      // which is insertion order. (Added with the engine's slot renumbering: before, such full ties
      // were left in the order the candidates were read, which depended on the posting layout.)
      return x !== y ? x < y : a < b;
    };
    // A min-heap of the best `want` entries in two typed arrays: its root is the worst kept one.
    const hs = new Int32Array(want);
    const hk = new Float64Array(want);
    let size = 0;
    const swap = (i: number, j: number): void => {
      const s = hs[i];
      hs[i] = hs[j];
      hs[j] = s;
      const k = hk[i];
      hk[i] = hk[j];
      hk[j] = k;
    };
    for (let t = 0; t < touched.length; t++) {
      const slot = touched[t];
      const key = keyOf(slot);
      if (size < want) {
        hs[size] = slot;
        hk[size] = key;
        let i = size++;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (!better(hs[p], hk[p], hs[i], hk[i])) break;
          swap(p, i);
          i = p;
        }
      } else if (better(slot, key, hs[0], hk[0])) {
        hs[0] = slot;
        hk[0] = key;
        for (let i = 0; ;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let worst = i;
          if (l < size && better(hs[worst], hk[worst], hs[l], hk[l])) worst = l;
          if (r < size && better(hs[worst], hk[worst], hs[r], hk[r])) worst = r;
          if (worst === i) break;
          swap(i, worst);
          i = worst;
        }
      }
    }
    const out = Array.from({ length: size }, (_, i) => ({ slot: hs[i], key: hk[i] }));
    return out.sort((x, y) => (better(x.slot, x.key, y.slot, y.key) ? -1 : better(y.slot, y.key, x.slot, x.key) ? 1 : 0));
  }

  /** Recomputes every live slot's tiebreak rank (after a compaction). */
  private rankSlots(): void {
    const sortKey = new Array<string>(this.slots);
    for (let s = 0; s < this.slots; s++) sortKey[s] = this.sortKeys[s] ?? this.keys[s]!;
    const slots = Array.from({ length: this.slots }, (_, s) => s);
    slots.sort((a, b) => {
      const x = sortKey[a];
      const y = sortKey[b];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.sorted = new Array<string>(this.slots);
    for (let i = 0; i < slots.length; i++) {
      this.sorted[i] = sortKey[slots[i]];
      this.rank[slots[i]] = i;
    }
  }

  /** A rank for a new sort key between those of the last compaction: just before its successor. */
  private rankOf(sortKey: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < sortKey) lo = mid + 1;
      else hi = mid;
    }
    return lo - 0.5;
  }

  private ensureSlots(min: number): void {
    this.live = grownUint8(this.live, min);
    this.flags = grownUint8(this.flags, min);
    this.exactA = grownInt32(this.exactA, min);
    this.exactB = grownInt32(this.exactB, min);
    this.order = grownFloat64(this.order, min);
    this.rank = grownFloat64(this.rank, min);
  }

  private resizeScratch(min: number): void {
    if (this.docGen.length < min) this.resetScratch(Math.max(min, this.docGen.length * 2));
  }

  private resetScratch(size = this.docGen.length): void {
    this.docGen = new Int32Array(size);
    this.wordTouchedScratch = new Int32Array(size);
    this.touchedScratch = new Int32Array(size);
    this.wordGen = new Int32Array(size);
    this.wordCode = new Int32Array(size);
    this.wordPos = new Int32Array(size);
    this.accMatched = new Int32Array(size);
    this.accTypos = new Int32Array(size);
    this.accWeight = new Float64Array(size);
    this.accProximity = new Int32Array(size);
    this.accExact = new Int32Array(size);
    this.accMask = new Int32Array(size);
    this.lastPos = new Int32Array(size);
    this.lastField = new Int32Array(size);
    this.generation = 0;
  }
}
