import { describe, expect, it } from 'vitest';
import { generateBulkMembers } from '../../../bench/generators/bulk-members.js';
import { ExhaustiveTextIndex as ReferenceTextIndex } from '../../../test/support/exhaustive-text-index.js';
import { TextIndex, type IndexDocument, type SearchOptions } from './text-index.js';

// The engine's storage and query path were rewritten (one CSR posting array, typed-array vocabulary,
// bulk triples; candidates pruned by words matched); the rankings must not move. The engine and the
// exhaustive evaluator it replaced (test/support/exhaustive-text-index.ts, the one reference engine
// kept; text-index.pruning.spec.ts compares them on random corpora too) index the same generated
// corpus, through a bulk build, then single upserts, replacements and removals before and after
// compaction, and every query of the rotation must give the same outcome: words, highlight terms,
// total, keys, scores and typos.

const WEIGHTS = [8, 6, 4, 3, 2, 1];

/** A small deterministic generator (a linear congruential one) for picking queries. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function memberDocs(count: number, seed: number): IndexDocument[] {
  return generateBulkMembers(count, seed).map((m, i) => ({
    key: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    fields: [
      m.display_name,
      m.slug.replaceAll('-', ' '),
      (m.tags ?? []).join(' '),
      m.category ?? '',
      `${m.location?.city ?? ''} ${m.location?.country ?? ''}`,
      m.description ?? '',
    ],
    exact: [m.display_name, m.slug.replaceAll('-', ' ')],
    sortKey: m.slug,
    // Some documents carry a flag and an order, as messages do.
    flags: i % 13 === 0 ? 1 : 0,
    order: i % 7 === 0 ? 0 : i % 50,
  }));
}

function queriesFor(docs: IndexDocument[]): string[] {
  const rng = lcg(7);
  const pick = () => docs[Math.floor(rng() * docs.length)];
  const words = docs.flatMap((d) => d.fields.join(' ').split(/\s+/)).filter((w) => w.length > 3);
  const word = () => words[Math.floor(rng() * words.length)];
  const typo = (w: string) => (w.length > 5 ? w.slice(0, 2) + w[3] + w[2] + w.slice(4) : w);
  return [
    'agent',
    'robotics',
    'healthcare evaluation',
    'open source',
    'Nortwind',
    'kestral labs',
    'climate',
    'evaluaton harnesses',
    'warehuose robots',
    'robo',
    'ro',
    '"cold chain" -desert',
    'the of and',
    ...Array.from({ length: 12 }, () => pick().fields[0]),
    ...Array.from({ length: 12 }, () => pick().fields[0].toUpperCase().replace(/ \d+$/, '')),
    ...Array.from({ length: 20 }, () => `${word()} ${typo(word())}`),
    ...Array.from({ length: 20 }, () => typo(word()).slice(0, 6)),
    ...Array.from({ length: 8 }, () => `"${word()}" ${word()} -${word()}`),
    // Long queries (up to the 12 words considered): one document's name, tags and category, and
    // another's words, so that many documents match several words but few match them all and the
    // candidates are those matching at least some number of them (counted per document in bit planes).
    ...Array.from({ length: 16 }, (_, i) => {
      const d = pick();
      const more = i % 2 ? ` ${pick().fields[2]}` : ` ${typo(word())}`;
      return `${d.fields[0]} ${d.fields[2]} ${d.fields[3]}${more}`;
    }),
  ];
}

function expectSame(current: TextIndex, reference: ReferenceTextIndex, queries: string[]): void {
  const options: SearchOptions[] = [{ limit: 20 }, { limit: 10, offset: 30 }, { limit: 50, excludeFlags: 1 }];
  for (const q of queries) {
    for (const o of options) expect(current.search(q, o), `${q} ${JSON.stringify(o)}`).toEqual(reference.search(q, o));
  }
  expect(current.size).toBe(reference.size);
  expect(current.vocabularySize).toBe(reference.vocabularySize);
}

describe('TextIndex: the same rankings as the reference engine', () => {
  const docs = memberDocs(4000, 11);
  const queries = queriesFor(docs);

  it('after a bulk build, single upserts, replacements, removals and compactions', () => {
    const current = new TextIndex(WEIGHTS);
    const reference = new ReferenceTextIndex(WEIGHTS);
    for (const sut of [current, reference]) {
      sut.clear();
      for (const d of docs.slice(0, 3000)) sut.upsert(d);
      sut.compact();
    }
    expectSame(current, reference, queries);
    expect(current.postings).toBe(reference.postings);

    // Changes after the build: new documents, replaced ones (new text), removed ones.
    const later = memberDocs(1500, 12).map((d, i) => ({ ...d, key: i < 1000 ? docs[3000 + i].key : docs[i * 2].key }));
    for (const sut of [current, reference]) {
      for (const d of later) sut.upsert(d);
      for (let i = 1; i < 3000; i += 5) sut.remove(docs[i].key);
    }
    expectSame(current, reference, queries);
    for (const sut of [current, reference]) sut.compact();
    expectSame(current, reference, queries);
    expect(current.postings).toBe(reference.postings);

    // A rebuild from scratch with everything that is left.
    for (const sut of [current, reference]) {
      sut.clear();
      for (const d of docs.slice(1000)) sut.upsert(d);
    }
    expectSame(current, reference, queries);
  });
});
