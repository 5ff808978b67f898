import { restoreFields, snapshotFields, type FieldSnapshot } from './field-snapshot.js';
import { editDistance, foldedWords, hash32, isSearchWord, MAX_WORD_LENGTH, typoBudget } from './text-fold.js';

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
export const MAX_QUERY_WORDS = 12;
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
export function parseQuery(query: string): { words: string[]; required: Set<string>; excluded: string[] } {
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

/** The exact-name filter's size: 16 bits per document at the last compaction, from 1,024 bits up to 2^24 (2 MB). */
const EXACT_MIN_WORDS = 32;
const EXACT_MAX_WORDS = 1 << 19;
const BIT_EXACT = 2 ** 44;
const BIT_WORDS = 2 ** 40;
const BIT_TYPOS = 2 ** 34;
const BIT_WEIGHT = 2 ** 20;
const BIT_PROXIMITY = 2 ** 12;
const BIT_EXACTNESS = 2 ** 8;

export class TextIndex {
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
  /** Per term: the bulk build's stamp of the last document it was posted for (bulkPostings). */
  private termStamp = new Int32Array(16);
  private bulkStamp = 0;
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
  /**
   * One bit per exact-text hash (its low bits; the length is a power of two sized at compaction) of
   * any document since the last compaction: a query whose hash's bit is clear is nobody's exact name,
   * and the search skips the check.
   */
  private exactBits = new Int32Array(EXACT_MIN_WORDS);
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
  private candidateScratch = new Int32Array(16);
  private touchedScratch = new Int32Array(16);
  private wordGen = new Int32Array(16);
  /** During a search: the slot's entry (in the ent* arrays) for the query word being read. */
  private wordIdx = new Int32Array(16);
  private accMatched = new Int32Array(16);
  private accTypos = new Int32Array(16);
  private accWeight = new Float64Array(16);
  private accProximity = new Int32Array(16);
  private accExact = new Int32Array(16);
  private accMask = new Int32Array(16);
  private lastPos = new Int32Array(16);
  private lastField = new Int32Array(16);
  private keyScratch = new Float64Array(16);
  private candGen = new Int32Array(16);
  private entSlot: I32 = EMPTY;
  private entCode: I32 = EMPTY;
  private entPos: I32 = EMPTY;
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
    this.exactBits = new Int32Array(EXACT_MIN_WORDS);
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
    this.markExact(this.exactA[slot]);
    this.markExact(this.exactB[slot]);
    if (this.bulk) {
      this.bulkPostings(doc.fields, slot);
      return;
    }
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
      const tail = this.tails.get(term);
      if (tail) tail.push(slot, info);
      else this.tails.set(term, [slot, info]);
      this.tailPairs++;
      this.termDf[term]++;
    }
  }

  /**
   * A bulk build's postings of one document: each word's first (field, position) straight into the
   * triples, in the order of first occurrence (as the per-document map of the incremental path gives
   * them), deduplicated by term number against a per-term stamp instead of a map of the document's words.
   */
  private bulkPostings(fields: readonly string[], slot: number): void {
    if (++this.bulkStamp === 0x7fffffff) {
      this.termStamp.fill(0);
      this.bulkStamp = 1;
    }
    const stamp = this.bulkStamp;
    let position = 0;
    for (let field = 0; field < fields.length; field++) {
      for (const word of foldedWords(fields[field])) {
        if (!isSearchWord(word)) continue;
        const info = (field << 16) | Math.min(position++, MAX_POSITION);
        const term = this.term(word);
        if (term >= this.termStamp.length) this.termStamp = grownInt32(this.termStamp, term + 1);
        if (this.termStamp[term] === stamp) continue;
        this.termStamp[term] = stamp;
        if (this.bulkLength === this.bulkTerm.length) {
          const size = Math.max(1024, this.bulkLength * 2);
          this.bulkTerm = grownInt32(this.bulkTerm, size);
          this.bulkSlot = grownInt32(this.bulkSlot, size);
          this.bulkInfo = grownInt32(this.bulkInfo, size);
        }
        this.bulkTerm[this.bulkLength] = term;
        this.bulkSlot[this.bulkLength] = slot;
        this.bulkInfo[this.bulkLength++] = info;
        this.termDf[term]++;
      }
      position += FIELD_GAP;
    }
  }

  /**
   * The whole index as a transferable copy (field-snapshot.ts), for an index built in a worker thread;
   * this instance is unusable afterwards (its typed arrays move with the snapshot).
   */
  snapshot(): FieldSnapshot {
    return snapshotFields(this);
  }

  /** Becomes the index a {@link snapshot} was taken of (built with the same field weights). */
  restore(snapshot: Omit<FieldSnapshot, 'transfer'>): void {
    restoreFields(this, snapshot);
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
    let words = EXACT_MIN_WORDS;
    while (words * 32 < next * 16 && words < EXACT_MAX_WORDS) words *= 2;
    this.exactBits = new Int32Array(words);
    for (let s = 0; s < next; s++) {
      this.markExact(exactA[s]);
      this.markExact(exactB[s]);
    }
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

  /**
   * Ranks the documents for a free-text query.
   *
   * Cost model: every posting of every variant of every query word is read once (one scan per
   * variant into the word's entries: a document's best code and its position), because `total` counts
   * every document that matched a word; only the candidates below are accumulated and keyed.
   *
   * Pruning invariant (several words): let `floor` be the largest number of matched words such that
   * at least `offset + limit` eligible documents matched that many words or more (1 when there are
   * fewer). Rule 2 (more words matched) is decided before every rule but the exact name, and an exact
   * name requires every query word matched exactly, so a document with fewer than `floor` words can
   * never rank within the first `offset + limit`: at least that many others rank before it. Only
   * documents matching `floor` words or more are accumulated and keyed; the rest are counted only.
   * The exact-name check is skipped when the query's hash is in no document's exact texts (the
   * `exactBits` filter; a false positive only costs the check). text-index.pruning.spec.ts compares
   * every outcome with the exhaustive evaluator of before (test/support/exhaustive-text-index.ts)
   * on random corpora and queries.
   */
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
    const post = this.post;
    const termStart = this.termStart;
    const termCount = this.termCount;

    // Each word's matches, one entry (slot, best code, its position) per document, in the ent* arrays
    // from wordFrom to wordEnd; wordIdx points a slot at its entry for the word being read.
    let en = 0;
    const wordFrom = new Int32Array(words.length);
    const wordEnd = new Int32Array(words.length);
    const wordIdf = new Float64Array(words.length);

    for (let index = 0; index < words.length; index++) {
      const word = words[index];
      const variants = this.variants(word, index === words.length - 1);
      if (variants.length === 0) continue;
      const wgen = gen * MAX_QUERY_WORDS + index + 1;
      // The closest vocabulary word stands for the query word in highlights (snippets).
      matchedTerms.add(this.termText[variants[0].term]);
      wordFrom[index] = en;
      for (const { term, cost } of variants) {
        // The compacted pairs, then the tail of pairs added since.
        const tail = this.tails.get(term);
        this.reserveEntries(en + termCount[term] + (tail ? tail.length / 2 : 0));
        en = this.scan(post, 2 * termStart[term], 2 * (termStart[term] + termCount[term]), cost, wgen, exclude, en);
        if (tail) en = this.scan(Int32Array.from(tail), 0, tail.length, cost, wgen, exclude, en);
      }
      wordEnd[index] = en;
      const wn = en - wordFrom[index];
      const idf = Math.log(1 + n / Math.max(1, wn));
      wordIdf[index] = idf;
      if (single) {
        // One query word: its best posting per document is the whole story; no accumulation.
        singleIdf = idf;
        continue;
      }
      // Several words: only the union of the words' documents is marked now; the accumulation waits
      // until the candidates are known (below).
      const entSlot = this.entSlot;
      const docGen = this.docGen;
      const accMask = this.accMask;
      const bit = 1 << index;
      for (let e = wordFrom[index]; e < en; e++) {
        const slot = entSlot[e];
        if (docGen[slot] !== gen) {
          docGen[slot] = gen;
          accMask[slot] = bit;
          touched[tn++] = slot;
        } else {
          accMask[slot] |= bit;
        }
      }
    }
    // Web-search syntax: words in quotes must all match, `-word` leaves out documents with that word.
    let requiredMask = 0;
    words.forEach((w, i) => {
      if (parsed.required.has(w)) requiredMask |= 1 << i;
    });
    // Excluded documents are marked with -gen in candGen (candidates get +gen later, in accumulate).
    const candGen = this.candGen;
    let excluding = false;
    for (const word of parsed.excluded) {
      const term = this.terms.get(word);
      if (term === undefined) continue;
      excluding = true;
      for (let k = 0; k < termCount[term]; k++) candGen[post[2 * (termStart[term] + k)]] = -gen;
      const tail = this.tails.get(term) ?? [];
      for (let k = 0; k < tail.length; k += 2) candGen[tail[k]] = -gen;
    }
    const want = Math.max(0, (options.offset ?? 0) + options.limit);
    // The documents keyed for the page: every eligible one for a single word; for several words only
    // those matching at least `floor` words (see the pruning invariant on this method).
    let candidates: I32;
    let total: number;
    if (single) {
      // The word's entries, in place (those of excluded documents dropped), are the candidates.
      const { entSlot, entCode } = this;
      let kept = en;
      if (excluding) {
        kept = 0;
        for (let e = 0; e < en; e++) {
          if (candGen[entSlot[e]] === -gen) continue;
          entSlot[kept] = entSlot[e];
          entCode[kept++] = entCode[e];
        }
      }
      candidates = entSlot.subarray(0, kept);
      total = kept;
    } else {
      const accMask = this.accMask;
      const levels = new Int32Array(MAX_QUERY_WORDS + 1);
      let eligible = touched.subarray(0, tn);
      if (requiredMask || excluding) {
        eligible = eligible.filter((slot) => (accMask[slot] & requiredMask) === requiredMask && candGen[slot] !== -gen);
      }
      total = eligible.length;
      for (let k = 0; k < total; k++) levels[popcount(accMask[eligible[k]])]++;
      let floor = MAX_QUERY_WORDS;
      for (let atLeast = levels[floor]; floor > 1 && atLeast < want;) atLeast += levels[--floor];
      candidates = eligible;
      if (floor > 1) {
        let cn = 0;
        candidates = this.candidateScratch;
        for (let k = 0; k < total; k++) if (popcount(accMask[eligible[k]]) >= floor) candidates[cn++] = eligible[k];
        candidates = candidates.subarray(0, cn);
      }
      this.accumulate(candidates, gen, words.length, wordFrom, wordEnd, wordIdf);
    }
    if (total === 0) return empty;

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
    const mayBeExact = this.mayBeExact(queryHash);
    const cn = candidates.length;
    if (this.keyScratch.length < cn) this.keyScratch = new Float64Array(Math.max(cn, this.keyScratch.length * 2));
    const keys = this.keyScratch;
    if (single) {
      const entCode = this.entCode;
      for (let k = 0; k < cn; k++) {
        const slot = candidates[k];
        const code = entCode[k];
        const key = singleKeys[code & 511];
        keys[k] = mayBeExact && code < 8 && (exactA[slot] === queryHash || exactB[slot] === queryHash) ? key + BIT_EXACT : key;
      }
    } else {
      const { accExact, accMatched, accTypos, accWeight, accProximity } = this;
      const all = words.length;
      for (let k = 0; k < cn; k++) {
        const slot = candidates[k];
        const exact = accExact[slot];
        const exactName = mayBeExact && exact === all && (exactA[slot] === queryHash || exactB[slot] === queryHash) ? BIT_EXACT : 0;
        keys[k] =
          exactName +
          Math.min(accMatched[slot], 15) * BIT_WORDS +
          (63 - Math.min(accTypos[slot], 63)) * BIT_TYPOS +
          Math.min(Math.round(accWeight[slot] * 16), 16383) * BIT_WEIGHT +
          (255 - Math.min(accProximity[slot], 255)) * BIT_PROXIMITY +
          Math.min(exact, 15) * BIT_EXACTNESS;
      }
    }
    const top = this.topSlots(candidates, keys, want);
    const wordIdx = this.wordIdx;
    const entCode = this.entCode;
    const maxKey = BIT_EXACT * 2;
    const hits = top.slice(options.offset ?? 0).map(({ slot, key }) => ({
      key: this.keys[slot]!,
      score: Math.round((key / maxKey) * 1e6) / 1e6,
      matchedWords: single ? 1 : this.accMatched[slot],
      typos: single ? entCode[wordIdx[slot]] >>> 4 : this.accTypos[slot],
    }));
    return { words, terms: [...matchedTerms], total, hits };
  }

  // ------------------------------------------------------------------------------------------------

  /**
   * Reads one variant's pairs into the current word's entries: a document's first pair adds its
   * entry, a later one (another variant) replaces the code and position when its code is lower.
   * Returns the new entry count. The hot loop of every search: typed arrays only, no calls.
   */
  private scan(pairs: I32, from: number, end: number, cost: number, wgen: number, exclude: number, en: number): number {
    const { live, flags, wordGen, wordIdx, entSlot, entCode, entPos } = this;
    const base = cost << 3;
    for (let k = from; k < end; k += 2) {
      const slot = pairs[k];
      if (live[slot] === 0 || (flags[slot] & exclude) !== 0) continue;
      const i = pairs[k + 1];
      const code = base | (i >>> 16);
      if (wordGen[slot] !== wgen) {
        wordGen[slot] = wgen;
        wordIdx[slot] = en;
        entSlot[en] = slot;
        entCode[en] = code;
        entPos[en++] = i;
      } else {
        const e = wordIdx[slot];
        if (code < entCode[e]) {
          entCode[e] = code;
          entPos[e] = i;
        }
      }
    }
    return en;
  }

  private reserveEntries(min: number): void {
    if (this.entSlot.length >= min) return;
    const size = Math.max(min, this.entSlot.length * 2);
    this.entSlot = grownInt32(this.entSlot, size);
    this.entCode = grownInt32(this.entCode, size);
    this.entPos = grownInt32(this.entPos, size);
  }

  /**
   * Sums the ranking facts of the candidate documents, word after word in query order (proximity is
   * measured from the previous matched word), from the entries the search kept for each word.
   */
  private accumulate(candidates: I32, gen: number, wordCount: number, wordFrom: I32, wordEnd: I32, wordIdf: F64): void {
    const { candGen, accMatched, accTypos, accWeight, accProximity, accExact, lastPos, lastField, entSlot, entCode, entPos } = this;
    for (let k = 0; k < candidates.length; k++) {
      const slot = candidates[k];
      candGen[slot] = gen;
      accMatched[slot] = 0;
      accTypos[slot] = 0;
      accWeight[slot] = 0;
      accProximity[slot] = 0;
      accExact[slot] = 0;
      lastPos[slot] = -1;
    }
    const fieldWeight = this.fieldWeights;
    for (let index = 0; index < wordCount; index++) {
      const idf = wordIdf[index];
      for (let e = wordFrom[index], end = wordEnd[index]; e < end; e++) {
        const slot = entSlot[e];
        if (candGen[slot] !== gen) continue;
        const code = entCode[e];
        const cost = code >>> 3;
        const field = code & 7;
        const pos = entPos[e] & 0xffff;
        accMatched[slot]++;
        accTypos[slot] += cost >>> 1;
        accWeight[slot] += (fieldWeight[field] ?? 1) * idf;
        if (cost === 0) accExact[slot]++;
        if (lastPos[slot] >= 0) {
          const distance = lastField[slot] === field ? Math.abs(pos - lastPos[slot]) : PROXIMITY_CAP;
          accProximity[slot] += Math.min(distance, PROXIMITY_CAP) - 1;
        }
        lastPos[slot] = pos;
        lastField[slot] = field;
      }
    }
  }

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
  private topSlots(slots: I32, keys: F64, want: number): Array<{ slot: number; key: number }> {
    if (want === 0) return [];
    const order = this.order;
    const rank = this.rank;
    // Whether (slot a, key ka) ranks before (slot b, key kb): numbers only, strings for rare ties.
    const better = (a: number, ka: number, b: number, kb: number): boolean => {
      if (ka !== kb) return ka > kb;
      if (order[a] !== order[b]) return order[a] > order[b];
      if (rank[a] !== rank[b]) return rank[a] < rank[b];
      return (this.sortKeys[a] ?? this.keys[a]!) < (this.sortKeys[b] ?? this.keys[b]!);
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
    for (let t = 0; t < slots.length; t++) {
      const slot = slots[t];
      const key = keys[t];
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

  private markExact(hash: number): void {
    const bits = this.exactBits;
    bits[(hash >>> 5) & (bits.length - 1)] |= 1 << (hash & 31);
  }

  private mayBeExact(hash: number): boolean {
    const bits = this.exactBits;
    return (bits[(hash >>> 5) & (bits.length - 1)] & (1 << (hash & 31))) !== 0;
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
    this.candidateScratch = new Int32Array(size);
    this.touchedScratch = new Int32Array(size);
    this.wordGen = new Int32Array(size);
    this.wordIdx = new Int32Array(size);
    this.accMatched = new Int32Array(size);
    this.accTypos = new Int32Array(size);
    this.accWeight = new Float64Array(size);
    this.accProximity = new Int32Array(size);
    this.accExact = new Int32Array(size);
    this.accMask = new Int32Array(size);
    this.candGen = new Int32Array(size);
    this.lastPos = new Int32Array(size);
    this.lastField = new Int32Array(size);
    this.generation = 0;
  }
}
