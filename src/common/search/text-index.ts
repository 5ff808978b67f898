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
 * written by a counting sort at {@link TextIndex.compact}. A compaction also renumbers the documents
 * (slots) in tiebreak order (`order` descending, then sort key), so that a smaller slot ranks first
 * among equal keys, and lays each term's pairs out by field, then slot: a (term, field) run lists
 * its documents in rank order. Terms held by a 32nd of the documents or more also get a bitmap.
 * A bulk build appends (term, info) pairs to two growing typed arrays, document after document, and
 * finds its words through a cache read from the text's characters — no array, object or string per
 * word seen before — and postings added after a compaction go to small per-term tails until the next one
 * (their slots, after the compacted ones, are keyed one by one by a search).
 *
 * Searching (see {@link TextIndex.search}): each query word's documents are a bitmap, so `total`,
 * word rarity and the count of matched words are exact without ranking anything; the page is then
 * read from the runs in key order and the reading stops once it is settled — the cost follows the
 * page, not the number of postings of a common word.
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
/** Combinations of one (variant, field) run per word past which a search accumulates every candidate. */
const MAX_COMBINATIONS = 8192;
/** Exact-text entries sharing the query's hash bucket past which a single word's exact names are read from its runs. */
const MAX_NAME_CHAIN = 256;
/** Vocabulary buckets (by first character) from which a one-typo word reads ranges of the sorted bucket. */
const BUCKET_SCAN = 256;
/**
 * Terms held by at least 1/DENSE_FRACTION of the compacted documents also get a bitmap of them (at
 * most half the bytes of the term's postings): a search ORs it 32 documents at a time instead of
 * setting one bit per posting.
 */
const DENSE_FRACTION = 32;
/** Earlier groups of a lower key a one-word search probes per document before it marks the groups instead. */
const LOWER_GROUPS = 4;

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

/**
 * Fields a {@link TextIndex.snapshot} leaves out and a restore rebuilds: the vocabulary map (from the
 * term texts), the key map (from the slots' keys and ids), the sort order (from the slots' ranks) and
 * the upsert's scratch map.
 */
const DERIVED_FIELDS = [
  'terms',
  'termsStale',
  'idByKey',
  'keysPending',
  'keysFilled',
  'lastBulkKey',
  'sorted',
  'seen',
  'wordTable',
  'wordCount',
  'otherWords',
  'fieldTerms',
  'fieldJoined',
];

/** FNV-1a, as {@link hash32}: its offset basis, and one character's step. */
const FNV_BASIS = 0x811c9dc5;
const fnv = (hash: number, code: number): number => Math.imul(hash ^ code, 0x01000193);

/** A letter or digit of ASCII text (the characters of its words). */
const asciiWordChar = (c: number): boolean => (c >= 97 ? c <= 122 : c >= 65 ? c <= 90 : c >= 48 && c <= 57);

/** An ASCII character lower-cased. */
const asciiLower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

const BIT_EXACT = 2 ** 44;
const BIT_WORDS = 2 ** 40;
const BIT_TYPOS = 2 ** 34;
const BIT_WEIGHT = 2 ** 20;
const BIT_PROXIMITY = 2 ** 12;
const BIT_EXACTNESS = 2 ** 8;

export class TextIndex {
  /**
   * Word → term number; a term's facts are in the arrays below, indexed by that number. Not kept by a
   * bulk build (its word cache finds the terms) nor by the compaction that ends it (`termsStale`):
   * rebuilt from `termText` on first use ({@link vocabulary}) — never, in a worker's build, whose
   * snapshot leaves it out.
   */
  private readonly terms = new Map<string, number>();
  private termsStale = false;
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
  /**
   * The compacted slots of each term held by at least 1/DENSE_FRACTION of them, as a bitmap (half
   * the term's postings' bytes at most): a search marks such a word's documents 32 at a time.
   */
  private dense = new Map<number, I32>();
  /** Pairs added since the last compaction, per term. */
  private tails = new Map<number, number[]>();
  private tailPairs = 0;
  /**
   * A bulk build's postings as (term, info) pairs, document after document (slot `s`'s from
   * `bulkFirst[s]` to `bulkFirst[s + 1]`), sorted into `post` by compact().
   */
  private bulkTerm: I32 = EMPTY;
  private bulkInfo: I32 = EMPTY;
  private bulkFirst: I32 = EMPTY;
  private bulkLength = 0;
  /** Per term: the bulk build's stamp of the last document it was posted for (bulkPostings). */
  private termStamp = new Int32Array(16);
  private bulkStamp = 0;
  /**
   * A bulk build's cache of the words of ASCII text met so far, so that a word seen before is found
   * from the text's characters without cutting, lower-casing or hashing a string for it: open
   * addressing, two ints per bucket — the word's FNV-1a hash and its entry, 1 + its term number, or
   * -1 - i for `otherWords[i]` (a stop word or one letter: not a search word); 0 marks an empty bucket.
   * Dropped at compaction (term numbers change there).
   */
  private wordTable: I32 = EMPTY;
  private wordCount = 0;
  private otherWords: string[] = [];
  /** Scratch of {@link asciiTerms}: the term numbers of one field's words, and its exact-text hash. */
  private fieldTerms = new Int32Array(64);
  private fieldJoined = 0;
  /** Vocabulary by first character: typo and prefix variants are looked up in one bucket. */
  private readonly buckets = new Map<string, number[]>();
  /** Buckets sorted by text (taken on first use; the terms added since are at the bucket's end). */
  private sortedBuckets = new Map<string, I32>();
  /** Reused by upsert: a document's words and their first (field, position). */
  private readonly seen = new Map<string, number>();
  /**
   * Key → the document's id: the slot it was given when added, before any renumbering since (so a
   * compaction renumbers slots in two typed arrays, not in this map; ids are reissued when they
   * outnumber the slots twice).
   */
  private readonly idByKey = new Map<string, number>();
  /**
   * A bulk build whose keys came in ascending order (as a build reads them, by id) cannot have had a
   * duplicate: it leaves `idByKey` unfilled (`keysPending`) until a key is asked about or comes out
   * of order ({@link keyIds} then fills it from the slots); a worker's build, whose snapshot leaves
   * the map out, never fills it, and a restore leaves it to {@link fillKeys} (the main thread's idle
   * time after a worker's build) or to the first key asked about. While pending, the slots below
   * `keysFilled` are in the map.
   */
  private keysPending = false;
  private keysFilled = 0;
  private lastBulkKey: string | undefined = undefined;
  private slotOfId = new Int32Array(16);
  private idOfSlot = new Int32Array(16);
  private ids = 0;
  private keys: Array<string | undefined> = [];
  private sortKeys: Array<string | undefined> = [];
  private live = new Uint8Array(16);
  /** `live` as a bitmap (bit s & 31 of word s >>> 5), for the per-word sets of a search. */
  private liveBits = new Int32Array(1);
  private flags = new Uint8Array(16);
  /** Per flag bit (0–7), a bitmap of the slots carrying it; allocated when a document first carries it. */
  private flagBits: Array<Int32Array | undefined> = [];
  private exactA = new Int32Array(16);
  private exactB = new Int32Array(16);
  /**
   * The exact texts' hashes as chained hash buckets: `exactHead[hash & mask]` is 1 + the first entry
   * (slot * 2 + 0 for exactA, + 1 for exactB), `exactNext[entry]` 1 + the next one (0 ends a chain).
   * Sized at compaction; documents added later are chained in the same buckets.
   */
  private exactHead = new Int32Array(16);
  private exactNext = new Int32Array(32);
  private order = new Float64Array(16);
  private slots = 0;
  /**
   * Slots below this one were laid out by the last compaction: numbered in tiebreak order (`order`
   * descending, then sort key) and their postings in `post`; slots from it on were added since (their
   * postings are in the tails).
   */
  private compacted = 0;
  /** Slots below `compacted` removed since the last compaction. */
  private removedCompacted = 0;
  private liveCount = 0;
  /** Between clear() and compact(): postings go to the bulk pairs. */
  private bulk = false;
  /**
   * Tiebreak ranks: twice the position of the slot's sort key among the sort keys at the last
   * compaction (odd, just before its successor's, for a document added since).
   */
  private rank = new Int32Array(16);
  private sorted: string[] = [];
  // Scratch space of one search (searches are synchronous, so one set is enough).
  private wordGen = new Int32Array(16);
  /** During a search: the slot's entry (in the ent* arrays) for the query word being read. */
  private wordIdx = new Int32Array(16);
  private accMatched = new Int32Array(16);
  private accTypos = new Int32Array(16);
  private accWeight = new Float64Array(16);
  private accProximity = new Int32Array(16);
  private accExact = new Int32Array(16);
  private lastPos = new Int32Array(16);
  private lastField = new Int32Array(16);
  private keyScratch = new Float64Array(16);
  private candGen = new Int32Array(16);
  private entSlot: I32 = EMPTY;
  private entCode: I32 = EMPTY;
  private entPos: I32 = EMPTY;
  /** Bitmaps of one search (one slot per bit), reused: one per query word, then the union, the candidates... */
  private bitmaps: I32[] = [];
  private generation = 0;

  /** @param fieldWeights one weight per field, field 0 (the name) first. */
  constructor(private readonly fieldWeights: readonly number[]) {}

  /** Live documents. */
  get size(): number {
    return this.liveCount;
  }

  /** Distinct indexed words. */
  get vocabularySize(): number {
    return this.termText.length;
  }

  /** Postings held (one per distinct word and document, dead documents included until compacted). */
  get postings(): number {
    return this.post.length / 2 + this.tailPairs + this.bulkLength;
  }

