// Search at scale, in process: `npm run bench:search-scale` (builds first).
//
// Builds the directory's member index (the same TextIndex, field weights and document mapping as
// src/directory/services/member-search.ts) from BENCH_MEMBERS generated members (default 1,000,000;
// bench/generators/bulk-members.ts) and, when BENCH_RECALL_DATABASE_URL names a database holding a
// synthetic Recall board (filled once with bench/generators/synthetic-recall.ts: `BENCH_LOAD=1`
// loads BENCH_MESSAGES messages, default 1,000,000, into it), the message index from that database
// with the app's own chunk statement (as an instance does at boot). For each index it reports the
// build time, the heap and typed-array memory it holds (after a full GC; run node with
// --expose-gc), and the engine's time per query, one at a time, for the query rotations of
// bench:directory and bench:recall (median and p99 of BENCH_REPS runs, default 25).
//
// Past 1 M members give node more heap than the npm script's 4 GB and check free memory first: at
// 3 M members the process peaks at 3.6 GB RSS during the build, at 5 M at 5.7 GB (≈ 1.15 GB per
// million), e.g. `BENCH_MEMBERS=5000000 BENCH_REPS=10 nice -n 19 node --expose-gc
// --max-old-space-size=8192 bench/search-scale.mjs` after `npm run build`. The engine keeps rows and
// words in JavaScript Maps, which V8 caps at 2^24 = 16,777,216 entries: no index can pass that.
//
// This measures the engine alone: an HTTP search adds the change-log probe (one indexed query), the
// read of one page of rows by id, and the HTTP round trip (docs/benchmarks.md has those figures).
import { MEMBER_QUERIES_HEAD, MEMBER_QUERIES_TYPOS, MEMBER_WEIGHTS, generatedMemberDocument } from './support/members.mjs';
import { RECALL_QUERIES, RECALL_WEIGHTS, recallDocument } from './support/recall.mjs';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const REPS = Number(process.env.BENCH_REPS ?? 25);

// BENCH_ENGINE: another build of text-index.js to compare with (e.g. the previous engine compiled elsewhere).
const { TextIndex } = await import(process.env.BENCH_ENGINE ?? '../dist/src/common/search/text-index.js');
const { bulkMemberChunks } = await import('../dist/bench/generators/bulk-members.js');

function gc() {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    globalThis.gc();
  }
}

function memory() {
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers, rss: m.rss };
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
/** User + system CPU of this process in ms (GC helper threads included), from a process.cpuUsage() delta. */
const cpuMs = (usage) => (usage.user + usage.system) / 1000;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function timeQueries(index, queries) {
  const rows = [];
  for (const q of queries) {
    index.search(q.q, { limit: q.limit ?? 20, offset: q.offset ?? 0 });
    const times = [];
    const cpus = [];
    for (let i = 0; i < REPS; i++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      index.search(q.q, { limit: q.limit ?? 20, offset: q.offset ?? 0 });
      cpus.push(cpuMs(process.cpuUsage(cpu)));
      times.push(performance.now() - started);
    }
    rows.push({ label: q.label ?? q.q, median: percentile(times, 50), p99: percentile(times, 99), cpu: percentile(cpus, 50) });
  }
  return rows;
}

function printRows(title, rows) {
  console.log(`\n${title}\n\n| query | median ms | p99 ms | median CPU ms |\n|---|---:|---:|---:|`);
  for (const r of rows) console.log(`| ${r.label} | ${r.median.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpu.toFixed(2)} |`);
}

