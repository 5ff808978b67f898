import fc from 'fast-check';
import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { countBoundedLru } from './count-bounded-lru.js';

describe('countBoundedLru', () => {
  it('keeps and evicts exactly what an lru-cache bounded by `max` does, for any sequence of gets and sets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 12 })), { maxLength: 200 }),
        (max, ops) => {
          const ours = countBoundedLru<number, number>(max);
          const reference = new LRUCache<number, number>({ max });
          ops.forEach(([isSet, key], i) => {
            if (isSet) {
              ours.set(key, i);
              reference.set(key, i);
            } else {
              expect(ours.get(key)).toBe(reference.get(key));
            }
            expect([...ours.keys()]).toEqual([...reference.keys()]);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not allocate for its bound up front', () => {
    const before = process.memoryUsage().arrayBuffers;
    const caches = Array.from({ length: 20 }, () => countBoundedLru<string, number>(100_000));
    caches[0].set('a', 1);
    // Twenty lru-caches built with max: 100,000 would hold 24 MB of typed arrays (and 32 MB of arrays).
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1_000_000);
    expect(caches[0].get('a')).toBe(1);
  });
});
