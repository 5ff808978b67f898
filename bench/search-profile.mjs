// Per-query CPU profiles of the engine at scale: builds the member index (BENCH_MEMBERS, default
// 1,000,000) once, then for each query (BENCH_QUERIES, `|`-separated; default: bench/search-ab's
// member rotation) runs it BENCH_REPS times (200) under the inspector's profiler and prints the
// self time by source line. `node --expose-gc --max-old-space-size=6144 bench/search-profile.mjs`
// after `npm run build`; with BENCH_RECALL_DATABASE_URL, the Recall index built from that database
// (read-only) and its rotation instead.
import { generatedMemberDocument } from './support/members.mjs';
import { Session } from 'node:inspector/promises';
import { readFileSync } from 'node:fs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const REPS = Number(process.env.BENCH_REPS ?? 200);
const { TextIndex } = await import('../dist/src/common/search/text-index.js');
const { bulkMemberChunks } = await import('../dist/bench/generators/bulk-members.js');

let index;
let queries;
const url = process.env.BENCH_RECALL_DATABASE_URL;
if (url) {
  // The Recall index instead, from that database (read-only), as bench/search-scale.mjs builds it.
  const { default: pg } = await import('pg');
  const { INDEX_CHUNK_SQL, FIRST_ID } = await import('../dist/src/memory/queries/messages.queries.js');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  index = new TextIndex([4, 3, 1]);
  index.clear();
  let after = FIRST_ID;
  for (;;) {
    const chunk = (await client.query(INDEX_CHUNK_SQL, [after, 5000])).rows;
    if (chunk.length === 0) break;
    for (const m of chunk) {
      const doc = { key: m.id, fields: [m.title, m.topic, m.body], exact: [m.title], flags: m.flagged ? 1 : 0 };
      index.upsert({ ...doc, order: new Date(m.created_at).getTime() });
    }
    after = chunk[chunk.length - 1].id;
  }
  await client.end();
  index.compact();
  queries = process.env.BENCH_QUERIES?.split('|') ?? ['redis timeout', 'kafka', 'terrafrom deadlok', 'graphql migr', 'nginx latency'];
} else {
  index = new TextIndex([8, 6, 4, 3, 2, 1]);
  index.clear();
  const names = [];
  let i = 0;
  for (const chunk of bulkMemberChunks(MEMBERS, 42, 5000)) {
    for (const m of chunk) {
      if (i % 200_000 === 122_000) names.push(m.display_name);
      index.upsert(generatedMemberDocument(m, i++));
    }
  }
  index.compact();
  queries = process.env.BENCH_QUERIES?.split('|') ?? [
    'open source',
    'healthcare evaluation',
    ...names,
    'open source agent',
    'evaluaton harnesses',
  ];
}
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
const src = new Map();
for (const q of queries) {
  index.search(q, { limit: 20 });
  await session.post('Profiler.start');
  const t = performance.now();
  for (let r = 0; r < REPS; r++) index.search(q, { limit: 20 });
  const ms = (performance.now() - t) / REPS;
  const { profile } = await session.post('Profiler.stop');
  const lines = new Map();
  let all = 0;
  for (const n of profile.nodes) {
    for (const pt of n.positionTicks ?? []) {
      const url = n.callFrame.url;
      const k = `${url}:${pt.line}`;
      lines.set(k, (lines.get(k) ?? 0) + pt.ticks);
    }
    all += n.hitCount;
  }
  console.log(`\n== ${q}: ${ms.toFixed(2)} ms per search; samples ${all}`);
  for (const [k, t] of [...lines].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    const [url, line] = [k.slice(0, k.lastIndexOf(':')), Number(k.slice(k.lastIndexOf(':') + 1))];
    if (!src.has(url) && url.startsWith('file://')) src.set(url, readFileSync(new URL(url), 'utf8').split('\n'));
    console.log(
      `${String(t).padStart(6)} ${((100 * t) / all).toFixed(1).padStart(5)}% ${url.split('/').pop()}:${line} ${(src.get(url)?.[line - 1] ?? '').trim().slice(0, 100)}`,
    );
  }
}