  has(key: string): boolean {
    return this.keyIds().has(key);
  }

  /** Empties the index and starts a bulk build: postings are collected cheaply until {@link compact}. */
  clear(): void {
    this.bulk = true;
    this.dropWordCache();
    this.post = EMPTY;
    this.tails.clear();
    this.dense = new Map();
    this.sortedBuckets = new Map();
    this.tailPairs = 0;
    this.bulkTerm = EMPTY;
    this.bulkInfo = EMPTY;
    this.bulkFirst = EMPTY;
    this.bulkLength = 0;
    this.termText = [];
    this.termDf = new Int32Array(16);
    this.termMask = new Int32Array(16);
    this.termStart = new Int32Array(16);
    this.termCount = new Int32Array(16);
    this.sorted = [];
    this.rank = new Int32Array(16);
    this.terms.clear();
    this.termsStale = true;
    this.buckets.clear();
    this.idByKey.clear();
    this.keysPending = true;
    this.keysFilled = 0;
    this.lastBulkKey = undefined;
    this.slotOfId = new Int32Array(16);
    this.idOfSlot = new Int32Array(16);
    this.ids = 0;
    this.keys = [];
    this.sortKeys = [];
    this.live = new Uint8Array(16);
    this.liveBits = new Int32Array(1);
    this.flags = new Uint8Array(16);
    this.flagBits = [];
    this.exactA = new Int32Array(16);
    this.exactB = new Int32Array(16);
    this.exactHead = new Int32Array(16);
    this.exactNext = new Int32Array(32);
    this.order = new Float64Array(16);
    this.slots = 0;
    this.compacted = 0;
    this.removedCompacted = 0;
    this.liveCount = 0;
  }

