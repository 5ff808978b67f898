// Per-query CPU profiles of the engine at scale: builds the member index (BENCH_MEMBERS, default
// 1,000,000) once, then for each query (BENCH_QUERIES, `|`-separated; default: bench/search-ab's
// member rotation) runs it BENCH_REPS times (200) under the inspector's profiler and prints the
// self time by source line. `node --expose-gc --max-old-space-size=6144 bench/search-profile.mjs`
// after `npm run build`; with BENCH_RECALL_DATABASE_URL, the Recall index built from that database
// (read-only) and its rotation instead.
import { buildMemberIndex } from './support/members.mjs';
import { buildRecallIndex } from './support/recall.mjs';
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
  ({ index } = await buildRecallIndex(TextIndex, url));
  queries = process.env.BENCH_QUERIES?.split('|') ?? ['redis timeout', 'kafka', 'terrafrom deadlok', 'graphql migr', 'nginx latency'];
} else {
  const built = buildMemberIndex(TextIndex, MEMBERS, bulkMemberChunks);
  index = built.index;
  const names = built.names;
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
