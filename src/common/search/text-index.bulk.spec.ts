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
// inside a word or between words — and exact texts with words the fields do not have, or equal to the
// fields (hashed as the fields are read). Keys come in ascending order (a build's: the key map is left
// to be filled on first use) or in any order with repeats; changes after the build then use the key
// and vocabulary maps the bulk build did not keep.

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
const doc = fc
  .record({
    fields: fc.array(text, { minLength: 1, maxLength: 6 }),
    // Exact texts of their own, or the first fields themselves (hashed as those fields are read).
    exact: fc.option(fc.oneof(fc.array(text, { minLength: 1, maxLength: 2 }), fc.constant('fields')), { nil: undefined }),
    sortKey: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
    key: fc.nat(60),
  })
  .map(({ exact, key, ...d }) => ({
    ...d,
    key: `k${String(key).padStart(3, '0')}`,
    exact: exact === 'fields' ? [d.fields[0], `${d.fields[1] ?? ''}`] : exact,
  }));
// Keys in ascending order (a build's: no map of them until asked), or in any order, repeated.
const docs = fc
  .tuple(fc.array(doc, { minLength: 1, maxLength: 40 }), fc.boolean())
  .map(([list, ascending]) => (ascending ? list.map((d, i) => ({ ...d, key: `k${String(i).padStart(3, '0')}` })) : list));

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
      fc.property(docs, fc.array(doc, { maxLength: 8 }), fc.nat(5), (documents: IndexDocument[], later: IndexDocument[], removeEvery) => {
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
        const asked = [...queries, ...documents.flatMap((d) => d.exact ?? []).slice(0, 6)];
        for (const q of asked) expect(bulk.search(q, { limit: 50 }), q).toEqual(reference.search(q, { limit: 50 }));
        // Then changes: replacements, new documents and removals (the key map and the vocabulary map,
        // left to be rebuilt by the bulk build, in use).
        for (const sut of [bulk, incremental, reference]) {
          for (const d of later) sut.upsert(d);
          if (removeEvery > 0) for (let i = 0; i < documents.length; i += removeEvery) sut.remove(documents[i].key);
        }
        for (const d of [...documents, ...later]) expect(bulk.has(d.key)).toBe(reference.has(d.key));
        expect(bulk.size).toBe(reference.size);
        for (const q of asked) expect(bulk.search(q, { limit: 50 }), q).toEqual(reference.search(q, { limit: 50 }));
        bulk.compact();
        incremental.compact();
        expect(layout(bulk)).toEqual(layout(incremental));
      }),
      { numRuns: 300 },
    );
  });
});

describe('TextIndex: the key map a restore leaves to be filled step by step', () => {
  it('answers has, replacements and removals as the index it was taken of, whatever the steps and compactions between them', () => {
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 40 }),
        fc.array(doc, { maxLength: 8 }),
        fc.nat(12),
        fc.boolean(),
        (documents: IndexDocument[], later: IndexDocument[], step, compactBetween) => {
          const original = new TextIndex(WEIGHTS);
          const built = new TextIndex(WEIGHTS);
          for (const sut of [original, built]) {
            sut.clear();
            for (const d of documents) sut.upsert(d);
            sut.compact();
          }
          const { transfer, ...value } = built.snapshot();
          const restored = new TextIndex(WEIGHTS);
          restored.restore(structuredClone(value, { transfer }));
          const reference = new ExhaustiveTextIndex(WEIGHTS);
          for (const d of documents) reference.upsert(d);
          if (step > 0) restored.fillKeys(step);
          if (compactBetween) for (const sut of [original, restored]) sut.compact();
          if (step > 0) restored.fillKeys(step);
          for (const sut of [original, restored, reference]) {
            for (const d of later) sut.upsert(d);
            for (let i = 0; i < documents.length; i += 3) sut.remove(documents[i].key);
          }
          for (const d of [...documents, ...later]) expect(restored.has(d.key), d.key).toBe(reference.has(d.key));
          expect(restored.size).toBe(reference.size);
          for (const q of queries) expect(restored.search(q, { limit: 50 }), q).toEqual(original.search(q, { limit: 50 }));
          expect(restored.fillKeys(1)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
