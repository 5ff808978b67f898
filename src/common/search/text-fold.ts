/**
 * Text normalisation shared by every search of the service: accents and case folded, words split on
 * anything that is not a letter or digit, English stop words left out.
 */

const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const LIGATURE = /[ßæœøłđðþı]/g;
const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_WORD = /[a-z0-9]+/g;

/** Longest word kept; longer runs (hashes, base64) are cut, never indexed whole. */
export const MAX_WORD_LENGTH = 64;

/** Common English words that never decide a match on their own (they are neither indexed nor required). */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between
  both but by can could did do does doing down during each else few for from further had has have having he her
  here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or
  other our ours out over own same she should so some such than that the their theirs them then there these they
  this those through to too under until up very via was we were what when where which while who whom why will with
  would you your yours`
    .trim()
    .split(/\s+/),
);

/** NFKD, combining marks removed, lower-cased, the usual ligatures spelled out: `Ålesund Café` → `alesund cafe`. */
export function fold(text: string): string {
  // ASCII is its own NFKD form, has no combining marks and none of the ligatures: lower-casing is all.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(LIGATURE, (c) => LIGATURES[c] ?? c);
}

/** 32-bit FNV-1a hash of a string (exact-match checks without keeping the strings). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** The folded words of a text, in order, stop words and one-letter words included. */
export function foldedWords(text: string): string[] {
  // ASCII text (most of it): lower-cased, its letters and digits are exactly [a-z0-9].
  const words = NON_ASCII.test(text) ? fold(text).match(WORD) : text.toLowerCase().match(ASCII_WORD);
  if (words === null) return [];
  // Cut in place (the array is this call's own): index builds call this for every field of every row.
  for (let i = 0; i < words.length; i++) if (words[i].length > MAX_WORD_LENGTH) words[i] = words[i].slice(0, MAX_WORD_LENGTH);
  return words;
}

/** The longest stop word: a longer word is never one, and skips the set. */
const LONGEST_STOP_WORD = Math.max(...[...SEARCH_STOP_WORDS].map((w) => w.length));

/** Whether a folded word is indexed and searched: a number, or two or more letters and not a stop word. */
export function isSearchWord(word: string): boolean {
  return word.length >= 2 ? word.length > LONGEST_STOP_WORD || !SEARCH_STOP_WORDS.has(word) : word >= '0' && word <= '9';
}

/** Typos a query word may carry: none up to 4 letters, one from 5, two from 9. */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions and adjacent transpositions
 * each cost 1) between `a` and `b`, or between `a` and the closest prefix of `b` when `prefix` is set.
 * Gives up early and returns `max + 1` once the distance must exceed `max`.
 */
// Reused rows of the dynamic programme (searches are synchronous).
let rows = [0, 1, 2].map(() => new Int32Array(2 * MAX_WORD_LENGTH + 8));

export function editDistance(a: string, b: string, max: number, prefix = false): number {
  const la = a.length;
  const lb = prefix ? Math.min(b.length, la + max) : b.length;
  if (!prefix && Math.abs(la - lb) > max) return max + 1;
  if (prefix && lb < la - max) return max + 1;
  if (lb + 1 > rows[0].length) rows = [0, 1, 2].map(() => new Int32Array(lb + 1));
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  if (!prefix) return Math.min(prev[lb], max + 1);
  let best = max + 1;
  for (let j = Math.max(0, la - max); j <= lb; j++) if (prev[j] < best) best = prev[j];
  return best;
}
