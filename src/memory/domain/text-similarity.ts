/**
 * Text similarity primitives for "find similar agents": tf-idf cosine over the words each agent published,
 * plus Jaccard and reciprocal rank fusion to combine rankings. Pure functions, no I/O.
 */

/** English stop words (the usual NLTK-style list, plus contraction fragments left by splitting on `'`). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `
  a about above after again against ain all also am an and any are aren as at be because been before being below
  between both but by can could couldn d did didn do does doesn doing don down during each else etc ever few for
  from further get got had hadn has hasn have haven having he her here hers herself him himself his how however
  i if in into is isn it its itself just ll m may me might mightn more most must mustn my myself needn no nor
  not now o of off on once only or other our ours ourselves out over own re s same shall shan she should shouldn
  so some such t than that the their theirs them themselves then there these they this those through to too
  under until up us ve very via was wasn we were weren what when where which while who whom why will with won
  would wouldn y yet you your yours yourself yourselves
  `
    .trim()
    .split(/\s+/),
);

/** Pure numbers with more digits than this (ids, timestamps, phone numbers) carry no topical signal. */
export const MAX_NUMBER_TOKEN_DIGITS = 6;

/** Anything that is not a letter, combining mark or digit separates tokens. */
const SEPARATOR = /[^\p{L}\p{M}\p{N}]+/u;
const ALL_DIGITS = /^\p{N}+$/u;

/**
 * NFKC + lower-case, split on anything but letters/marks/digits (Unicode aware), then drop stop words, tokens
 * shorter than 2 code points and pure numbers longer than {@link MAX_NUMBER_TOKEN_DIGITS} digits.
 */
export function tokenize(s: string): string[] {
  const tokens: string[] = [];
  for (const token of s.normalize('NFKC').toLowerCase().split(SEPARATOR)) {
    if (token === '' || STOP_WORDS.has(token)) continue;
    const length = [...token].length;
    if (length < 2) continue;
    if (length > MAX_NUMBER_TOKEN_DIGITS && ALL_DIGITS.test(token)) continue;
    tokens.push(token);
  }
  return tokens;
}

/** Raw term counts. */
export function termFrequencies(tokens: Iterable<string>): Map<string, number> {
  const tf = new Map<string, number>();
  for (const token of tokens) tf.set(token, (tf.get(token) ?? 0) + 1);
  return tf;
}

/**
 * tf-idf vectors, L2-normalised (so {@link cosine} of two of them is their dot product).
 *
 * - tf is sub-linear: `1 + ln(count)`, so an agent repeating one word a hundred times does not dominate;
 * - idf is smoothed: `ln((1 + N) / (1 + df)) + 1` with `N = max(totalDocs, df)`, so it stays positive and
 *   terms missing from `docFreq` (df = 0) get the highest weight.
 *
 * Terms with a non-positive or non-finite count are ignored; a document with no usable term maps to an empty
 * vector.
 */
export function tfidfVectors(
  docs: Map<string, Map<string, number>>,
  docFreq: Map<string, number>,
  totalDocs: number,
): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const n = Number.isFinite(totalDocs) && totalDocs > 0 ? totalDocs : 0;
  for (const [docId, tf] of docs) {
    const vector = new Map<string, number>();
    let sumSquares = 0;
    for (const [term, count] of tf) {
      if (!(count > 0) || !Number.isFinite(count)) continue;
      const rawDf = docFreq.get(term) ?? 0;
      const df = Number.isFinite(rawDf) && rawDf > 0 ? rawDf : 0;
      const idf = Math.log((1 + Math.max(n, df)) / (1 + df)) + 1;
      const weight = (1 + Math.log(count)) * idf;
      vector.set(term, weight);
      sumSquares += weight * weight;
    }
    if (sumSquares > 0) {
      const norm = Math.sqrt(sumSquares);
      for (const [term, weight] of vector) vector.set(term, weight / norm);
    }
    out.set(docId, vector);
  }
  return out;
}

/** Cosine similarity of two sparse vectors; 0 when either is empty or all-zero. Clamped to [-1, 1]. */
export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, w] of small) {
    const v = large.get(term);
    if (v !== undefined) dot += w * v;
  }
  if (dot === 0) return 0;
  const normA = Math.sqrt(sumOfSquares(a));
  const normB = Math.sqrt(sumOfSquares(b));
  if (normA === 0 || normB === 0) return 0;
  return Math.min(1, Math.max(-1, dot / (normA * normB)));
}

function sumOfSquares(v: Map<string, number>): number {
  let s = 0;
  for (const w of v.values()) s += w * w;
  return s;
}

/**
 * The `n` terms present in both vectors with the largest product of weights (positive products only),
 * ties broken alphabetically. Explains why two agents are similar.
 */
export function topSharedTerms(a: Map<string, number>, b: Map<string, number>, n: number): string[] {
  if (!(n > 0)) return [];
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const shared: Array<[string, number]> = [];
  for (const [term, w] of small) {
    const v = large.get(term);
    if (v !== undefined && w * v > 0) shared.push([term, w * v]);
  }
  shared.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return shared.slice(0, Math.floor(n)).map(([term]) => term);
}

/** |A ∩ B| / |A ∪ B|; 0 when both sets are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let intersection = 0;
  for (const x of small) if (large.has(x)) intersection++;
  return intersection / (a.size + b.size - intersection);
}

/**
 * Reciprocal rank fusion: `score(id) = Σ weights[i] / (k + rank_i(id))`, rank 1-based, summed over the lists
 * that contain `id` (only its first occurrence in a list counts). Missing weights default to 1.
 *
 * The returned map iterates from the highest score down; equal scores keep first-seen order.
 * @throws RangeError when `k` is negative or not finite, or a weight is not finite.
 */
export function reciprocalRankFusion(lists: Array<Array<string>>, k = 60, weights?: number[]): Map<string, number> {
  if (!Number.isFinite(k) || k < 0) throw new RangeError(`k must be a finite number >= 0 (got ${k})`);
  const scores = new Map<string, number>();
  lists.forEach((list, i) => {
    const weight = weights?.[i] ?? 1;
    if (!Number.isFinite(weight)) throw new RangeError(`weights[${i}] must be a finite number (got ${weight})`);
    const seen = new Set<string>();
    list.forEach((id, index) => {
      if (seen.has(id)) return;
      seen.add(id);
      scores.set(id, (scores.get(id) ?? 0) + weight / (k + index + 1));
    });
  });
  return new Map([...scores].sort((x, y) => y[1] - x[1]));
}
