// Where one member index build's CPU goes, engine alone, phase by phase: `node --expose-gc
// bench/index-phases.mjs` after `npm run build`. Builds the directory's member index from
// BENCH_MEMBERS generated members (default 1,000,000; bench/generators/bulk-members.ts, seed 42, the
// mapping of bench/search-scale.mjs) as a boot's worker does — clear, upserts, compact, snapshot —
// then crosses the snapshot as postMessage would (structuredClone with the transfer list: the
// worker's serialisation and the main thread's deserialisation, here in one thread) and restores it.
// Reports CPU ms per phase (process.cpuUsage: this thread plus V8's helper threads).
//
// BENCH_ENGINES: comma-separated builds of text-index.js to alternate (default this checkout's),
// BENCH_ROUNDS rounds (default 2), each engine once per round, in a fresh child process each.
// BENCH_STREAM=1: the members are generated 10,000 at a time between the upserts, as a worker reads
// its chunks (no million documents held through the build; `generate` is their CPU, not upsert's).
import { generatedMemberDocument } from './support/members.mjs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const WEIGHTS = [8, 6, 4, 3, 2, 1];
const self = fileURLToPath(import.meta.url);

if (process.env.INDEX_PHASES_ENGINE) {
  const { TextIndex } = await import(process.env.INDEX_PHASES_ENGINE);
  const { generateBulkMembers, bulkMemberChunks } = await import('../dist/bench/generators/bulk-members.js');
  const stream = process.env.BENCH_STREAM === '1';
  const docs = stream ? [] : generateBulkMembers(MEMBERS, 42).map(generatedMemberDocument);
  globalThis.gc?.();
  const phases = {};
  let cpu = process.cpuUsage();
  const lap = (name) => {
    const now = process.cpuUsage();
    phases[name] = (phases[name] ?? 0) + Math.round((now.user - cpu.user + now.system - cpu.system) / 1000);
    cpu = now;
  };
  const index = new TextIndex(WEIGHTS);
  index.clear();
  if (stream) {
    let i = 0;
    for (const chunk of bulkMemberChunks(MEMBERS, 42, 10_000)) {
      const batch = chunk.map((m) => generatedMemberDocument(m, i++));
      lap('generate');
      for (const doc of batch) index.upsert(doc);
      lap('upsert');
    }
  } else {
    for (const doc of docs) index.upsert(doc);
    lap('upsert');
  }
  index.compact();
  lap('compact');
  const { transfer, ...value } = index.snapshot();
  lap('snapshot');
  const delivered = structuredClone(value, { transfer });
  lap('clone');
  const restored = new TextIndex(WEIGHTS);
  restored.restore(delivered);
  lap('restore');
  const probe = restored.search('robotics', { limit: 5 });
  console.log(JSON.stringify({ phases, total: probe.total, first: probe.hits[0]?.key }));
} else {
  const engines = (process.env.BENCH_ENGINES ?? new URL('../dist/src/common/search/text-index.js', import.meta.url).href).split(',');
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  for (let round = 1; round <= rounds; round++) {
    for (const engine of engines) {
      const out = execFileSync(process.execPath, ['--expose-gc', '--max-semi-space-size=4', '--max-old-space-size=6144', self], {
        env: { ...process.env, INDEX_PHASES_ENGINE: engine },
        encoding: 'utf8',
      });
      console.log(`round ${round} ${engine}: ${out.trim()}`);
    }
  }
}
