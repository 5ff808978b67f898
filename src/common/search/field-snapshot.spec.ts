import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateBulkMembers } from '../../../bench/generators/bulk-members.js';
import { TextIndex, type IndexDocument } from './text-index.js';

// An index built in a worker thread reaches the main thread as a snapshot (field-snapshot.ts): its
// typed arrays transferred, its strings, Maps and arrays cloned. Here the crossing is the same
// structured clone with a transfer list that postMessage does, and the restored index must answer
// every query exactly as the index it was taken of.

const WEIGHTS = [8, 6, 4, 3, 2, 1];

function memberDocs(count: number, seed: number): IndexDocument[] {
  return generateBulkMembers(count, seed).map((m, i) => ({
    key: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    fields: [m.display_name, m.slug.replaceAll('-', ' '), (m.tags ?? []).join(' '), m.category ?? '', m.description ?? ''],
    exact: [m.display_name, m.slug.replaceAll('-', ' ')],
    sortKey: m.slug,
    flags: i % 13 === 0 ? 1 : 0,
    order: i % 7 === 0 ? 0 : i % 50,
  }));
}

/** A bulk build as the boot does it: clear, upserts, compact. */
function built(docs: IndexDocument[]): TextIndex {
  const index = new TextIndex(WEIGHTS);
  index.clear();
  for (const doc of docs) index.upsert(doc);
  index.compact();
  return index;
}

/** The snapshot as postMessage delivers it to another thread: cloned, buffers moved. */
function crossed(index: TextIndex): TextIndex {
  const { transfer, ...value } = index.snapshot();
  const delivered = structuredClone(value, { transfer });
  // Moved, not copied: the sender's buffers are detached.
  expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true);
  const restored = new TextIndex(WEIGHTS);
  restored.restore(delivered);
  return restored;
}

const QUERIES = [
  'agent',
  'robotics',
  'open source',
  'evaluaton harnesses',
  'robo',
  'climate research',
  '"data pipeline"',
  'agent -robotics',
  'zzzz',
];

describe('TextIndex snapshot and restore (an index handed over from a worker thread)', () => {
  it('answers every query exactly as the index it was taken of, and keeps working after changes', () => {
    const docs = memberDocs(3_000, 11);
    const reference = built(docs);
    const restored = crossed(built(docs));
    expect(restored.size).toBe(reference.size);
    expect(restored.vocabularySize).toBe(reference.vocabularySize);
    expect(restored.postings).toBe(reference.postings);
    const same = (): void => {
      for (const q of QUERIES) {
        for (const options of [{ limit: 20 }, { limit: 10, offset: 5, excludeFlags: 1 }]) {
          expect(restored.search(q, options), q).toEqual(reference.search(q, options));
        }
      }
    };
    same();
    // Incremental changes after the handover (what the change log applies), then a compaction.
    for (const index of [reference, restored]) {
      index.upsert({ key: 'new-1', fields: ['Brand New Robotics Agent', 'new one'], exact: ['Brand New Robotics Agent'], sortKey: 'aaa' });
      index.remove(docs[5].key);
      index.upsert({ ...docs[9], fields: ['Renamed climate agent'] });
    }
    same();
    reference.compact();
    restored.compact();
    same();
  });

  it('writes each string once, however many places hold it (no copy per place after the crossing)', () => {
    const docs = memberDocs(200, 3);
    const { fields } = built(docs).snapshot();
    // Every key is held by the slot array and the key map, every slug by the sort keys and the sort
    // order, every word by the vocabulary list and map: the snapshot carries each once, as one text.
    const strings: string[] = [];
    const collect = (encoded: unknown): void => {
      if (typeof encoded !== 'object' || encoded === null || !('kind' in encoded)) return;
      const e = encoded as { kind: string; text?: string; lengths?: Int32Array; keys?: unknown; values?: unknown };
      if (e.kind === 'strings') {
        let at = 0;
        for (const n of e.lengths!) {
          if (n < 0) continue;
          strings.push(e.text!.slice(at, at + n));
          at += n;
        }
      }
      collect(e.keys);
      collect(e.values);
    };
    Object.values(fields).forEach(collect);
    for (const doc of docs) expect(strings.filter((s) => s === doc.key || s === doc.sortKey)).toHaveLength(2);
  });

  it('snapshots an index changed since its last compaction as the compacted index it answers like', () => {
    const docs = memberDocs(2_000, 5);
    const reference = built(docs);
    const changed = built(docs);
    for (const index of [reference, changed]) {
      index.upsert({ key: 'new-1', fields: ['Brand New Robotics Agent', 'new one'], exact: ['Brand New Robotics Agent'], sortKey: 'aaa' });
      index.remove(docs[7].key);
      index.upsert({ ...docs[11], fields: ['Renamed climate agent'], sortKey: 'zzz' });
    }
    const { transfer, ...value } = changed.snapshot();
    const restored = new TextIndex(WEIGHTS);
    restored.restore(structuredClone(value, { transfer }));
    expect(restored.size).toBe(reference.size);
    for (const q of [...QUERIES, 'brand new', 'renamed']) {
      for (const options of [{ limit: 20 }, { limit: 7, offset: 3, excludeFlags: 1 }]) {
        expect(restored.search(q, options), q).toEqual(reference.search(q, options));
      }
    }
    // And it keeps taking changes: a key restored from the snapshot is found, replaced and removed.
    for (const index of [reference, restored]) {
      expect(index.has(docs[20].key)).toBe(true);
      index.upsert({ ...docs[20], fields: ['Robotics again'] });
      expect(index.remove(docs[21].key)).toBe(true);
      expect(index.remove('new-1')).toBe(true);
    }
    for (const q of QUERIES) expect(restored.search(q, { limit: 20 }), q).toEqual(reference.search(q, { limit: 20 }));
  });

  it('round-trips random corpora and queries (property)', () => {
    const word = fc.constantFrom(
      'agent',
      'agents',
      'robot',
      'robotics',
      'climate',
      'café',
      'ålesund',
      'data',
      'pipeline',
      'harness',
      'open',
      'source',
      '42',
    );
    const text = fc.array(word, { minLength: 0, maxLength: 8 }).map((w) => w.join(' '));
    const doc = fc.record({ name: text, body: text, flag: fc.boolean(), order: fc.integer({ min: 0, max: 5 }) });
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 60 }), fc.array(text, { minLength: 1, maxLength: 5 }), (rows, queries) => {
        const docs: IndexDocument[] = rows.map((r, i) => ({
          key: `k${i}`,
          fields: [r.name, r.body],
          exact: [r.name],
          flags: r.flag ? 1 : 0,
          order: r.order,
        }));
        const reference = built(docs);
        const restored = crossed(built(docs));
        for (const q of queries) expect(restored.search(q, { limit: 10 })).toEqual(reference.search(q, { limit: 10 }));
      }),
      { numRuns: 60 },
    );
  });
});
