// Broker benchmark: `npm run bench:broker` (builds first).
//
// Starts the real app in a child process with every budget off (RATE_LIMIT_GENERAL, _BROKER_AGENT,
// _BROKER_OWNER), makes BENCH_AGENTS agents (default 20) with real `mca_` access tokens — the rows
// the OAuth flow writes (owner who signed the current agreement, client, grant, token hash), as
// test/support/broker.ts does — and loads /broker/mcp with autocannon: BENCH_CONNECTIONS
// connections (default 20), each with its own agent's token, a legacy-era (2025-11-25, stateless)
// tools/call, 2 s warm-up and BENCH_DURATION seconds (default 8) per scenario:
//   identity_whoami, inbox_list, and for scale an unknown token (refused by the gate) and the
//   cached get_community_stats on /mcp (no gate, no query).
// For each it prints requests/s, p50/p99, the SQL statements per call (counted in the app process:
// BENCH_COUNT_QUERIES makes the app child wrap pg's Client#query with a counter before the app
// loads — the app itself has no such hook) and the CPU time per call of the app and of the
// PostgreSQL backends serving its database (from /proc, pids from pg_stat_activity).
//
// Database: a scratch database created on BENCH_ADMIN_DATABASE_URL (or TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { processCpuMs as cpuMs } from './process-cpu.mjs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { makeBrokerAgents } from './support/broker-agents.mjs';
import { adminDatabaseUrl, ask, createScratchDatabase, serveApp, startChild, stopChild } from './support/app.mjs';

const SELF = fileURLToPath(import.meta.url);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = 2;
const LEGACY = '2025-11-25';

// ---- child: the real app -----------------------------------------------------------------------
async function runApp() {
  let queries = 0;
  if (process.env.BENCH_COUNT_QUERIES === '1') {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function countedQuery(...args) {
      queries++;
      return original.apply(this, args);
    };
  }
  await serveApp(
    {
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
      RATE_LIMIT_GENERAL: 'off',
      RATE_LIMIT_BROKER_AGENT: 'off',
      RATE_LIMIT_BROKER_OWNER: 'off',
      SEED_DEMO: 'false',
    },
    { onMessage: (m) => (m === 'queries' ? { queries } : undefined) },
  );
}

// ---- parent -------------------------------------------------------------------------------------
const queryCount = (child) => ask(child, 'queries', 'queries');

async function backendPids(admin, database) {
  const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
  return rows.map((r) => r.pid);
}

function toolCall(name, args = {}) {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}

async function run(target, scenario, duration, tokens) {
  let next = 0;
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LEGACY };
  return autocannon({
    url: `${target}${scenario.path}`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers,
    body: scenario.body,
    // Each connection carries its own agent's token (a host holds one token per agent).
    setupClient: (client) => {
      if (scenario.token === 'agent') client.setHeaders({ ...headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` });
      else if (scenario.token === 'unknown') client.setHeaders({ ...headers, authorization: `Bearer mca_${'x'.repeat(43)}` });
    },
  });
}

async function main() {
  const scratch = await createScratchDatabase(adminDatabaseUrl(), { name: `agentry_bench_broker_${process.pid}` });
  const { admin, name: database, url } = scratch;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`Broker benchmark: ${CONNECTIONS} connections, ${AGENTS} agents, ${DURATION} s per scenario; load average ${load}`);
  let app;
  try {
    app = await startChild(SELF, { env: { BENCH_DATABASE_URL: url, BENCH_COUNT_QUERIES: '1' } });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const tokens = (
      await makeBrokerAgents(db, {
        publicBaseUrl: app.publicBaseUrl,
        count: AGENTS,
        scopes: ['identity:read', 'identity:write', 'tos:accept', 'inbox:read', 'inbox:send'],
      })
    ).map((a) => a.token);
    await db.end();

    const scenarios = [
      { name: 'identity_whoami', path: '/broker/mcp', token: 'agent', body: toolCall('identity_whoami') },
      { name: 'inbox_list', path: '/broker/mcp', token: 'agent', body: toolCall('inbox_list', { limit: 20 }) },
      { name: 'unknown token (refused at the gate)', path: '/broker/mcp', token: 'unknown', body: toolCall('identity_whoami') },
      { name: 'get_community_stats on /mcp (no gate)', path: '/mcp', token: 'none', body: toolCall('get_community_stats') },
    ];
    // One call of each first: the answer must be what a client expects, not an error.
    for (const s of scenarios.slice(0, 2)) {
      const res = await fetch(`${app.url}${s.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'mcp-protocol-version': LEGACY,
          authorization: `Bearer ${tokens[0]}`,
        },
        body: s.body,
      });
      const text = await res.text();
      if (res.status !== 200 || text.includes('"isError":true') || text.includes('"error"')) {
        throw new Error(`${s.name} failed: ${res.status} ${text.slice(0, 300)}`);
      }
    }
    const rows = [];
    for (const s of scenarios) {
      await run(app.url, s, WARMUP, tokens);
      const pids = await backendPids(admin, database);
      const before = { q: await queryCount(app.child), app: cpuMs(app.child.pid), pg: pids.reduce((t, p) => t + cpuMs(p), 0) };
      const r = await run(app.url, s, DURATION, tokens);
      const after = { q: await queryCount(app.child), app: cpuMs(app.child.pid), pg: pids.reduce((t, p) => t + cpuMs(p), 0) };
      const total = Math.max(1, r.requests.total);
      rows.push({
        name: s.name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        queries: ((after.q - before.q) / total).toFixed(2),
        appCpu: ((after.app - before.app) / total).toFixed(3),
        pgCpu: ((after.pg - before.pg) / total).toFixed(3),
        bad: r.non2xx + r.errors + r.timeouts,
        expectBad: s.token === 'unknown',
      });
    }
    console.log(
      '\n| call | requests/s | p50 ms | p99 ms | SQL statements per call | app CPU ms/call | PostgreSQL CPU ms/call | non-2xx/errors |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(
        `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.queries} | ${r.appCpu} | ${r.pgCpu} | ${r.bad}${r.expectBad ? ' (401 expected)' : ''} |`,
      );
    }
    console.log(`\nload average after the run: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
    const failed = rows.some((r) => !r.expectBad && r.bad > 0);
    const broker = rows.slice(0, 2);
    const met = broker.every((r) => r.rps >= 5000 && r.p99 <= 10);
    console.log(
      `target (identity_whoami and inbox_list >= 5,000 requests/s, p99 <= 10 ms): ${met ? 'met' : 'missed'}${failed ? '; FAILED REQUESTS' : ''}`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    if (app) await stopChild(app.child);
    await scratch.drop();
  }
}

if (process.argv[2] === 'app') await runApp();
else await main();