  /** Adds a document, replacing the one with the same key. */
  upsert(doc: IndexDocument): void {
    // A key above every one before it in a bulk build is new: nothing to replace, no map to update.
    const ascending = this.bulk && this.keysPending && (this.lastBulkKey === undefined || doc.key > this.lastBulkKey);
    if (ascending) this.lastBulkKey = doc.key;
    else this.remove(doc.key);
    const slot = this.slots++;
    this.ensureSlots(this.slots);
    this.keys[slot] = doc.key;
    this.sortKeys[slot] = doc.sortKey;
    this.live[slot] = 1;
    this.liveBits[slot >>> 5] |= 1 << (slot & 31);
    this.flags[slot] = doc.flags ?? 0;
    for (let bit = 0; bit < 8; bit++) if ((this.flags[slot] >> bit) & 1) this.flagBitmap(bit)[slot >>> 5] |= 1 << (slot & 31);
    this.order[slot] = doc.order ?? 0;
    this.rank[slot] = this.bulk ? 0 : this.rankOf(doc.sortKey ?? doc.key);
    const id = this.ids++;
    this.slotOfId = grownInt32(this.slotOfId, this.ids);
    this.slotOfId[id] = slot;
    this.idOfSlot[slot] = id;
    if (!ascending) this.idByKey.set(doc.key, id);
    this.liveCount++;
    if (this.bulk) {
      // The exact texts that are also fields are hashed as those fields are read.
      const hashed = this.bulkPostings(doc.fields, slot, doc.exact);
      if (!(hashed & 1)) this.exactA[slot] = doc.exact?.[0] === undefined ? 0 : this.exactHashOf(doc.exact[0]);
      if (!(hashed & 2)) this.exactB[slot] = doc.exact?.[1] === undefined ? 0 : this.exactHashOf(doc.exact[1]);
      return;
    }
    this.exactA[slot] = doc.exact?.[0] === undefined ? 0 : exactHash(doc.exact[0]);
    this.exactB[slot] = doc.exact?.[1] === undefined ? 0 : exactHash(doc.exact[1]);
    this.chainExact(slot * 2);
    this.chainExact(slot * 2 + 1);
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
   * bulk pairs, in the order of first occurrence (as the per-document map of the incremental path gives
   * them), deduplicated by term number against a per-term stamp instead of a map of the document's words.
   * ASCII fields (most text) are read character by character, their words looked up in the word
   * cache ({@link asciiWord}); others through {@link foldedWords}, as the incremental path reads them.
   * A field equal to an exact text gives that text's hash ({@link exactHash}) on the way: bit 0 of
   * the result when `exactA` was so set, bit 1 for `exactB`.
   */
  private bulkPostings(fields: readonly string[], slot: number, exact: readonly string[] | undefined): number {
    if (++this.bulkStamp === 0x7fffffff) {
      this.termStamp.fill(0);
      this.bulkStamp = 1;
    }
    const stamp = this.bulkStamp;
    if (slot + 2 > this.bulkFirst.length) this.bulkFirst = grownInt32(this.bulkFirst, slot + 2);
    this.bulkFirst[slot] = this.bulkLength;
    const exactA = exact?.[0];
    const exactB = exact?.[1];
    let hashed = 0;
    let position = 0;
    for (let field = 0; field < fields.length; field++) {
      const text = fields[field];
      const isA = text === exactA;
      const isB = text === exactB;
      const words = this.asciiTerms(text, isA || isB);
      if (words >= 0) {
        const found = this.fieldTerms;
        for (let k = 0; k < words; k++) this.bulkPost(found[k], (field << 16) | Math.min(position++, MAX_POSITION), stamp);
        if (isA) this.exactA[slot] = this.fieldJoined;
        if (isB) this.exactB[slot] = this.fieldJoined;
        hashed |= (isA ? 1 : 0) | (isB ? 2 : 0);
      } else {
        for (const word of foldedWords(text)) {
          if (!isSearchWord(word)) continue;
          this.bulkPost(this.foldedTerm(word), (field << 16) | Math.min(position++, MAX_POSITION), stamp);
        }
      }
      position += FIELD_GAP;
    }
    this.bulkFirst[slot + 1] = this.bulkLength;
    return hashed;
  }

  /**
   * The term numbers of the search words of an ASCII text, in order, into `fieldTerms`, through the
   * word cache (new words are added to the vocabulary); their count. With `join`, also the text's
   * {@link exactHash} (its search words joined by spaces), into `fieldJoined`. -1, with nothing written, for a
   * text with a character outside ASCII — after the words before that character have been looked
   * up: they are the first words the folded text gives too, so the vocabulary grows as it would.
   */
  private asciiTerms(text: string, join: boolean): number {
    let found = 0;
    let joined = FNV_BASIS;
    for (let i = 0, n = text.length; i < n;) {
      let c = text.charCodeAt(i);
      if (!asciiWordChar(c)) {
        if (c >= 128) return -1;
        i++;
        continue;
      }
      const start = i;
      const cut = start + MAX_WORD_LENGTH;
      let hash = FNV_BASIS;
      for (; i < n && asciiWordChar((c = text.charCodeAt(i))); i++) if (i < cut) hash = fnv(hash, asciiLower(c));
      if (i < n && c >= 128) return -1;
      const end = Math.min(i, cut);
      const entry = this.asciiWord(text, start, end, hash, true);
      if (entry <= 0) continue;
      if (join) {
        if (found > 0) joined = fnv(joined, 32);
        for (let k = start; k < end; k++) joined = fnv(joined, asciiLower(text.charCodeAt(k)));
      }
      if (found === this.fieldTerms.length) this.fieldTerms = grownInt32(this.fieldTerms, found + 1);
      this.fieldTerms[found++] = entry - 1;
    }
    this.fieldJoined = joined | 0;
    return found;
  }

  /** One posting of a bulk build, unless the document already has one for the term. */
  private bulkPost(term: number, info: number, stamp: number): void {
    if (term >= this.termStamp.length) this.termStamp = grownInt32(this.termStamp, term + 1);
    if (this.termStamp[term] === stamp) return;
    this.termStamp[term] = stamp;
    if (this.bulkLength === this.bulkTerm.length) {
      const size = Math.max(1024, this.bulkLength * 2);
      this.bulkTerm = grownInt32(this.bulkTerm, size);
      this.bulkInfo = grownInt32(this.bulkInfo, size);
    }
    this.bulkTerm[this.bulkLength] = term;
    this.bulkInfo[this.bulkLength++] = info;
    this.termDf[term]++;
  }

  /**
   * The word cache's entry for the word of ASCII `text` from `start` to `end` (a run of letters and
   * digits, at most MAX_WORD_LENGTH long, whose lower-cased characters hash to `hash`): 1 + its term
   * number when it is a search word, else negative. A word not met before is cut out, lower-cased and
   * looked up (or added, with `create`) in the vocabulary once, then cached; without `create`, a
   * word not met before is only classified (1 for a search word, -1 for another) and not cached.
   */
  private asciiWord(text: string, start: number, end: number, hash: number, create: boolean, folded = false): number {
    if (this.wordCount * 4 >= this.wordTable.length) this.growWordTable();
    const table = this.wordTable;
    const mask = (table.length >>> 1) - 1;
    const length = end - start;
    let b = hash & mask;
    for (; ; b = (b + 1) & mask) {
      const entry = table[2 * b + 1];
      if (entry === 0) break;
      if (table[2 * b] !== hash) continue;
      const word = entry > 0 ? this.termText[entry - 1] : this.otherWords[-1 - entry];
      if (word.length !== length) continue;
      let k = 0;
      while (k < length && word.charCodeAt(k) === asciiLower(text.charCodeAt(start + k))) k++;
      if (k === length) return entry;
    }
    const word = folded ? text : text.slice(start, end).toLowerCase();
    // Not added to the vocabulary (an exact text's words): 1 for a search word, -1 for another.
    if (!create) return isSearchWord(word) ? 1 : -1;
    let entry: number;
    if (isSearchWord(word)) {
      entry = this.newTerm(word) + 1;
    } else {
      this.otherWords.push(word);
      entry = -this.otherWords.length;
    }
    table[2 * b] = hash;
    table[2 * b + 1] = entry;
    this.wordCount++;
    return entry;
  }

  /** The term of a folded search word of a bulk build (a field outside ASCII), through the word cache. */
  private foldedTerm(word: string): number {
    const text = word.length > MAX_WORD_LENGTH ? word.slice(0, MAX_WORD_LENGTH) : word;
    // Folded text has no upper-case letter: its characters hash as asciiWord lower-cases them.
    let hash = FNV_BASIS;
    for (let k = 0; k < text.length; k++) hash = fnv(hash, text.charCodeAt(k));
    return this.asciiWord(text, 0, text.length, hash, true, true) - 1;
  }

  private dropWordCache(): void {
    this.wordTable = EMPTY;
    this.wordCount = 0;
    this.otherWords = [];
  }

  /** Doubles the word cache (at most half its buckets are taken). */
  private growWordTable(): void {
    const old = this.wordTable;
    const table = new Int32Array(Math.max(2048, old.length * 2));
    const mask = (table.length >>> 1) - 1;
    for (let k = 0; k < old.length; k += 2) {
      if (old[k + 1] === 0) continue;
      let b = old[k] & mask;
      while (table[2 * b + 1] !== 0) b = (b + 1) & mask;
      table[2 * b] = old[k];
      table[2 * b + 1] = old[k + 1];
    }
    this.wordTable = table;
  }

  /**
   * {@link exactHash} of a text in a bulk build: for ASCII text, through the word cache (adding no
   * word to the vocabulary), the hash of its search words joined by spaces from the text's characters.
   */
  private asciiExactHash(text: string): number {
    let joined = FNV_BASIS;
    let words = 0;
    for (let i = 0, n = text.length; i < n;) {
      let c = text.charCodeAt(i);
      if (!asciiWordChar(c)) {
        if (c >= 128) return exactHash(text);
        i++;
        continue;
      }
      const start = i;
      const cut = start + MAX_WORD_LENGTH;
      let hash = FNV_BASIS;
      for (; i < n && asciiWordChar((c = text.charCodeAt(i))); i++) if (i < cut) hash = fnv(hash, asciiLower(c));
      if (i < n && c >= 128) return exactHash(text);
      const end = Math.min(i, cut);
      if (this.asciiWord(text, start, end, hash, false) < 0) continue;
      if (words++ > 0) joined = fnv(joined, 32);
      for (let k = start; k < end; k++) joined = fnv(joined, asciiLower(text.charCodeAt(k)));
    }
    return joined | 0;
  }

  /** {@link exactHash} of a document's exact text (through the word cache in a bulk build). */
  private exactHashOf(text: string): number {
    return this.bulk ? this.asciiExactHash(text) : exactHash(text);
  }

  /**
   * The whole index as a transferable copy (field-snapshot.ts), for an index built in a worker thread;
   * this instance is unusable afterwards (its typed arrays move with the snapshot).
   */
  snapshot(): FieldSnapshot {
    // The sort order is rebuilt from the ranks, which number it only right after a compaction.
    if (this.bulk || this.compacted !== this.slots || this.removedCompacted > 0 || this.tailPairs > 0) this.compact();
    return snapshotFields(this, DERIVED_FIELDS);
  }

  /** Becomes the index a {@link snapshot} was taken of (built with the same field weights). */
  restore(snapshot: Omit<FieldSnapshot, 'transfer'>): void {
    restoreFields(this, snapshot);
    // The fields the snapshot leaves out, from those it carries (sharing their strings).
    this.termsStale = true;
    this.vocabulary();
    this.idByKey.clear();
    this.keysPending = true;
    this.keysFilled = 0;
    this.lastBulkKey = undefined;
    const sorted = new Array<string>(this.compacted);
    for (let s = 0; s < this.compacted; s++) sorted[this.rank[s] >> 1] = this.sortKeys[s] ?? this.keys[s]!;
    this.sorted = sorted;
    this.seen.clear();
  }

  /** Removes a document; its postings stay (skipped) until {@link compact}. */
  remove(key: string): boolean {
    const idByKey = this.keyIds();
    const id = idByKey.get(key);
    if (id === undefined) return false;
    const slot = this.slotOfId[id];
    idByKey.delete(key);
    this.live[slot] = 0;
    this.liveBits[slot >>> 5] &= ~(1 << (slot & 31));
    if (slot < this.compacted) this.removedCompacted++;
    this.keys[slot] = undefined;
    this.sortKeys[slot] = undefined;
    this.liveCount--;
    return true;
  }

  /** Whether enough postings point at removed documents that {@link compact} is worth it. */
  get fragmented(): boolean {
    return this.slots > 1000 && (this.liveCount < this.slots * 0.75 || this.tailPairs > this.post.length / 8);
  }

  /**
   * Drops postings of removed documents, renumbers the live ones in tiebreak order (`order`
   * descending, then sort key ascending, then insertion: the slot order is the final tiebreak of the
   * ranking) and lays each term's postings out by field, then slot; trims every array to its length.
   */
  compact(): void {
    const oldSlots = this.slots;
    const liveOld = new Int32Array(oldSlots);
    let next = 0;
    for (let s = 0; s < oldSlots; s++) if (this.live[s]) liveOld[next++] = s;
    // Ranks by sort key; equal sort keys keep slot order, which is their insertion order (a later
    // upsert takes a new slot at the end, and a compaction keeps the order of equal sort keys).
    const sortKey = new Array<string>(next);
    for (let i = 0; i < next; i++) sortKey[i] = this.sortKeys[liveOld[i]] ?? this.keys[liveOld[i]]!;
    const byKey = Array.from({ length: next }, (_, i) => i);
    byKey.sort((a, b) => {
      const x = sortKey[a];
      const y = sortKey[b];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const rankOf = new Int32Array(next);
    const sorted = new Array<string>(next);
    for (let r = 0; r < next; r++) {
      rankOf[byKey[r]] = r;
      sorted[r] = sortKey[byKey[r]];
    }
    const oldOrder = this.order;
    let inOrder = byKey;
    for (let r = 1; r < next; r++) {
      if (oldOrder[liveOld[byKey[r]]] > oldOrder[liveOld[byKey[r - 1]]]) {
        inOrder = byKey.slice().sort((a, b) => oldOrder[liveOld[b]] - oldOrder[liveOld[a]] || rankOf[a] - rankOf[b]);
        break;
      }
    }
    const remap = new Int32Array(oldSlots).fill(-1);
    const size = Math.max(next, 16);
    const keys: Array<string | undefined> = new Array<string | undefined>(next);
    const sortKeys: Array<string | undefined> = new Array<string | undefined>(next);
    const live = new Uint8Array(size).fill(1, 0, next);
    const liveBits = new Int32Array((size + 31) >>> 5);
    for (let to = 0; to < next; to++) liveBits[to >>> 5] |= 1 << (to & 31);
    const flags = new Uint8Array(size);
    const exactA = new Int32Array(size);
    const exactB = new Int32Array(size);
    const order = new Float64Array(size);
    const rank = new Int32Array(size);
    const idOfSlot = new Int32Array(size);
    const oldOf = new Int32Array(next);
    for (let to = 0; to < next; to++) {
      const i = inOrder[to];
      const from = liveOld[i];
      oldOf[to] = from;
      remap[from] = to;
      keys[to] = this.keys[from];
      sortKeys[to] = this.sortKeys[from];
      flags[to] = this.flags[from];
      exactA[to] = this.exactA[from];
      exactB[to] = this.exactB[from];
      order[to] = oldOrder[from];
      rank[to] = 2 * rankOf[i];
      idOfSlot[to] = this.idOfSlot[from];
    }
    if (this.ids > 2 * size) {
      // Ids reissued: the new slots.
      for (let to = 0; to < next; to++) {
        if (!this.keysPending) this.idByKey.set(keys[to]!, to);
        idOfSlot[to] = to;
      }
      this.ids = next;
    }
    // A key map being filled slot by slot starts over (the slots are renumbered).
    if (this.keysPending) {
      this.idByKey.clear();
      this.keysFilled = 0;
    }
    const slotOfId = new Int32Array(Math.max(this.ids, 16));
    for (let to = 0; to < next; to++) slotOfId[idOfSlot[to]] = to;
    Object.assign(this, { keys, sortKeys, live, liveBits, flags, exactA, exactB, order, rank, sorted, idOfSlot, slotOfId });
    Object.assign(this, { slots: next, compacted: next });
    this.removedCompacted = 0;
    this.flagBits = [];
    for (let s = 0; s < next; s++) {
      for (let bit = 0; bit < 8; bit++) if ((flags[s] >> bit) & 1) this.flagBitmap(bit)[s >>> 5] |= 1 << (s & 31);
    }
    let buckets = 16;
    while (buckets * 2 < next) buckets *= 2;
    this.exactHead = new Int32Array(buckets);
    this.exactNext = new Int32Array(2 * size);
    for (let e = 0; e < 2 * next; e++) this.chainExact(e);
    this.compactPostings(remap, oldOf);
    this.bulk = false;
    this.dropWordCache();
    this.resizeScratch(size);
  }

  /**
   * Rewrites every term's live postings (slots remapped) into one CSR array, term after term, each
   * term's pairs by field, then slot (read in new slot order and counting-sorted by term, then a
   * stable pass by field within each term), and renumbers the terms left with none out of the
   * vocabulary. `oldOf` gives the previous slot of each new one.
   */
  private compactPostings(remap: I32, oldOf: I32): void {
    const terms = this.termText.length;
    const slots = oldOf.length;
    const count = new Int32Array(terms);
    // A bulk build's pairs come document after document (each old slot's from `bulkFirst`): they are
    // read in the new slot order. Otherwise the postings are first counting-sorted by new slot.
    const { bulkTerm, bulkInfo, bulkFirst } = this;
    const byDocument = this.bulk;
    let slotStart = bulkFirst;
    if (byDocument) {
      for (let s = 0; s < remap.length; s++) {
        if (remap[s] < 0) continue;
        for (let i = bulkFirst[s], end = bulkFirst[s + 1]; i < end; i++) count[bulkTerm[i]]++;
      }
    } else {
      slotStart = new Int32Array(slots + 1);
      this.forEachPosting((t, slot) => {
        const to = remap[slot];
        if (to < 0) return;
        count[t]++;
        slotStart[to + 1]++;
      });
      for (let s = 1; s < slotStart.length; s++) slotStart[s] += slotStart[s - 1];
    }
    // Terms keep their order (variants of equal cost and frequency are taken in vocabulary order).
    const renumber = new Int32Array(terms);
    let kept = 0;
    for (let t = 0; t < terms; t++) {
      if (count[t] === 0) {
        renumber[t] = -1;
        if (!this.termsStale) this.terms.delete(this.termText[t]);
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
      if (to !== t && !this.termsStale) this.terms.set(text[to], to);
    }
    const out = new Int32Array(2 * pairs);
    if (byDocument) {
      for (let to = 0; to < slots; to++) {
        for (let i = slotStart[oldOf[to]], end = slotStart[oldOf[to] + 1]; i < end; i++) {
          const t = renumber[bulkTerm[i]];
          const k = 2 * (start[t] + counts[t]++);
          out[k] = to;
          out[k + 1] = bulkInfo[i];
        }
      }
    } else {
      this.bySlotThenTerm(remap, renumber, slotStart, start, counts, out);
    }
    this.post = EMPTY;
    this.tails = new Map();
    this.tailPairs = 0;
    this.bulkTerm = this.bulkInfo = this.bulkFirst = EMPTY;
    this.bulkLength = 0;
    // Then by field within a term, keeping slot order (most terms are in one field only).
    let scratch = EMPTY;
    for (let t = 0; t < kept; t++) {
      const from = 2 * start[t];
      const end = 2 * (start[t] + counts[t]);
      let ordered = true;
      for (let k = from + 3; k < end; k += 2) {
        if (out[k] >>> 16 < out[k - 2] >>> 16) {
          ordered = false;
          break;
        }
      }
      if (ordered) continue;
      scratch = grownInt32(scratch, end - from);
      scratch.set(out.subarray(from, end));
      let k = from;
      for (let field = -1; k < end;) {
        let low = 0x10000;
        for (let j = 1; j < end - from; j += 2) if (scratch[j] >>> 16 > field && scratch[j] >>> 16 < low) low = scratch[j] >>> 16;
        for (let j = 0; j < end - from; j += 2) {
          if (scratch[j + 1] >>> 16 !== low) continue;
          out[k++] = scratch[j];
          out[k++] = scratch[j + 1];
        }
        field = low;
      }
    }
    Object.assign(this, { termText: text, termDf: df, termMask: mask, termStart: start, termCount: counts, post: out });
    this.sortedBuckets = new Map();
    this.dense = new Map();
    for (let t = 0; t < kept; t++) {
      if (counts[t] < slots / DENSE_FRACTION) continue;
      const bits = new Int32Array((slots + 31) >>> 5);
      for (let k = 2 * start[t], end = 2 * (start[t] + counts[t]); k < end; k += 2) bits[out[k] >>> 5] |= 1 << (out[k] & 31);
      this.dense.set(t, bits);
    }
    if (kept < terms) {
      for (const [first, bucket] of this.buckets) {
        const ids: number[] = [];
        for (const t of bucket) if (renumber[t] >= 0) ids.push(renumber[t]);
        this.buckets.set(first, ids);
      }
    }
  }

  /** compactPostings' general case: a counting sort of the postings by new slot, then by term into `out`. */
  private bySlotThenTerm(remap: I32, renumber: I32, slotStart: I32, start: I32, counts: I32, out: I32): void {
    const slots = slotStart.length - 1;
    const fill = slotStart.slice(0, slots);
    const slotTerm = new Int32Array(slotStart[slots]);
    const slotInfo = new Int32Array(slotStart[slots]);
    this.forEachPosting((t, slot, info) => {
      const to = remap[slot];
      if (to < 0) return;
      const p = fill[to]++;
      slotTerm[p] = renumber[t];
      slotInfo[p] = info;
    });
    // Then by term, slots ascending within each.
    for (let s = 0; s < slots; s++) {
      for (let p = slotStart[s], end = slotStart[s + 1]; p < end; p++) {
        const t = slotTerm[p];
        const k = 2 * (start[t] + counts[t]++);
        out[k] = s;
        out[k + 1] = slotInfo[p];
      }
    }
  }

  /** Calls `fn` for every posting held outside a bulk build: the compacted ones and the tails. */
  private forEachPosting(fn: (term: number, slot: number, info: number) => void): void {
    const { post, termStart, termCount, tails } = this;
    for (let t = 0; t < this.termText.length; t++) {
      const end = 2 * (termStart[t] + termCount[t]);
      for (let k = 2 * termStart[t]; k < end; k += 2) fn(t, post[k], post[k + 1]);
    }
    for (const [t, tail] of tails) for (let k = 0; k < tail.length; k += 2) fn(t, tail[k], tail[k + 1]);
  }

  /**
   * Ranks the documents for a free-text query.
   *
   * Cost model. The documents of each query word (the union of its variants' postings, live and
   * without an excluded flag) are a bitmap of one bit per slot: setting it costs one store per
   * posting, and `total`, the word rarity (idf) and the number of words each document matched are
   * counted on the bitmaps, 32 documents per operation. Ranking then reads only what can reach the
   * page:
   *
   * - One word: a document's key depends only on its best posting (typo cost and field) and, for an
   *   exact name, its exact texts. The compacted slots are numbered in tiebreak order and each term's
   *   postings are grouped by field, slots ascending, so the documents of one (variant, field) group
   *   come in rank order: the groups are read in key order, each only until the page is full, a
   *   document taken only in the first group (by code, then variant) holding it. Exact names are
   *   found through the hash buckets of the exact texts; documents added since the last compaction
   *   (the tails) are keyed one by one.
   * - Several words: let `floor` be the largest number of matched words such that at least
   *   `offset + limit` eligible documents matched that many words or more (1 when there are fewer).
   *   Rule 2 (more words matched) is decided before every rule but the exact name, and an exact name
   *   requires every query word matched exactly, so a document with fewer than `floor` words can
   *   never rank within the first `offset + limit`: at least that many others rank before it. Only
   *   documents matching `floor` words or more (from the bitmaps) can reach the page: the compacted
   *   ones are read from the runs of each subset of `floor` words or more, by combinations of one
   *   group per word in the order of their best keys, until the page is settled (bestWords); those
   *   added since the last compaction (or all of them, past too many combinations) are accumulated
   *   and keyed.
   *
   * text-index.pruning.spec.ts and text-index.equivalence.spec.ts compare every outcome with the
   * exhaustive evaluator of before (test/support/exhaustive-text-index.ts).
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
    const matchedTerms = new Set<string>();
    const exclude = options.excludeFlags ?? 0;
    const n = this.liveCount;
    const single = words.length === 1;
    const want = Math.max(0, (options.offset ?? 0) + options.limit);
    const blocks = (this.slots + 31) >>> 5;

    // The eligible documents: live, without an excluded flag.
    const eligible = this.bitmap(0, blocks);
    eligible.set(this.liveBits.subarray(0, blocks));
    for (let bit = 0; bit < 8; bit++) {
      const flagged = this.flagBits[bit];
      if (((exclude >> bit) & 1) === 0 || flagged === undefined) continue;
      for (let b = 0; b < blocks; b++) eligible[b] &= ~flagged[b];
    }
    // Web-search syntax: `-word` leaves out the documents with that word.
    let excluded: I32 | undefined;
    for (const word of parsed.excluded) {
      const term = this.vocabulary().get(word);
      if (term === undefined) continue;
      excluded ??= this.bitmap(1, blocks);
      this.markTerm(term, excluded);
    }
    // Each word's documents, and its rarity among them.
    const wordVariants: Variant[][] = [];
    const wordBits: I32[] = [];
    const wordIdf = new Float64Array(words.length);
    for (let index = 0; index < words.length; index++) {
      const variants = this.variants(words[index], index === words.length - 1);
      wordVariants.push(variants);
      const bits = this.bitmap(2 + index, blocks);
      wordBits.push(bits);
      if (variants.length === 0) continue;
      // The closest vocabulary word stands for the query word in highlights (snippets).
      matchedTerms.add(this.termText[variants[0].term]);
      for (const { term } of variants) this.markTerm(term, bits);
      let wn = 0;
      for (let b = 0; b < blocks; b++) {
        const x = bits[b] & eligible[b];
        bits[b] = x;
        if (x !== 0) wn += popcount(x);
      }
      wordIdf[index] = Math.log(1 + n / Math.max(1, wn));
    }
    return single
      ? this.searchOneWord(words, matchedTerms, wordVariants[0], wordBits[0], excluded, wordIdf[0], queryHash, want, options, gen)
      : this.searchWords(parsed, matchedTerms, wordVariants, wordBits, excluded, wordIdf, queryHash, want, options, gen);
  }

  private searchOneWord(
    words: string[],
    matchedTerms: Set<string>,
    variants: Variant[],
    bits: I32,
    excluded: I32 | undefined,
    idf: number,
    queryHash: number,
    want: number,
    options: SearchOptions,
    gen: number,
  ): SearchOutcome {
    let total = 0;
    for (let b = 0; b < bits.length; b++) {
      const x = excluded ? bits[b] & ~excluded[b] : bits[b];
      if (x !== 0) total += popcount(x);
    }
    if (total === 0) return { words, terms: [], total: 0, hits: [] };
    const fieldWeights = this.fieldWeights;
    // A document's key depends only on its best posting's code (typo cost and field), so the keys
    // are tabled once per search rather than computed per document.
    const singleKeys = new Float64Array(1 << 9);
    for (let code = 0; code < singleKeys.length; code++) {
      const cost = code >>> 3;
      singleKeys[code] =
        BIT_WORDS +
        (63 - Math.min(cost >>> 1, 63)) * BIT_TYPOS +
        Math.min(Math.round((fieldWeights[code & 7] ?? 1) * idf * 16), 16383) * BIT_WEIGHT +
        255 * BIT_PROXIMITY +
        (cost === 0 ? BIT_EXACTNESS : 0);
    }
    const { exactA, exactB, post, compacted } = this;
    const isExact = (slot: number): boolean => exactA[slot] === queryHash || exactB[slot] === queryHash;
    const slots: number[] = [];
    const codes: number[] = [];
    const keyList: number[] = [];
    const add = (slot: number, code: number, key: number): void => {
      slots.push(slot);
      codes.push(code);
      keyList.push(key);
    };
    // The documents added since the last compaction, one by one from the tails.
    const wgen = gen * MAX_QUERY_WORDS + 1;
    let en = 0;
    for (const { term, cost } of variants) {
      const tail = this.tails.get(term);
      if (!tail) continue;
      this.reserveEntries(en + tail.length / 2);
      en = this.scan(Int32Array.from(tail), 0, tail.length, cost, wgen, options.excludeFlags ?? 0, en);
    }
    for (let e = 0; e < en; e++) {
      const slot = this.entSlot[e];
      if (excluded && (excluded[slot >>> 5] >>> (slot & 31)) & 1) continue;
      const code = this.entCode[e];
      add(slot, code, singleKeys[code & 511] + (code < 8 && isExact(slot) ? BIT_EXACT : 0));
    }
    // The compacted documents: their (variant, field) groups, in code order, then variant order.
    const groups = this.groupsOf(variants);
    const gn = groups.length / 3;
    const inGroup = (g: number, slot: number): boolean => {
      let lo = groups[3 * g + 1];
      let hi = groups[3 * g + 2];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const s = post[2 * mid];
        if (s === slot) return true;
        if (s < slot) lo = mid + 1;
        else hi = mid;
      }
      return false;
    };
    // The first group holding a slot (its best code's): binary searches of the earlier groups while
    // they stay cheap; once they would cost more than reading those groups' postings once (many
    // variants, most documents in several groups: `kafka` and its prefix completions), the groups up
    // to the one asked about are marked instead: each slot's first group, in the per-slot scratch
    // under a stamp of this search, group by group as later groups are asked about.
    const { wordGen, wordIdx } = this;
    const mgen = wgen + 1;
    const sizeBefore = new Float64Array(gn + 1);
    for (let g = 0; g < gn; g++) sizeBefore[g + 1] = sizeBefore[g] + groups[3 * g + 2] - groups[3 * g + 1];
    let probes = 0;
    let markedBefore = 0;
    const firstGroup = (slot: number, before: number): number => {
      if (markedBefore < before) {
        probes += before;
        if (probes * 8 <= sizeBefore[before]) {
          for (let g = 0; g < before; g++) if (inGroup(g, slot)) return g;
          return -1;
        }
        for (; markedBefore < before; markedBefore++) {
          for (let k = groups[3 * markedBefore + 1], end = groups[3 * markedBefore + 2]; k < end; k++) {
            const s = post[2 * k];
            if (wordGen[s] === mgen) continue;
            wordGen[s] = mgen;
            wordIdx[s] = markedBefore;
          }
        }
      }
      const g = wordGen[slot] === mgen ? wordIdx[slot] : -1;
      return g < before ? g : -1;
    };
    const usable = (slot: number): boolean =>
      ((bits[slot >>> 5] >>> (slot & 31)) & 1) !== 0 && !(excluded && (excluded[slot >>> 5] >>> (slot & 31)) & 1);
    // The groups by key, highest first; within a key, slots ascending (the tiebreak order). Reads
    // the best `limit` documents not yet taken (only exact names, with their bonus, if `names`).
    const byKey = Array.from({ length: gn }, (_, g) => g).sort(
      (a, b) => singleKeys[groups[3 * b] & 511] - singleKeys[groups[3 * a] & 511] || a - b,
    );
    //
    // A document is read in its first group only. Past the first key, reading all the documents' page
    // so far, that is asked more cheaply: every group of a higher key was read whole (else the page
    // would be full), so a document whose first group has a higher key was added already, and one
    // whose first group has this key was taken from it (or, if that group stopped before it, at
    // least `need` smaller slots of this key were, and it cannot reach the page either) — only the
    // earlier groups of a lower key are searched. When those are many, the general lookup is used.
    const named = new Set<number>();
    const collect = (limit: number, names: boolean): void => {
      let found = 0;
      const added = new Set<number>();
      for (let i = 0; i < gn && found < limit;) {
        const key = singleKeys[groups[3 * byKey[i]] & 511];
        const need = limit - found;
        const taken: number[] = [];
        const takenCode = new Map<number, number>();
        for (; i < gn && singleKeys[groups[3 * byKey[i]] & 511] === key; i++) {
          const g = byKey[i];
          if (names && groups[3 * g] >= 8) continue;
          const lower: number[] = [];
          for (let h = 0; h < g && !names && lower.length <= LOWER_GROUPS; h++) if (singleKeys[groups[3 * h] & 511] < key) lower.push(h);
          const general = names || lower.length > LOWER_GROUPS;
          let count = 0;
          read: for (let k = groups[3 * g + 1], end = groups[3 * g + 2]; k < end && count < need; k++) {
            const slot = post[2 * k];
            if (!usable(slot) || named.has(slot) || (names && !isExact(slot))) continue;
            if (general) {
              if (firstGroup(slot, g) >= 0) continue;
            } else {
              if (added.has(slot) || takenCode.has(slot)) continue;
              for (const h of lower) if (inGroup(h, slot)) continue read;
            }
            taken.push(slot);
            takenCode.set(slot, groups[3 * g]);
            count++;
          }
        }
        taken.sort((a, b) => a - b);
        for (const slot of taken.slice(0, need)) {
          if (names) named.add(slot);
          added.add(slot);
          add(slot, takenCode.get(slot)!, names ? key + BIT_EXACT : key);
        }
        found += Math.min(need, taken.length);
      }
    };
    // Exact names first: through the hash bucket of the query's hash when it is short, else (many
    // documents named like the query) from the runs of the word itself, only exact names taken —
    // when they fill the page, the names left out rank below it anyway.
    const head = this.exactHead[queryHash & (this.exactHead.length - 1)];
    let chain = 0;
    for (let e = head; e !== 0 && chain <= MAX_NAME_CHAIN; e = this.exactNext[e - 1]) chain++;
    if (chain > MAX_NAME_CHAIN) {
      collect(want, true);
    } else {
      for (let e = head; e !== 0; e = this.exactNext[e - 1]) {
        const slot = (e - 1) >>> 1;
        if (slot >= compacted || named.has(slot) || !isExact(slot) || !usable(slot)) continue;
        const g = firstGroup(slot, gn);
        if (g < 0 || groups[3 * g] >= 8) continue;
        named.add(slot);
        add(slot, groups[3 * g], singleKeys[groups[3 * g]] + BIT_EXACT);
      }
    }
    collect(want, false);
    const codeOf = new Map<number, number>();
    for (let k = 0; k < slots.length; k++) codeOf.set(slots[k], codes[k]);
    const top = this.topSlots(Int32Array.from(slots), Float64Array.from(keyList), want);
    const maxKey = BIT_EXACT * 2;
    const hits = top.slice(options.offset ?? 0).map(({ slot, key }) => ({
      key: this.keys[slot]!,
      score: Math.round((key / maxKey) * 1e6) / 1e6,
      matchedWords: 1,
      typos: codeOf.get(slot)! >>> 4,
    }));
    return { words, terms: [...matchedTerms], total, hits };
  }

  private searchWords(
    parsed: { words: string[]; required: Set<string> },
    matchedTerms: Set<string>,
    wordVariants: Variant[][],
    wordBits: I32[],
    excluded: I32 | undefined,
    wordIdf: F64,
    queryHash: number,
    want: number,
    options: SearchOptions,
    gen: number,
  ): SearchOutcome {
    const words = parsed.words;
    const m = words.length;
    const blocks = wordBits[0].length;
    // Words in quotes must all match.
    let requiredMask = 0;
    words.forEach((w, i) => {
      if (parsed.required.has(w)) requiredMask |= 1 << i;
    });
    // One pass: the eligible documents (any word matched, every required one, none excluded), their
    // count, and those with every word; when the latter are fewer than the page, a second pass counts
    // how many matched at least `level` words for each level (per block, a count-down over the words:
    // `acc[j]` holds the documents with j words or more so far), keeping each level's documents.
    const union = this.bitmap(2 + m, blocks);
    const chosen = this.bitmap(3 + m, blocks);
    let total = 0;
    let everyWord = 0;
    for (let b = 0; b < blocks; b++) {
      let any = 0;
      let all = -1;
      let every = -1;
      for (let i = 0; i < m; i++) {
        const w = wordBits[i][b];
        any |= w;
        every &= w;
        if ((requiredMask >> i) & 1) all &= w;
      }
      const u = any & all & (excluded ? ~excluded[b] : -1);
      union[b] = u;
      if (u === 0) continue;
      total += popcount(u);
      const e = u & every;
      chosen[b] = e;
      if (e !== 0) everyWord += popcount(e);
    }
    if (total === 0) return { words, terms: [], total: 0, hits: [] };
    let floor = m;
    let floorBits = chosen;
    if (everyWord < want) {
      floor = 1;
      floorBits = union;
      if (m > 2) {
        // Levels 2 .. m - 1, in bitmaps 5 + m .. (level 1 is the union, level m `chosen`).
        const levels: I32[] = [];
        for (let j = 2; j < m; j++) levels.push(this.bitmap(3 + m + j, blocks));
        const atLeast = new Float64Array(m + 1);
        const acc = new Int32Array(m + 1);
        for (let b = 0; b < blocks; b++) {
          const u = union[b];
          if (u === 0) continue;
          for (let j = 1; j <= m; j++) acc[j] = 0;
          acc[0] = -1;
          for (let i = 0; i < m; i++) {
            const w = wordBits[i][b];
            if (w === 0) continue;
            for (let j = i + 1; j >= 1; j--) acc[j] |= acc[j - 1] & w;
          }
          for (let j = 2; j < m; j++) {
            const x = acc[j] & u;
            levels[j - 2][b] = x;
            if (x !== 0) atLeast[j] += popcount(x);
          }
        }
        for (let j = m - 1; j >= 2; j--) {
          if (atLeast[j] >= want) {
            floor = j;
            floorBits = levels[j - 2];
            break;
          }
        }
      }
    }
    // The compacted documents are ranked from the posting runs (bestWords); only those added since
    // the last compaction are accumulated.
    const fast =
      want > 0 ? this.bestWords(wordVariants, wordIdf, wordBits, union, floorBits, floor, requiredMask, queryHash, want) : undefined;
    // The candidates accumulated: the chosen documents (only those since the compaction for `fast`).
    const first = fast ? this.compacted : 0;
    let cn = 0;
    for (let b = first >>> 5; b < blocks; b++) if (floorBits[b] !== 0) cn += popcount(floorBits[b]);
    const picked = new Int32Array(cn);
    cn = 0;
    for (let b = first >>> 5; b < blocks; b++) {
      let x = floorBits[b];
      while (x !== 0) {
        const low = x & -x;
        const slot = (b << 5) | (31 - Math.clz32(low));
        if (slot >= first) picked[cn++] = slot;
        x ^= low;
      }
    }
    const accumulated = picked.subarray(0, cn);
    // Each word's matches among those candidates, one entry (slot, best code, its position) per document.
    let en = 0;
    const wordFrom = new Int32Array(m);
    const wordEnd = new Int32Array(m);
    const { termStart, termCount, post } = this;
    const an = accumulated.length;
    for (let index = 0; index < m; index++) {
      const wgen = gen * MAX_QUERY_WORDS + index + 1;
      wordFrom[index] = en;
      for (const { term, cost } of wordVariants[index]) {
        const tail = this.tails.get(term);
        this.reserveEntries(en + Math.min(an, termCount[term] + (tail ? tail.length / 2 : 0)));
        if (!fast) en = this.scanChosen(post, 2 * termStart[term], 2 * (termStart[term] + termCount[term]), cost, wgen, floorBits, en);
        if (tail) en = this.scanChosen(Int32Array.from(tail), 0, tail.length, cost, wgen, floorBits, en);
      }
      wordEnd[index] = en;
    }
    this.accumulate(accumulated, gen, m, wordFrom, wordEnd, wordIdf);
    const exactA = this.exactA;
    const exactB = this.exactB;
    const fn = fast ? fast.slots.length : 0;
    const kn = an + fn;
    if (this.keyScratch.length < kn) this.keyScratch = new Float64Array(Math.max(kn, this.keyScratch.length * 2));
    const keys = this.keyScratch;
    const { accExact, accMatched, accTypos, accWeight, accProximity } = this;
    for (let k = 0; k < an; k++) {
      const slot = accumulated[k];
      const exact = accExact[slot];
      const exactName = exact === m && (exactA[slot] === queryHash || exactB[slot] === queryHash) ? BIT_EXACT : 0;
      keys[k] =
        exactName +
        Math.min(accMatched[slot], 15) * BIT_WORDS +
        (63 - Math.min(accTypos[slot], 63)) * BIT_TYPOS +
        Math.min(Math.round(accWeight[slot] * 16), 16383) * BIT_WEIGHT +
        (255 - Math.min(accProximity[slot], 255)) * BIT_PROXIMITY +
        Math.min(exact, 15) * BIT_EXACTNESS;
    }
    let keyed = accumulated;
    if (fast) {
      keyed = new Int32Array(kn);
      keyed.set(accumulated);
      for (let k = 0; k < fn; k++) {
        keyed[an + k] = fast.slots[k];
        keys[an + k] = fast.keys[k];
        accMatched[fast.slots[k]] = fast.matched[k];
        accTypos[fast.slots[k]] = fast.typos[k];
      }
    }
    const top = this.topSlots(keyed, keys, want);
    const maxKey = BIT_EXACT * 2;
    const hits = top.slice(options.offset ?? 0).map(({ slot, key }) => ({
      key: this.keys[slot]!,
      score: Math.round((key / maxKey) * 1e6) / 1e6,
      matchedWords: accMatched[slot],
      typos: accTypos[slot],
    }));
    return { words, terms: [...matchedTerms], total, hits };
  }

  /**
   * Several words, where at least `want` documents matched `floor` of them or more (every word, or
   * fewer): the best `want` compacted documents, without reading every posting. A document matching
   * exactly the words of a subset S (of `floor` words or more, the required ones among them) is keyed
   * from its best (first in code, then variant order) group per word of S — (variant, field) runs of
   * postings, slots ascending — and, below the matched words, typos and weights those fix, by
   * proximity. Every combination of a subset and one group per word of it gets an upper bound of its
   * documents' keys (the best proximity its fields allow); the combinations are read from the highest
   * bound down, each by intersecting its runs in slot order (the tiebreak order), keeping the documents
   * whose matched words are exactly its subset, and the reading stops once `want` documents rank at or
   * above every bound left. Exact names (above every bound) come from the hash buckets of the exact
   * texts. Returns undefined when the combinations are too many, or (below every word) could read
   * more postings than accumulating every candidate would (then every candidate is accumulated).
   */
  private bestWords(
    wordVariants: Variant[][],
    wordIdf: F64,
    wordBits: I32[],
    union: I32,
    chosen: I32,
    floor: number,
    requiredMask: number,
    queryHash: number,
    want: number,
  ): { slots: number[]; keys: number[]; typos: number[]; matched: number[] } | undefined {
    const m = wordVariants.length;
    const full = (1 << m) - 1;
    const groups = wordVariants.map((variants) => this.groupsOf(variants));
    const groupCount = groups.map((g) => g.length / 3);
    // The subsets of words a ranked document can have matched exactly, and their combinations.
    const subsets: number[] = [];
    let combos = 0;
    for (let s = full; s > 0; s--) {
      if ((s & requiredMask) !== requiredMask || popcount(s) < floor) continue;
      let c = 1;
      for (let i = 0; i < m; i++) if ((s >> i) & 1) c *= groupCount[i];
      if (c === 0) continue;
      combos += c;
      if (combos > MAX_COMBINATIONS) return undefined;
      subsets.push(s);
    }
    if (combos === 0) return undefined;
    const { post, fieldWeights, compacted, exactA, exactB } = this;
    // Two words read as the same term can share a position (a proximity of -1 per pair).
    const terms = new Set<number>();
    let shared = false;
    for (const variants of wordVariants) {
      const own = new Set(variants.map((v) => v.term));
      for (const t of own) if (terms.has(t)) shared = true;
      for (const t of own) terms.add(t);
    }
    // A pair of consecutive matched words in one field is at least one position apart (none apart
    // only when they are read as the same term); in different fields it costs PROXIMITY_CAP - 1
    // exactly. So a combination's best proximity is known from its fields: the bound is exact when
    // they all differ, and the reading of such a combination stops after `want` documents.
    const samePair = shared ? -1 : 0;
    const keyOf = (matched: number, typos: number, weight: number, proximity: number, exact: number): number =>
      Math.min(matched, 15) * BIT_WORDS +
      (63 - Math.min(typos, 63)) * BIT_TYPOS +
      Math.min(Math.round(weight * 16), 16383) * BIT_WEIGHT +
      (255 - Math.min(proximity, 255)) * BIT_PROXIMITY +
      Math.min(exact, 15) * BIT_EXACTNESS;
    // The combinations (a subset, one group index per word of it, -1 for the others) and their
    // bounds, highest first; and the most postings reading them all could take (each its shortest run).
    const comboSet = new Int32Array(combos);
    const comboPick = new Int32Array(combos * m).fill(-1);
    const bound = new Float64Array(combos);
    let reads = 0;
    let next = 0;
    for (const s of subsets) {
      const matched = popcount(s);
      let n = 1;
      for (let i = 0; i < m; i++) if ((s >> i) & 1) n *= groupCount[i];
      for (let k = 0; k < n; k++) {
        const c = next++;
        comboSet[c] = s;
        let rest = k;
        let typos = 0;
        let weight = 0;
        let exact = 0;
        let proximity = 0;
        let lastField = -1;
        let shortest = Infinity;
        for (let i = 0; i < m; i++) {
          if (((s >> i) & 1) === 0) continue;
          const gn = groupCount[i];
          const p = rest % gn;
          rest = (rest - p) / gn;
          comboPick[c * m + i] = p;
          const code = groups[i][3 * p];
          typos += code >>> 4;
          weight += (fieldWeights[code & 7] ?? 1) * wordIdf[i];
          if (code >>> 3 === 0) exact++;
          if (lastField >= 0) proximity += (code & 7) === lastField ? samePair : PROXIMITY_CAP - 1;
          lastField = code & 7;
          shortest = Math.min(shortest, groups[i][3 * p + 2] - groups[i][3 * p + 1]);
        }
        bound[c] = keyOf(matched, typos, weight, proximity, exact);
        reads += shortest;
      }
    }
    if (floor < m) {
      let postings = 0;
      for (const g of groups) for (let k = 0; k < g.length; k += 3) postings += g[k + 2] - g[k + 1];
      if (reads > 2 * postings) return undefined;
    }
    const byBound = Array.from({ length: combos }, (_, k) => k).sort((a, b) => bound[b] - bound[a] || a - b);
    // Where a slot's posting is in a group, or -1.
    const find = (g: I32, index: number, slot: number): number => {
      let lo = g[3 * index + 1];
      let hi = g[3 * index + 2];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const s = post[2 * mid];
        if (s === slot) return mid;
        if (s < slot) lo = mid + 1;
        else hi = mid;
      }
      return -1;
    };
    // The key of a compacted slot holding the words of subset `s`, from its best group per word
    // (accumulate's arithmetic, word after word in query order), or -1 when its best groups are not
    // `expected` (where its postings in those are `known`).
    const at = new Int32Array(m);
    const known = new Int32Array(m);
    const score = (slot: number, s: number, expected: Int32Array | undefined): number => {
      let typos = 0;
      let weight = 0;
      let proximity = 0;
      let exact = 0;
      let lastPos = -1;
      let lastField = 0;
      for (let i = 0; i < m; i++) {
        if (((s >> i) & 1) === 0) continue;
        const g = groups[i];
        let k = -1;
        let index = 0;
        const last = expected ? expected[i] : groupCount[i];
        for (; index < last; index++) if ((k = find(g, index, slot)) >= 0) break;
        if (expected) {
          if (k >= 0) return -1;
          k = known[i];
        } else if (k < 0) {
          return -1;
        }
        at[i] = index;
        const code = g[3 * index];
        const cost = code >>> 3;
        const field = code & 7;
        const pos = post[2 * k + 1] & 0xffff;
        typos += cost >>> 1;
        weight += (fieldWeights[field] ?? 1) * wordIdf[i];
        if (cost === 0) exact++;
        if (lastPos >= 0) {
          const distance = lastField === field ? Math.abs(pos - lastPos) : PROXIMITY_CAP;
          proximity += Math.min(distance, PROXIMITY_CAP) - 1;
        }
        lastPos = pos;
        lastField = field;
      }
      return (
        keyOf(popcount(s), typos, weight, proximity, exact) +
        (exact === m && (exactA[slot] === queryHash || exactB[slot] === queryHash) ? BIT_EXACT : 0)
      );
    };
    const typosOf = (s: number): number => {
      let typos = 0;
      for (let i = 0; i < m; i++) if ((s >> i) & 1) typos += groups[i][3 * at[i]] >>> 4;
      return typos;
    };
    // The best `want` found so far: a min-heap (its root the worst kept), slots break key ties.
    const hs = new Int32Array(want);
    const hk = new Float64Array(want);
    const ht = new Int32Array(want);
    const hm = new Int32Array(want);
    let size = 0;
    const better = (a: number, ka: number, b: number, kb: number): boolean => (ka !== kb ? ka > kb : a < b);
    const swap = (i: number, j: number): void => {
      [hs[i], hs[j]] = [hs[j], hs[i]];
      [hk[i], hk[j]] = [hk[j], hk[i]];
      [ht[i], ht[j]] = [ht[j], ht[i]];
      [hm[i], hm[j]] = [hm[j], hm[i]];
    };
    const offer = (slot: number, key: number, typos: number, matched: number): void => {
      if (size < want) {
        hs[size] = slot;
        hk[size] = key;
        ht[size] = typos;
        hm[size] = matched;
        for (let i = size++; i > 0;) {
          const p = (i - 1) >> 1;
          if (!better(hs[p], hk[p], hs[i], hk[i])) break;
          swap(p, i);
          i = p;
        }
      } else if (better(slot, key, hs[0], hk[0])) {
        hs[0] = slot;
        hk[0] = key;
        ht[0] = typos;
        hm[0] = matched;
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
    };
    // Whether a slot is eligible and matched exactly the words of subset `s` (with every word, the
    // chosen bitmap says so directly).
    const isMember = (slot: number, s: number): boolean => {
      const b = slot >>> 5;
      const bit = slot & 31;
      if (floor === m) return ((chosen[b] >>> bit) & 1) !== 0;
      if (((union[b] >>> bit) & 1) === 0) return false;
      for (let i = 0; i < m; i++) if (((wordBits[i][b] >>> bit) & 1) !== ((s >> i) & 1)) return false;
      return true;
    };
    // Exact names first: they rank above every bound.
    const named = new Set<number>();
    for (let e = this.exactHead[queryHash & (this.exactHead.length - 1)]; e !== 0; e = this.exactNext[e - 1]) {
      const slot = (e - 1) >>> 1;
      if (slot >= compacted || named.has(slot) || !isMember(slot, full)) continue;
      if (exactA[slot] !== queryHash && exactB[slot] !== queryHash) continue;
      const key = score(slot, full, undefined);
      if (key < BIT_EXACT) continue;
      named.add(slot);
      offer(slot, key, typosOf(full), m);
    }
    const cursor = new Int32Array(m);
    const pick = new Int32Array(m);
    for (const c of byBound) {
      const top = bound[c];
      if (size === want && top < hk[0]) break;
      const s = comboSet[c];
      let driver = -1;
      for (let i = 0; i < m; i++) {
        pick[i] = comboPick[c * m + i];
        if (pick[i] < 0) continue;
        cursor[i] = groups[i][3 * pick[i] + 1];
        const length = groups[i][3 * pick[i] + 2] - cursor[i];
        if (driver < 0 || length < groups[driver][3 * pick[driver] + 2] - cursor[driver]) driver = i;
      }
      const dg = groups[driver];
      const matched = popcount(s);
      scan: for (let k = dg[3 * pick[driver] + 1], end = dg[3 * pick[driver] + 2]; k < end; k++) {
        const slot = post[2 * k];
        known[driver] = k;
        // Later slots of this combination rank below the worst kept one.
        if (size === want && top === hk[0] && slot > hs[0]) break;
        if (!isMember(slot, s) || named.has(slot)) continue;
        for (let i = 0; i < m; i++) {
          if (i === driver || pick[i] < 0) continue;
          // Gallop forward in the word's run to the slot.
          const g = groups[i];
          const end2 = g[3 * pick[i] + 2];
          let lo = cursor[i];
          let step = 1;
          while (lo + step < end2 && post[2 * (lo + step)] < slot) {
            lo += step;
            step *= 2;
          }
          let hi = Math.min(lo + step, end2);
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (post[2 * mid] < slot) lo = mid + 1;
            else hi = mid;
          }
          cursor[i] = lo;
          if (lo === end2) break scan;
          if (post[2 * lo] !== slot) continue scan;
          known[i] = lo;
        }
        const key = score(slot, s, pick);
        if (key >= 0) offer(slot, key, typosOf(s), matched);
      }
    }
    return {
      slots: Array.from(hs.subarray(0, size)),
      keys: Array.from(hk.subarray(0, size)),
      typos: Array.from(ht.subarray(0, size)),
      matched: Array.from(hm.subarray(0, size)),
    };
  }

  // ------------------------------------------------------------------------------------------------

  /** A zeroed scratch bitmap of `blocks` words (the `index`th of a search's). */
  private bitmap(index: number, blocks: number): I32 {
    let bits = this.bitmaps[index];
    if (bits === undefined || bits.length < blocks) bits = this.bitmaps[index] = new Int32Array(Math.max(blocks, 16));
    const view = bits.subarray(0, blocks);
    view.fill(0);
    return view;
  }

  /** Sets the bits of the slots holding a term (dead ones included). */
  private markTerm(term: number, bits: I32): void {
    const post = this.post;
    const dense = this.dense.get(term);
    if (dense) {
      for (let b = 0; b < dense.length; b++) bits[b] |= dense[b];
    } else {
      for (let k = 2 * this.termStart[term], end = 2 * (this.termStart[term] + this.termCount[term]); k < end; k += 2) {
        const slot = post[k];
        bits[slot >>> 5] |= 1 << (slot & 31);
      }
    }
    const tail = this.tails.get(term);
    if (tail) {
      for (let k = 0; k < tail.length; k += 2) {
        const slot = tail[k];
        bits[slot >>> 5] |= 1 << (slot & 31);
      }
    }
  }

  /**
   * The compacted (variant, field) groups of a word's variants, as triples (code, first pair, end
   * pair) in `post`, ordered by code, then variant.
   */
  private groupsOf(variants: Variant[]): I32 {
    const { post, termStart, termCount } = this;
    const found: Array<[number, number, number, number]> = [];
    variants.forEach(({ term, cost }, v) => {
      const end = termStart[term] + termCount[term];
      for (let k = termStart[term]; k < end;) {
        const field = post[2 * k + 1] >>> 16;
        let lo = k + 1;
        let hi = end;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (post[2 * mid + 1] >>> 16 <= field) lo = mid + 1;
          else hi = mid;
        }
        found.push([(cost << 3) | field, v, k, lo]);
        k = lo;
      }
    });
    found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const out = new Int32Array(found.length * 3);
    found.forEach(([code, , from, end], g) => {
      out[3 * g] = code;
      out[3 * g + 1] = from;
      out[3 * g + 2] = end;
    });
    return out;
  }

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

  /** As {@link scan}, for the chosen slots only (a bitmap: they are live and eligible). */
  private scanChosen(pairs: I32, from: number, end: number, cost: number, wgen: number, chosen: I32, en: number): number {
    const { wordGen, wordIdx, entSlot, entCode, entPos } = this;
    const base = cost << 3;
    for (let k = from; k < end; k += 2) {
      const slot = pairs[k];
      if (((chosen[slot >>> 5] >>> (slot & 31)) & 1) === 0) continue;
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
    const exact = this.vocabulary().get(word);
    const df = this.termDf;
    const masks = this.termMask;
    if (exact !== undefined && df[exact] > 0) out.push({ term: exact, cost: 0 });
    const bucket = this.buckets.get(word[0]) ?? [];
    const budget = typoBudget(word);
    // A word typed in full elsewhere in the query is not also read as the start of longer words.
    const prefixOk = last ? word.length >= 2 : word.length >= 5 && !exact;
    const prefixes: Variant[] = [];
    const mask = charMask(word);
    // Without a typo to spend and not read as a prefix, no other term can stand for the word (each
    // branch below needs one or the other): a one-letter last word, or a short one earlier in the
    // query, skips its bucket (every number starting with 7 for the 7 of "agent 7").
    const candidates = budget === 0 && !prefixOk ? [] : this.bucketCandidates(word, bucket, budget);
    for (const term of candidates) {
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

  /**
   * The terms of a large bucket that can be within one edit of the word or of a prefix of it (or
   * start with it): those starting with the word with at most one edit at a position after the first
   * (deletion, transposition, or any character of the bucket substituted or inserted there), found
   * by ranges of the bucket sorted by text; then the terms added to the bucket since that order was
   * taken. In bucket (term number) order, as {@link variants} reads them; small buckets, and words
   * allowed two typos, are read whole; for a word allowed no typo, only the terms starting with it.
   */
  private bucketCandidates(word: string, bucket: number[], budget: number): Iterable<number> {
    if (bucket.length < BUCKET_SCAN || budget > 1) return bucket;
    const text = this.termText;
    let sorted = this.sortedBuckets.get(word[0]);
    if (sorted === undefined) {
      const ids = Array.from(bucket).sort((a, b) => (text[a] < text[b] ? -1 : text[a] > text[b] ? 1 : 0));
      sorted = Int32Array.from(ids);
      this.sortedBuckets.set(word[0], sorted);
    }
    const view = sorted;
    const lowerBound = (prefix: string): number => {
      let lo = 0;
      let hi = view.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (text[view[mid]] < prefix) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const found = new Set<number>();
    const starting = (prefix: string): void => {
      for (let i = lowerBound(prefix); i < view.length && text[view[i]].startsWith(prefix); i++) found.add(view[i]);
    };
    starting(word);
    // Without a typo to spend, variants() keeps only the terms that start with the word: the
    // one-edit ranges below would only be read and dropped (a 4-digit number's, in a bucket of
    // 111,111 numbers at 1 M members, are ≈ 5,500 terms).
    const length = budget === 0 ? 0 : word.length;
    for (let p = 1; p <= length; p++) {
      const head = word.slice(0, p);
      if (p < length) starting(head + word.slice(p + 1));
      if (p < length - 1) starting(head + word[p + 1] + word[p] + word.slice(p + 2));
      // Each character following `head` in the bucket, substituted for word[p] or inserted before it.
      for (let i = lowerBound(head); i < view.length;) {
        const t = text[view[i]];
        if (!t.startsWith(head)) break;
        if (t.length === p) {
          i++;
          continue;
        }
        const c = t[p];
        if (p < length) starting(head + c + word.slice(p + 1));
        starting(head + c + word.slice(p));
        i = lowerBound(head + String.fromCharCode(c.charCodeAt(0) + 1));
      }
    }
    for (let i = view.length; i < bucket.length; i++) found.add(bucket[i]);
    return Int32Array.from(found).sort();
  }

  /** The term number of a word, added to the vocabulary when new. */
  private term(word: string): number {
    const text = word.length > MAX_WORD_LENGTH ? word.slice(0, MAX_WORD_LENGTH) : word;
    const terms = this.vocabulary();
    let term = terms.get(text);
    if (term === undefined) {
      term = this.newTerm(text);
      terms.set(text, term);
    }
    return term;
  }

  /** Adds a word (not in the vocabulary, at most MAX_WORD_LENGTH long) as a new term; its number. */
  private newTerm(text: string): number {
    const term = this.termText.length;
    this.termText.push(text);
    if (term >= this.termDf.length) {
      const size = term * 2;
      this.termDf = grownInt32(this.termDf, size);
      this.termMask = grownInt32(this.termMask, size);
      this.termStart = grownInt32(this.termStart, size);
      this.termCount = grownInt32(this.termCount, size);
    }
    this.termMask[term] = charMask(text);
    const bucket = this.buckets.get(text[0]);
    if (bucket) bucket.push(term);
    else this.buckets.set(text[0], [term]);
    return term;
  }

  /** Word → term number, rebuilt from the term texts when a bulk build or its compaction left it stale. */
  private vocabulary(): Map<string, number> {
    if (this.termsStale) {
      this.terms.clear();
      for (let t = 0; t < this.termText.length; t++) this.terms.set(this.termText[t], t);
      this.termsStale = false;
    }
    return this.terms;
  }

  /** Key → document id, filled from the slots when a bulk build left it pending. */
  private keyIds(): Map<string, number> {
    if (this.keysPending) this.fillKeys(Infinity);
    return this.idByKey;
  }

  /**
   * Puts up to `slots` more slots' keys into the key map a bulk build or a restore left unfilled
   * (it is filled whole anyway on the first key asked about); whether the map is complete.
   */
  fillKeys(slots: number): boolean {
    if (!this.keysPending) return true;
    const { idByKey, keys, live, idOfSlot } = this;
    const end = Math.min(this.slots, this.keysFilled + slots);
    for (let s = this.keysFilled; s < end; s++) if (live[s]) idByKey.set(keys[s]!, idOfSlot[s]);
    this.keysFilled = end;
    if (end === this.slots) this.keysPending = false;
    return !this.keysPending;
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
      const x = this.sortKeys[a] ?? this.keys[a]!;
      const y = this.sortKeys[b] ?? this.keys[b]!;
      // Equal sort keys (added since the last compaction): insertion order, which is slot order.
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

  /** A rank for a new sort key between those of the last compaction: just before its successor's. */
  private rankOf(sortKey: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < sortKey) lo = mid + 1;
      else hi = mid;
    }
    return 2 * lo - 1;
  }

  /** Chains an exact-text entry (slot * 2 + 0 or 1) into its hash bucket. */
  private chainExact(entry: number): void {
    const hash = entry & 1 ? this.exactB[entry >>> 1] : this.exactA[entry >>> 1];
    const bucket = hash & (this.exactHead.length - 1);
    this.exactNext[entry] = this.exactHead[bucket];
    this.exactHead[bucket] = entry + 1;
  }

  /** The bitmap of the slots carrying a flag bit, allocated on first use. */
  private flagBitmap(bit: number): Int32Array {
    let bits = this.flagBits[bit];
    if (bits === undefined || bits.length < this.liveBits.length) {
      const grown = new Int32Array(this.liveBits.length);
      if (bits) grown.set(bits);
      bits = this.flagBits[bit] = grown;
    }
    return bits;
  }

  private ensureSlots(min: number): void {
    this.live = grownUint8(this.live, min);
    this.flags = grownUint8(this.flags, min);
    this.exactA = grownInt32(this.exactA, min);
    this.exactB = grownInt32(this.exactB, min);
    this.order = grownFloat64(this.order, min);
    this.rank = grownInt32(this.rank, min);
    this.idOfSlot = grownInt32(this.idOfSlot, min);
    this.exactNext = grownInt32(this.exactNext, 2 * min);
    if (this.liveBits.length * 32 < min) {
      const words = Math.max((min + 31) >>> 5, this.liveBits.length * 2);
      this.liveBits = grownInt32(this.liveBits, words);
      for (let bit = 0; bit < 8; bit++) if (this.flagBits[bit]) this.flagBits[bit] = grownInt32(this.flagBits[bit] as I32, words);
    }
  }

  private resizeScratch(min: number): void {
    if (this.wordGen.length < min) this.resetScratch(Math.max(min, this.wordGen.length * 2));
  }

  private resetScratch(size = this.wordGen.length): void {
    this.wordGen = new Int32Array(size);
    this.wordIdx = new Int32Array(size);
    this.accMatched = new Int32Array(size);
    this.accTypos = new Int32Array(size);
    this.accWeight = new Float64Array(size);
    this.accProximity = new Int32Array(size);
    this.accExact = new Int32Array(size);
    this.candGen = new Int32Array(size);
    this.lastPos = new Int32Array(size);
    this.lastField = new Int32Array(size);
    this.generation = 0;
  }
}
