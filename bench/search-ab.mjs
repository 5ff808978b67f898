// Two builds of the search engine compared on one index, in process: `node --expose-gc
// --max-old-space-size=6144 bench/search-ab.mjs` after `npm run build`, with BENCH_ENGINE_A naming
// the other build's text-index.js (e.g. main's, compiled elsewhere). The index is built once by this
// tree's engine (B) and engine A is given the same fields (its own search scratch space), so both
// search the very same arrays; every query's outcome must be identical in both (checked), and the
// CPU per query is measured in alternated rounds (A, B, B, A, ...) to cancel the drift of a shared
// machine. BENCH_MEMBERS (default 1,000,000), BENCH_ROUNDS (6), BENCH_REPS (15 per round),
// BENCH_RECALL_DATABASE_URL (also the Recall index, read-only, as bench/search-scale.mjs).
import { MEMBER_QUERIES_HEAD, MEMBER_QUERIES_TYPOS, MEMBER_WEIGHTS, buildMemberIndex } from './support/members.mjs';
import { RECALL_QUERIES, RECALL_WEIGHTS, buildRecallIndex } from './support/recall.mjs';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { median } from './support/median.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const REPS = Number(process.env.BENCH_REPS ?? 15);
const { TextIndex } = await import('../dist/src/common/search/text-index.js');
const { TextIndex: TextIndexA } = await import(process.env.BENCH_ENGINE_A ?? '../dist/src/common/search/text-index.js');
const { bulkMemberChunks } = await import('../dist/bench/generators/bulk-members.js');

const SCRATCH = [
  'wordGen',
  'wordIdx',
  'accMatched',
  'accTypos',
  'accWeight',
  'accProximity',
  'accExact',
  'lastPos',
  'lastField',
  'candGen',
];

/** Engine A over engine B's index: the same data fields, its own scratch space. */
function twin(index, weights) {
  const a = new TextIndexA(weights);
  const fresh = new TextIndexA(weights);
  Object.assign(a, index);
  for (const f of [...SCRATCH, 'keyScratch', 'entSlot', 'entCode', 'entPos', 'bitmaps', 'generation']) if (f in fresh) a[f] = fresh[f];
  // BENCH_A_DENSE_FRACTION: engine A keeps bitmaps only for terms held by 1/N of the documents or more.
  const fraction = Number(process.env.BENCH_A_DENSE_FRACTION ?? 0);
  if (fraction > 0) a.dense = new Map([...index.dense].filter(([t]) => index.termCount[t] >= index.compacted / fraction));
  return a;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function compare(title, engines, queries) {
  for (const q of queries) {
    const opts = { limit: q.limit ?? 20, offset: q.offset ?? 0, excludeFlags: q.excludeFlags ?? 0 };
    const outs = engines.map((e) => e.search(q.q, opts));
    if (!isDeepStrictEqual(outs[0], outs[1])) {
      console.log(
        `MISMATCH ${title} ${q.label ?? q.q}\nA ${JSON.stringify(outs[0]).slice(0, 600)}\nB ${JSON.stringify(outs[1]).slice(0, 600)}`,
      );
      process.exitCode = 1;
    }
  }
  const wall = queries.map(() => [[], []]);
  const cpu = queries.map(() => [[], []]);
  for (let r = 0; r < ROUNDS; r++) {
    for (const which of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const engine = engines[which];
      queries.forEach((q, qi) => {
        const opts = { limit: q.limit ?? 20, offset: q.offset ?? 0, excludeFlags: q.excludeFlags ?? 0 };
        for (let i = 0; i < REPS; i++) {
          const c = cpuNow();
          const t = performance.now();
          engine.search(q.q, opts);
          wall[qi][which].push(performance.now() - t);
          cpu[qi][which].push(cpuNow() - c);
        }
      });
    }
  }
  console.log(`\n${title} (${ROUNDS} alternated rounds × ${REPS} runs per engine)\n`);
  console.log('| query | A median ms | B median ms | A CPU ms | B CPU ms | B/A |\n|---|---:|---:|---:|---:|---:|');
  queries.forEach((q, qi) => {
    const [wa, wb] = wall[qi].map(median);
    const [ca, cb] = cpu[qi].map(median);
    console.log(
      `| ${q.label ?? q.q} | ${wa.toFixed(2)} | ${wb.toFixed(2)} | ${ca.toFixed(2)} | ${cb.toFixed(2)} | ${(wb / wa).toFixed(2)} |`,
    );
  });
}

console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
if (process.env.BENCH_SKIP_MEMBERS !== '1') {
  const { index, names } = buildMemberIndex(TextIndex, MEMBERS, bulkMemberChunks);
  const queries = [
    ...MEMBER_QUERIES_HEAD,
    ...names.map((q, k) => ({ q, label: `display name ${k + 1} (${q})` })),
    ...MEMBER_QUERIES_TYPOS,
    { q: 'agent', offset: 80, label: 'agent, page 5' },
    { q: 'open source agent' },
  ];
  compare(`Member index, ${MEMBERS} members`, [twin(index, MEMBER_WEIGHTS), index], queries);
}
const url = process.env.BENCH_RECALL_DATABASE_URL;
if (url) {
  const { index } = await buildRecallIndex(TextIndex, url);
  const queries = [...RECALL_QUERIES, { q: 'kafka', limit: 20, label: 'kafka (flagged excluded)', excludeFlags: 1 }];
  compare(`Message index, ${index.size} messages`, [twin(index, RECALL_WEIGHTS), index], queries);
}
