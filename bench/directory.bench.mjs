// Directory benchmark: `npm run bench:directory` (builds first).
//
// Starts the real app from dist/ in a child process with rate limits off, loads 100,000 generated
// members through the operator bulk import (NDJSON, 10 requests of 10,000 rows), then loads three
// hot paths with autocannon at 20 connections: GET /api/v1/search (a rotation of queries, typos
// included), GET /api/v1/members (pages spread over the whole directory) and the lookup_member
// MCP tool (modern tools/call on /mcp, exact names and slugs). Prints p50/p99 latency and
// requests/s as a Markdown table for docs/benchmarks.md.
//
// Environment: DATABASE_URL (else an embedded PostgreSQL under BENCH_DATA_DIR, default
// /tmp/agentry-bench-directory), BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS
// (default 20), BENCH_MEMBERS (default 100000), BENCH_LOAD (`import`, the default up to 100,000
// members, or `sql`: set-based INSERTs of 10,000 rows straight into PostgreSQL, the default above —
// a million members load in minutes rather than through a million-row HTTP import). After loading it
// runs VACUUM ANALYZE on the member table, as autovacuum would shortly after a bulk load.
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import { processCpuMs, treeCpuMs } from './process-cpu.mjs';
import { ask, serveApp, startChild, stopChild } from './support/app.mjs';
import { insertMembers, slices } from './support/members.mjs';

const SELF = fileURLToPath(import.meta.url);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const LOAD = process.env.BENCH_LOAD ?? (MEMBERS > 100_000 ? 'sql' : 'import');
const TOKEN = 'mco_directory_benchmark_operator_00010000000000';
const MODERN = '2026-07-28';
const WARMUP = 2;

// ---- child: the real app -----------------------------------------------------------------------
async function runApp() {
  await serveApp(
    {
      RATE_LIMIT_GENERAL: 'off',
      RATE_LIMIT_REGISTER: 'off',
      SEED_DEMO: 'false',
      OPERATOR_BOOTSTRAP_TOKEN: TOKEN,
      DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/agentry-bench-directory',
    },
    {
      onMessage: async (m, running, { DataSource }) => {
        if (m === 'vacuum') {
          // What autovacuum does shortly after a bulk load: sets the visibility map and statistics.
          await running.app.get(DataSource).query('VACUUM ANALYZE member');
          return { vacuumed: true };
        }
      },
    },
  );
}

// ---- parent -------------------------------------------------------------------------------------
async function loadMembers(url, members) {
  const started = Date.now();
  for (let i = 0; i < members.length; i += 10_000) {
    const body = members
      .slice(i, i + 10_000)
      .map((m) => JSON.stringify(m))
      .join('\n');
    const res = await fetch(`${url}/admin/members/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
      body,
    });
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${(await res.text()).slice(0, 500)}`);
  }
  return (Date.now() - started) / 1000;
}

/** Polls a search until it answers 200 (503 while the index is being built); the time it took. */
async function untilSearchable(url, path) {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(60_000) });
    await res.text();
    if (res.status === 200) return Date.now() - started;
    if (res.status !== 503) throw new Error(`search answered ${res.status} while waiting for the index`);
    if (Date.now() - started > 600_000) throw new Error('the search index was not built within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function lookupRequest(query, id) {
  return {
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': 'lookup_member',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        name: 'lookup_member',
        arguments: { query },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
        },
      },
    }),
  };
}

