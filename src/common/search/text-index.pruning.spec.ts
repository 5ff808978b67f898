import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExhaustiveTextIndex } from '../../../test/support/exhaustive-text-index.js';
import { TextIndex, type IndexDocument } from './text-index.js';

// The search prunes: it counts every matching document but keys only those that can still reach the
// page (see the comment on TextIndex.search). The exhaustive engine of before (test/support) keys every one of
// them. On random small corpora — a vocabulary of a dozen words sharing letters and prefixes, so that
// typos, prefixes, ties, exact names, flags and orders collide all the time — and random queries with
// quotes, exclusions, offsets and limits, both must give the same outcome.

const VOCABULARY = [
  'robot',
  'robots',
  'robotics',
  'rob',
  'open',
  'opens',
  'source',
  'sauce',
  'agent',
  'agents',
  'agentic',
  'data',
  'date',
  'cold',
  'chain',
];
const WEIGHTS = [8, 6, 4, 3, 2, 1];

/** Exact names (and queries) from a small set, so that exact-name matches are common. */
const NAMES = ['robot', 'open source', 'cold chain', 'agent x1', 'data', 'Robots'];
const text = fc.array(fc.constantFrom(...VOCABULARY, 'the', 'x1'), { maxLength: 5 }).map((w) => w.join(' '));
const doc = fc.record({
  fields: fc.array(text, { minLength: 1, maxLength: 4 }),
  exactName: fc.option(fc.oneof(text, fc.constantFrom(...NAMES)), { nil: undefined }),
  flags: fc.constantFrom(0, 0, 1, 2),
  order: fc.constantFrom(0, 0, 1, 5),
  sortKey: fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined }),
});
const queryWord = fc.oneof(
  fc.constantFrom(...VOCABULARY),
  fc.constantFrom(...VOCABULARY).map((w) => w.slice(0, Math.max(2, w.length - 2))),
  fc.constantFrom(...VOCABULARY).map((w) => (w.length > 4 ? w.slice(0, 2) + w[3] + w[2] + w.slice(4) : w)),
);
const query = fc.oneof(
  fc.constantFrom(...NAMES),
  fc
    .array(fc.tuple(queryWord, fc.constantFrom('', '', '', '"', '-')), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.map(([w, mark]) => (mark === '"' ? `"${w}"` : `${mark}${w}`)).join(' ')),
);

function build(sut: TextIndex | ExhaustiveTextIndex, docs: IndexDocument[], bulk: boolean, removeEvery: number): void {
  if (bulk) sut.clear();
  for (const d of docs) sut.upsert(d);
  if (bulk) sut.compact();
  if (removeEvery > 0) for (let i = 0; i < docs.length; i += removeEvery) sut.remove(docs[i].key);
}

describe('TextIndex: pruned ranking equals the exhaustive one', () => {
  it('on random corpora and queries (total, page, scores, typos)', () => {
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(query, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 15 }), fc.constantFrom(0, 1, 3)), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.boolean(),
        fc.constantFrom(0, 0, 3),
        (raw, queries, bulk, removeEvery) => {
          const docs: IndexDocument[] = raw.map((d, i) => ({
            key: `k${String(i).padStart(3, '0')}`,
            fields: d.fields,
            exact: d.exactName === undefined ? undefined : [d.exactName],
            flags: d.flags,
            order: d.order,
            sortKey: d.sortKey,
          }));
          const current = new TextIndex(WEIGHTS);
          const reference = new ExhaustiveTextIndex(WEIGHTS);
          build(current, docs, bulk, removeEvery);
          build(reference, docs, bulk, removeEvery);
          for (const [q, limit, offset, excludeFlags] of queries) {
            const options = { limit, offset, excludeFlags };
            expect(current.search(q, options), `${q} ${JSON.stringify(options)}`).toEqual(reference.search(q, options));
          }
        },
      ),
      { numRuns: 400, seed: 25 },
    );
  });
});
