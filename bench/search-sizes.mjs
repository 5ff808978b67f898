// Directory search at two sizes, side by side (`npm run bench:search-sizes`, after `npm run build`
// and bench/load-scale.mjs for each database): is a search at a million members as cheap as at
// 100,000? On a machine whose throughput drifts by half between runs, two `bench:directory` runs
// minutes apart cannot say; this runs both instances at once and alternates short slices of load
// between them, so the drift falls on both alike.
//
// Each instance is `npm run start:prod`'s process (dist/server/main.mjs with SERVER_NODE_FLAGS) on
// its own database of the local PostgreSQL, the SMTP listener off, rate limits off. Load: the
// directory bench's query rotation (typos included, plus one exact display name of that database)
// at 20 connections. Per slice and size: requests/s, p99, the app's CPU per request (/proc) and the
// PostgreSQL backends' CPU per request (the database's backends in pg_stat_activity).
//
// Prepare: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/agentry_m100k BENCH_MEMBERS=100000
// BENCH_MESSAGES=0 node bench/load-scale.mjs, and the same with agentry_m1m and 1000000.
// Each instance's DATA_DIR is $TMPDIR/agentry-sizes-<database>, kept between runs (the database's
// sealed secrets are bound to the key file there).
// Environment: SIZES_DATABASES (comma-separated URLs, default those two), SIZES_SLICES (default 8),
// SIZES_SLICE_SECONDS (default 4), SIZES_CONNECTIONS (default 20), SIZES_PER_QUERY=1 (then each
// query of the rotation alone too, three 2 s slices per size).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { processCpuMs } from './process-cpu.mjs';
import { SERVER_NODE_FLAGS, SERVER_ENV } from '../scripts/server-node-flags.mjs';
import { median } from './support/median.mjs';

const DATABASES = (
  process.env.SIZES_DATABASES ?? 'postgres://postgres@127.0.0.1:5432/agentry_m100k,postgres://postgres@127.0.0.1:5432/agentry_m1m'
).split(',');
const SLICES = Number(process.env.SIZES_SLICES ?? 8);
const SLICE_SECONDS = Number(process.env.SIZES_SLICE_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.SIZES_CONNECTIONS ?? 20);
const ROTATION = ['agent', 'robotics', 'healthcare evaluation', 'open source', 'Nortwind', 'kestral labs', 'climate'];

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function start(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(
    'SELECT count(*)::int AS n, (SELECT display_name FROM member ORDER BY id OFFSET 7919 LIMIT 1) AS name FROM member',
  );
  // Kept between runs: the database's sealed secrets are bound to the key file under DATA_DIR.
  const dataDir = path.join(tmpdir(), `agentry-sizes-${new URL(databaseUrl).pathname.slice(1)}`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.mjs'], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_PORT: '0',
      SEED_DEMO: 'false',
      RATE_LIMIT_GENERAL: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance on ${databaseUrl} exited with ${child.exitCode}`);
    const status = await fetch(`${url}/api/v1/search?q=agent`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() - started > 180_000) throw new Error(`the instance on ${databaseUrl} was not searchable within 180 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const database = new URL(databaseUrl).pathname.slice(1);
  const backendsCpuMs = async () => {
    const { rows: pids } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return pids.reduce((sum, { pid }) => sum + processCpuMs(pid), 0);
  };
  return {
    label: `${rows[0].n.toLocaleString('en')} members`,
    url,
    child,
    db,
    backendsCpuMs,
    requests: [...ROTATION, rows[0].name].map((q) => ({ method: 'GET', path: `/api/v1/search?q=${encodeURIComponent(q)}` })),
    runs: [],
    readyMs: Date.now() - started,
  };
}

async function slice(size, seconds) {
  const app = processCpuMs(size.child.pid);
  const backends = await size.backendsCpuMs();
  const r = await autocannon({ url: size.url, connections: CONNECTIONS, duration: seconds, requests: size.requests });
  const total = r.requests.total || 1;
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${size.label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return {
    rps: r.requests.total / seconds,
    p99: r.latency.p99,
    app: (processCpuMs(size.child.pid) - app) / total,
    pg: ((await size.backendsCpuMs()) - backends) / total,
  };
}

const sizes = [];
try {
  for (const url of DATABASES) sizes.push(await start(url));
  for (const s of sizes)
    console.log(`${s.label}: searchable ${s.readyMs} ms after start; exact name "${decodeURIComponent(s.requests.at(-1).path.slice(17))}"`);
  for (const s of sizes) await slice(s, 3); // warm-up
  for (let i = 0; i < SLICES; i++) for (const s of i % 2 ? [...sizes].reverse() : sizes) s.runs.push(await slice(s, SLICE_SECONDS));
  console.log(`\n${SLICES} alternating slices of ${SLICE_SECONDS} s, ${CONNECTIONS} connections, GET /api/v1/search rotation:`);
  console.log(
    '| size | requests/s (median) | per slice | p99 ms (median) | app CPU ms/request | PostgreSQL CPU ms/request | RSS MB at the end |',
  );
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const s of sizes) {
    const rss = Number(readFileSync(`/proc/${s.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
    const m = (key) => median(s.runs.map((r) => r[key]));
    console.log(
      `| ${s.label} | ${Math.round(m('rps'))} | ${s.runs.map((r) => Math.round(r.rps)).join(' ')} | ${m('p99')} | ${m('app').toFixed(2)} | ${m('pg').toFixed(2)} | ${Math.round(rss)} |`,
    );
  }
  if (process.env.SIZES_PER_QUERY === '1') {
    // Each query of the rotation on its own, alternating sizes: which queries grow with the rows.
    console.log('\n| query | ' + sizes.map((s) => `${s.label}: app CPU ms/request (requests/s)`).join(' | ') + ' |');
    console.log('|---|' + sizes.map(() => '---:').join('|') + '|');
    for (let q = 0; q < ROTATION.length + 1; q++) {
      const cells = [];
      for (const s of sizes) {
        const runs = [];
        const one = { ...s, requests: [s.requests[q]] };
        for (let i = 0; i < 3; i++) runs.push(await slice(one, 2));
        cells.push(`${median(runs.map((r) => r.app)).toFixed(2)} (${Math.round(median(runs.map((r) => r.rps)))})`);
      }
      console.log(`| ${q < ROTATION.length ? ROTATION[q] : 'exact display name'} | ${cells.join(' | ')} |`);
    }
  }
  if (sizes.length === 2) {
    const ratios = sizes[1].runs.map((r, i) => r.rps / sizes[0].runs[i].rps);
    console.log(
      `\n${sizes[1].label} against ${sizes[0].label}, slice by slice: ${ratios.map((x) => `${(x * 100).toFixed(0)} %`).join(' ')}; median ${(median(ratios) * 100).toFixed(1)} %`,
    );
  }
} finally {
  for (const s of sizes) {
    s.child.kill('SIGTERM');
    await s.db.end();
  }
}
