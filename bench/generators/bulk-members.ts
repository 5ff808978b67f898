/**
 * Synthetic members in bulk for benchmarks (bench/directory.bench.mjs, from dist/bench/generators) and
 * the search relevance test's filler corpus. Built from the demo seed's word lists and field draws, so
 * the data looks like the demo directory at any size.
 */
import { buildMember, mulberry32, randomName, slugify, type DemoMember } from '../../src/directory/seed/demo-members.js';

/**
 * High-volume members (e.g. 100,000 rows), deterministic for a given `(count, seed)`. Names may repeat
 * across the word lists, so every member gets its ordinal as a suffix, which keeps both display names
 * and slugs unique without lookups.
 */
export function generateBulkMembers(count: number, seed: number): DemoMember[] {
  return [...bulkMemberChunks(count, seed, Math.max(count, 1))].flat();
}

/**
 * The same members as {@link generateBulkMembers}, `chunk` at a time, so a million of them can be
 * streamed (into an index build or a COPY) without holding them all.
 */
export function* bulkMemberChunks(count: number, seed: number, chunk: number): Generator<DemoMember[]> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  const rng = mulberry32(seed);
  for (let from = 0; from < count; from += chunk) {
    const members = new Array<DemoMember>(Math.min(chunk, count - from));
    for (let k = 0; k < members.length; k++) {
      const base = randomName(rng);
      const ordinal = from + k + 1;
      members[k] = buildMember(rng, `${base} ${ordinal}`, `${slugify(base)}-${ordinal}`);
    }
    yield members;
  }
}
