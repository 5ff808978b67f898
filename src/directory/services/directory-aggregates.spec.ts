import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import { DirectoryAggregates } from './directory-aggregates.js';
import type { CountedValue, MemberCountCache } from './member-count-cache.js';

/** The note as it was computed on every call before it was cached per minute of age (the reference). */
function referenceNote(countedAt: Date, now: number): string {
  const minutes = Math.floor((now - countedAt.getTime()) / 60_000);
  const age = minutes < 1 ? 'less than a minute ago' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  return (
    `Approximate: active member organizations counted ${age} ` +
    `(${countedAt.toISOString()}); the count is refreshed at most every 20 minutes.`
  );
}

function aggregates(current: () => CountedValue): DirectoryAggregates {
  const memberCount = { fresh: () => current() } as unknown as MemberCountCache;
  return new DirectoryAggregates({} as DataSource, memberCount);
}

describe('DirectoryAggregates.communityStats note', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says how old the count is at every call, across minute boundaries, new counts and a clock set back', () => {
    const start = Date.UTC(2026, 11, 2, 5, 0, 0);
    const step = fc.oneof(
      // The clock moves on (often across a minute boundary, sometimes exactly onto one), or back.
      fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: -90_000, max: 200_000 }) }),
      fc.record({ kind: fc.constant('boundary' as const), ms: fc.constantFrom(-1, 0, 1) }),
      // A new count (a new countedAt object), taken up to two minutes before now.
      fc.record({ kind: fc.constant('recount' as const), ms: fc.integer({ min: 0, max: 120_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        let now = start;
        let counted: CountedValue = { count: 5, countedAt: new Date(start) };
        vi.spyOn(Date, 'now').mockImplementation(() => now);
        const stats = aggregates(() => counted);
        for (const s of steps) {
          if (s.kind === 'tick') now = Math.max(0, now + s.ms);
          else if (s.kind === 'boundary') {
            const counter = counted.countedAt.getTime();
            now = counter + Math.ceil((now - counter) / 60_000) * 60_000 + s.ms;
          } else counted = { count: counted.count + 1, countedAt: new Date(now - s.ms) };
          const answer = stats.communityStats() as { member_count: number; note: string };
          expect(answer).toEqual({ member_count: counted.count, note: referenceNote(counted.countedAt, now) });
        }
        vi.restoreAllMocks();
      }),
      { numRuns: 200 },
    );
  });

  it('hands out the same answer object while the count and its age in minutes hold', () => {
    let now = Date.UTC(2026, 11, 2, 5, 0, 0);
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const counted = { count: 9, countedAt: new Date(now) };
    const stats = aggregates(() => counted);
    const first = stats.communityStats();
    now += 59_999;
    expect(stats.communityStats()).toBe(first);
    now += 1;
    const next = stats.communityStats() as { note: string };
    expect(next).not.toBe(first);
    expect(next.note).toContain('counted 1 minute ago');
    expect(Object.isFrozen(first) && Object.isFrozen(next)).toBe(true);
  });
});
