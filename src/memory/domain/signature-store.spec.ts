import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignatureStore } from './signature-store.js';

// The store against a plain model (a Map of Maps) after any sequence of agents added, changed and
// removed: the same words and counts per agent, document frequencies, number of agents, and the same
// candidates — overlap summed in the order of the weighted words, ties by agent id — computed by brute force.

const WORDS = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'];
const IDS = Array.from({ length: 12 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

type Op = { kind: 'upsert'; id: number; words: Array<[number, number]> } | { kind: 'remove'; id: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('upsert' as const),
      id: fc.nat({ max: IDS.length - 1 }),
      words: fc.uniqueArray(fc.tuple(fc.nat({ max: WORDS.length - 1 }), fc.integer({ min: 1, max: 5000 })), {
        maxLength: 6,
        selector: ([w]) => w,
      }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), id: fc.nat({ max: IDS.length - 1 }) }), weight: 1 },
);

function bruteForce(model: Map<string, Map<string, number>>, weighted: Array<[string, number]>, exclude: string, limit: number) {
  const scored: Array<[string, number]> = [];
  for (const [id, tf] of model) {
    if (id === exclude) continue;
    let sum: number | undefined;
    for (const [term, weight] of weighted) {
      const n = tf.get(term);
      if (n !== undefined) sum = (sum ?? 0) + (1 + Math.log(n)) * weight;
    }
    if (sum !== undefined) scored.push([id, sum]);
  }
  scored.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  return scored.slice(0, limit).map(([id]) => id);
}

describe('SignatureStore', () => {
  it('matches a plain model after any sequence of changes', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 40 }),
        fc.uniqueArray(fc.tuple(fc.nat({ max: WORDS.length - 1 }), fc.constantFrom(0.5, 0.25, 1, 0.3333)), {
          maxLength: 5,
          selector: ([w]) => w,
        }),
        fc.nat({ max: IDS.length - 1 }),
        fc.integer({ min: 1, max: 6 }),
        (ops, weights, exclude, limit) => {
          const store = new SignatureStore();
          const model = new Map<string, Map<string, number>>();
          for (const o of ops) {
            const id = IDS[o.id];
            if (o.kind === 'remove') {
              store.remove(id);
              model.delete(id);
            } else {
              store.upsert({ id, terms: o.words.map(([w]) => WORDS[w]), tfs: o.words.map(([, n]) => n) });
              model.set(id, new Map(o.words.map(([w, n]) => [WORDS[w], n])));
            }
          }
          expect(store.agents).toBe(model.size);
          for (const id of IDS) expect(store.terms(id)).toEqual(model.get(id));
          for (const word of WORDS) expect(store.df(word)).toBe([...model.values()].filter((tf) => tf.has(word)).length);
          const weighted = weights.map(([w, x]): [string, number] => [WORDS[w], x]);
          expect(store.candidates(weighted, IDS[exclude], limit)).toEqual(bruteForce(model, weighted, IDS[exclude], limit));
          // Twice: the scratch space is left clean.
          expect(store.candidates(weighted, IDS[exclude], limit)).toEqual(bruteForce(model, weighted, IDS[exclude], limit));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('breaks equal overlaps by agent id, whatever order the agents came in', () => {
    const store = new SignatureStore();
    for (const i of [7, 3, 9, 1, 5]) store.upsert({ id: IDS[i], terms: ['a1', 'b2'], tfs: [2, 1] });
    store.upsert({ id: IDS[0], terms: ['a1'], tfs: [1] });
    expect(
      store.candidates(
        [
          ['a1', 1],
          ['b2', 0.5],
        ],
        IDS[9],
        3,
      ),
    ).toEqual([IDS[1], IDS[3], IDS[5]]);
    expect(store.candidates([['a1', 1]], IDS[1], 10)).toEqual([IDS[3], IDS[5], IDS[7], IDS[9], IDS[0]]);
  });
});