async function load(url, requests, duration, pid) {
  const cpu = treeCpuMs(pid);
  const appCpu = processCpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, requests });
  const total = result.requests.total || 1;
  return {
    cpu: (treeCpuMs(pid) - cpu) / total,
    appCpu: (processCpuMs(pid) - appCpu) / total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  const { generateBulkMembers } = await import('../dist/bench/generators/bulk-members.js');
  console.log(`Directory benchmark: ${MEMBERS} members, ${CONNECTIONS} connections, ${DURATION} s per endpoint`);
  const app = await startChild(SELF, { execArgv: (process.env.BENCH_APP_NODE_FLAGS ?? '').split(' ').filter(Boolean) });
  try {
    const members = generateBulkMembers(MEMBERS, 2026);
    const seconds = LOAD === 'sql' ? await insertMembers(app.databaseUrl, slices(members)) : await loadMembers(app.url, members);
    console.log(
      `loaded ${members.length} members ${LOAD === 'sql' ? 'with set-based INSERTs' : 'through POST /admin/members/import'} in ${seconds.toFixed(1)} s`,
    );
    await ask(app.child, 'vacuum', 'vacuumed');
    const page = await fetch(`${app.url}/api/v1/members?limit=1`).then((r) => r.json());
    console.log(`public directory total: ${page.total}`);

    const pick = (i) => members[(i * 7919) % members.length];
    const queries = [
      'agent',
      'robotics',
      'healthcare evaluation',
      'open source',
      'Nortwind',
      'kestral labs',
      'climate',
      pick(1).display_name,
    ];
    const scenarios = [
      {
        name: 'GET /api/v1/search',
        requests: queries.map((q) => ({ method: 'GET', path: `/api/v1/search?q=${encodeURIComponent(q)}` })),
      },
      {
        name: 'GET /api/v1/members',
        requests: Array.from({ length: 20 }, (_, i) => ({
          method: 'GET',
          path: `/api/v1/members?limit=50&offset=${Math.floor((i * (page.total - 50)) / 19)}`,
        })),
      },
      {
        name: 'lookup_member (MCP tools/call)',
        requests: Array.from({ length: 20 }, (_, i) => lookupRequest(i % 2 ? pick(i).slug : pick(i).display_name.toUpperCase(), i + 1)),
      },
    ];

    // The first search brings the index up to date (a rebuild after a bulk load: searches answer a
    // retryable 503 meanwhile, so this polls until one answers).
    const waited = await untilSearchable(app.url, '/api/v1/search?q=agent');
    console.log(`first search answered after ${waited} ms (the search index is rebuilt after the load)`);

    // Sanity check: every request answers 200 with a real result before measuring.
    for (const s of scenarios) {
      const r = s.requests[0];
      const res = await fetch(`${app.url}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
      const text = await res.text();
      if (res.status !== 200 || /"isError":true/.test(text)) throw new Error(`${s.name}: ${res.status} ${text.slice(0, 300)}`);
    }
    const lookup = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: scenarios[2].requests[1].headers,
      body: scenarios[2].requests[1].body,
    }).then((r) => r.text());
    if (!lookup.includes('"status":"member"')) throw new Error(`lookup_member did not find a member: ${lookup.slice(0, 300)}`);

    // One request at a time: the time each kind of query takes on its own (a client-side round trip
    // on loopback, so an upper bound of the server's time), median and p90 of 25 runs.
    const single = [
      ...queries.map((q) => ['search', q]),
      ['search', 'evaluaton harnesses'],
      ['search', 'warehuose robots'],
      ['search', 'robo'],
      ['search', pick(3).display_name.toLowerCase().replace(/ \d+$/, '')],
      ['members', 'offset=0'],
      ['members', `offset=${page.total - 60}`],
    ];
    console.log('\n| one at a time | query | median ms | p90 ms | CPU ms per query (app + PostgreSQL) |');
    console.log('|---|---|---:|---:|---:|');
    for (const [kind, q] of single) {
      const path = kind === 'search' ? `/api/v1/search?q=${encodeURIComponent(q)}` : `/api/v1/members?limit=50&${q}`;
      const times = [];
      const cpu = treeCpuMs(app.child.pid);
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        const res = await fetch(`${app.url}${path}`);
        await res.text();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const cpuMs = (treeCpuMs(app.child.pid) - cpu) / 25;
      console.log(`| ${kind} | ${q} | ${times[12].toFixed(1)} | ${times[22].toFixed(1)} | ${cpuMs.toFixed(1)} |`);
    }

    const rows = [];
    for (const s of scenarios) {
      if (process.env.BENCH_TRACE_PHASES) console.log(`-- phase ${s.name}`);
      await load(app.url, s.requests, WARMUP, app.child.pid);
      rows.push({ name: s.name, ...(await load(app.url, s.requests, DURATION, app.child.pid)) });
    }
    const [load1] = (await import('node:os')).loadavg();
    console.log(`\nload average at the end: ${load1.toFixed(1)}`);
    console.log('| endpoint | requests/s | p50 ms | p99 ms | non-2xx | errors | CPU ms/request (app + PostgreSQL) | of it the app |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows)
      console.log(
        `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.cpu.toFixed(2)} | ${r.appCpu.toFixed(2)} |`,
      );
    process.exitCode = rows.every((r) => r.non2xx === 0 && r.errors === 0) ? 0 : 1;
  } finally {
    await stopChild(app.child);
  }
}

if (process.argv[2] === 'app') runApp();
else
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