async function members() {
  const base = memory();
  // Generated 5,000 at a time and indexed as they come, as an instance reads chunks at boot; the
  // generation's own time is measured apart and left out of the build time.
  const index = new TextIndex(MEMBER_WEIGHTS);
  let generatedMs = 0;
  let buildMs = 0;
  let buildCpu = 0;
  let sample;
  let i = 0;
  index.clear();
  const chunks = bulkMemberChunks(MEMBERS, 42, 5000);
  for (;;) {
    let started = performance.now();
    const next = chunks.next();
    generatedMs += performance.now() - started;
    if (next.done) break;
    started = performance.now();
    const cpu = process.cpuUsage();
    for (const m of next.value) {
      if (i === Math.floor(MEMBERS * 0.61)) sample = m;
      index.upsert(generatedMemberDocument(m, i++));
    }
    buildCpu += cpuMs(process.cpuUsage(cpu));
    buildMs += performance.now() - started;
  }
  let started = performance.now();
  const cpu = process.cpuUsage();
  index.compact();
  const compactCpu = cpuMs(process.cpuUsage(cpu));
  const compactMs = performance.now() - started;
  const after = memory();
  console.log(
    `members: ${MEMBERS} generated in ${(generatedMs / 1000).toFixed(1)} s (not counted); index built in ${((buildMs + compactMs) / 1000).toFixed(1)} s ` +
      `(CPU ${((buildCpu + compactCpu) / 1000).toFixed(1)} s, of it compaction ${(compactMs / 1000).toFixed(1)} s / CPU ${(compactCpu / 1000).toFixed(1)} s); ` +
      `${index.vocabularySize} words, ${index.postings} postings; held: heap ${mb(after.heap - base.heap)} MB + typed arrays ` +
      `${mb(after.buffers - base.buffers)} MB`,
  );
  printRows(
    `Member index, ${MEMBERS} members, engine time one query at a time (${REPS} runs each)`,
    timeQueries(index, [...MEMBER_QUERIES_HEAD, { q: sample.display_name, label: 'an exact display name' }, ...MEMBER_QUERIES_TYPOS]),
  );
  return index;
}

async function loadRecall(url) {
  const { syntheticRecallSql } = await import('../dist/bench/generators/synthetic-recall.js');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const [{ n }] = (await client.query(`SELECT count(*)::int AS n FROM memory_message`)).rows;
  if (n >= MESSAGES) {
    console.log(`recall: ${n} messages already loaded`);
  } else {
    const started = Date.now();
    for (const sql of syntheticRecallSql({ agents: Math.max(2000, MESSAGES / 100), messages: MESSAGES })) await client.query(sql);
    await client.query('VACUUM ANALYZE memory_message');
    console.log(`recall: loaded ${MESSAGES} messages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await client.end();
}

async function messages(url) {
  const { INDEX_CHUNK_SQL, FIRST_ID } = await import('../dist/src/memory/queries/messages.queries.js');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const base = memory();
  // As src/memory/services/message-search.ts: title, topic, body weighted 4, 3, 1; flagged bit 1.
  const index = new TextIndex(RECALL_WEIGHTS);
  const started = performance.now();
  index.clear();
  let after = FIRST_ID;
  let rows = 0;
  let readMs = 0;
  for (;;) {
    const t0 = performance.now();
    const chunk = (await client.query(INDEX_CHUNK_SQL, [after, 5000])).rows;
    readMs += performance.now() - t0;
    if (chunk.length === 0) break;
    for (const m of chunk) {
      index.upsert(recallDocument(m));
    }
    rows += chunk.length;
    after = chunk[chunk.length - 1].id;
  }
  index.compact();
  const buildMs = performance.now() - started;
  await client.end();
  const held = memory();
  console.log(
    `\nmessages: index of ${rows} messages built from PostgreSQL in ${(buildMs / 1000).toFixed(1)} s (${(readMs / 1000).toFixed(1)} s of it reading); ` +
      `${index.vocabularySize} words, ${index.postings} postings; held: heap ${mb(held.heap - base.heap)} MB + typed arrays ${mb(held.buffers - base.buffers)} MB`,
  );
  printRows(
    `Message index, ${rows} messages, engine time one query at a time (${REPS} runs each)`,
    timeQueries(index, [...RECALL_QUERIES]),
  );
}

console.log(`Search at scale (in process); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
if (process.env.BENCH_SKIP_MEMBERS !== '1') await members();
const recallUrl = process.env.BENCH_RECALL_DATABASE_URL;
if (recallUrl) {
  if (process.env.BENCH_LOAD === '1') await loadRecall(recallUrl);
  await messages(recallUrl);
}
const end = memory();
const peakRss = Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
console.log(
  `\nprocess at the end: heap ${mb(end.heap)} MB, typed arrays ${mb(end.buffers)} MB, RSS ${mb(end.rss)} MB (peak ${mb(peakRss)} MB)`,
);
