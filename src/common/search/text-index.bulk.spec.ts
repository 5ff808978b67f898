import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExhaustiveTextIndex } from '../../../test/support/exhaustive-text-index.js';
import { TextIndex, type IndexDocument } from './text-index.js';

// A bulk build (clear(), upserts, compact()) reads ASCII text character by character through a cache
// of the words met (TextIndex.asciiTerms / asciiWord) instead of folding each field into words: the
// same words, in the same order, must reach the vocabulary and the postings as through the
// incremental path (upserts without clear(), foldedWords), and the exact texts must hash the same.
// Random texts mix what the fast path must get right: upper case, punctuation, digits, one-letter and
// stop words, words cut at 64 characters, and characters outside ASCII (accents, combining marks,
// ligatures, ß, an em dash) that send a field back to the folding path — at its start, middle or end,
// inside a word or between words — and exact texts with words the fields do not have.

const WEIGHTS = [8, 6, 4, 3, 2, 1];
const WORDS = ['Robot', 'robots', 'ROBOTICS', 'open', 'Source', 'the', 'of', 'a', 'x', '7', '42', 'caf', 'naive', 'ss'];
const ODD = [
  'Café',
  'cafe\u0301',
  'naïve',
  'Straße',
  'strasse',
  'ﬁle',
  'file',
  'Ålesund',
  '—',
  'İstanbul',
  'Øre',
  'x'.repeat(70),
  'Y'.repeat(64) + 'z',
];
const SEPARATORS = [' ', ' ', ' ', '-', ', ', '/', '.', '  ', "'", '_'];

const word = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...WORDS) }, { weight: 1, arbitrary: fc.constantFrom(...ODD) });
const text = fc
  .array(fc.tuple(word, fc.constantFrom(...SEPARATORS)), { maxLength: 8 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));
const docs = fc.array(
  fc.record({
    fields: fc.array(text, { minLength: 1, maxLength: 6 }),
    exact: fc.option(fc.array(text, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    sortKey: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
  }),
  { minLength: 1, maxLength: 40 },
);

/** The fields the two build paths must give alike (private: this spec checks a private fast path). */
function layout(index: TextIndex): unknown {
  const fields = index as unknown as Record<string, unknown>;
  return ['termText', 'termDf', 'termMask', 'termStart', 'termCount', 'post', 'exactA', 'exactB', 'exactHead', 'exactNext'].map((name) => [
    name,
    fields[name],
  ]);
}

const queries = [
  'robot',
  'Robots',
  'cafe',
  'café',
  'naive',
  'strasse',
  'file',
  'alesund',
  'istanbul',
  'x1',
  '42',
  'ss',
  'open source',
  'ROBOT 7',
  'y'.repeat(64),
];

describe('TextIndex: a bulk build reads the same words as the incremental path', () => {
  it('same vocabulary (in the same order), postings and exact-text hashes, and the same answers as the exhaustive engine', () => {
    fc.assert(
      fc.property(docs, (drawn) => {
        const documents: IndexDocument[] = drawn.map((d, i) => ({ key: `k${i}`, ...d }));
        const bulk = new TextIndex(WEIGHTS);
        bulk.clear();
        for (const d of documents) bulk.upsert(d);
        bulk.compact();
        const incremental = new TextIndex(WEIGHTS);
        for (const d of documents) incremental.upsert(d);
        incremental.compact();
        expect(layout(bulk)).toEqual(layout(incremental));
        const reference = new ExhaustiveTextIndex(WEIGHTS);
        reference.clear();
        for (const d of documents) reference.upsert(d);
        reference.compact();
        for (const q of [...queries, ...documents.flatMap((d) => d.exact ?? []).slice(0, 6)]) {
          expect(bulk.search(q, { limit: 50 }), q).toEqual(reference.search(q, { limit: 50 }));
        }
      }),
      { numRuns: 300 },
    );
  });
});
