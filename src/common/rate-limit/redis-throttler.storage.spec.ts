import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryThrottlerStorage } from './redis-throttler.storage.js';

/** The fixed-window count as it was written before the rollover lost its branch (the reference). */
function referenceCount(windows: Map<string, { hits: number; expiresAt: number }>, key: string, ttl: number, cost: number, now: number) {
  let window = windows.get(key);
  if (window === undefined) {
    window = { hits: 0, expiresAt: now + ttl };
    windows.set(key, window);
  } else if (window.expiresAt <= now) {
    window.hits = 0;
    window.expiresAt = now + ttl;
  }
  window.hits += cost;
  return { ...window };
}

describe('MemoryThrottlerStorage.countNow', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts as the branching fixed window did: new keys, counts within a window, rollovers exactly at expiry', () => {
    const step = fc.record({
      key: fc.constantFrom('a', 'b', 'c'),
      cost: fc.integer({ min: 0, max: 4 }),
      // Often exactly onto a window's end (rollover at <=), sometimes just before or far beyond it.
      advance: fc.oneof(fc.constantFrom(0, 1, 999, 1_000, 1_001), fc.integer({ min: 0, max: 5_000 })),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 80 }), fc.constantFrom(1, 1_000, 2_000), (steps, ttl) => {
        let now = 1_000_000;
        vi.spyOn(Date, 'now').mockImplementation(() => now);
        const storage = new MemoryThrottlerStorage();
        const reference = new Map<string, { hits: number; expiresAt: number }>();
        for (const s of steps) {
          now += s.advance;
          const got = storage.countNow(s.key, ttl, 'general', s.cost);
          expect({ hits: got.hits, expiresAt: got.expiresAt }).toEqual(referenceCount(reference, s.key, ttl, s.cost, now));
        }
        vi.restoreAllMocks();
      }),
      { numRuns: 300 },
    );
  });
});
