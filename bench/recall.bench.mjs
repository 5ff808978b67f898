// Recall benchmark: `npm run bench:recall` (builds first).
//
// Starts the real app in a child process with rate limits off, fills Recall with the synthetic board
// of the scale test (200,000 messages from 2,000 agents, set-based SQL), then loads /recall/mcp with
// autocannon — 20 connections, BENCH_DURATION seconds (default 10) per tool after a short warm-up —
// with tools/call requests for search_memory, read_messages and find_similar_agents (arguments vary
// across requests; find_similar_agents runs twice: a rotation of 32 agents, remembered after its first
// round, and an uncached walk naming a different agent in every request). Prints p50/p99 latency,
// requests/s and CPU per request per scenario.
//
// It always works on its own embedded PostgreSQL under BENCH_DATA_DIR (default a fresh temp dir) and
// empties Recall's tables there before loading. Environment: BENCH_DURATION, BENCH_CONNECTIONS
// (default 20), BENCH_MESSAGES (default 200000), BENCH_AGENTS (default 2000).
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { treeCpuMs } from './process-cpu.mjs';
import { serveApp, startChild, stopChild } from './support/app.mjs';

const SELF = fileURLToPath(import.meta.url);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 2_000);
const WARMUP = 2;

// ---- child: the real app -----------------------------------------------------------------------
async function runApp() {
  await serveApp({
    DATABASE_URL: undefined,
    RATE_LIMIT_GENERAL: 'off',
    RATE_LIMIT_RECALL_WRITE: 'off',
    RATE_LIMIT_RECALL_WRITE_DAILY: 'off',
    SEED_DEMO: 'false',
    DATA_DIR: process.env.BENCH_DATA_DIR,
  });
}

// ---- parent -------------------------------------------------------------------------------------
function call(id, name, args) {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

const WORDS = ['redis', 'kafka', 'nginx', 'docker', 'python', 'mysql', 'graphql', 'terraform'];
const TOPICS = ['timeout', 'latency', 'pool', 'cache', 'deadlock', 'vacuum', 'replica', 'migration'];

/** Requests of the uncached find_similar_agents walk sent so far (7919 is prime: a stride over all agents). */
let walked = 0;

const SCENARIOS = {
  search_memory: Array.from({ length: 32 }, (_, i) =>
    call(i + 1, 'search_memory', {
      q: i % 4 === 3 ? `${WORDS[i % 8]}${TOPICS[(i * 3) % 8]}` : `${WORDS[i % 8]} ${TOPICS[(i * 5) % 8]}`,
      limit: 20,
    }),
  ),
  read_messages: Array.from({ length: 32 }, (_, i) =>
    call(i + 1, 'read_messages', { category: `cat-${i % 20}`, page: 1 + (i % 5), limit: 20 }),
  ),
  find_similar_agents: Array.from({ length: 32 }, (_, i) =>
    call(i + 1, 'find_similar_agents', { handle: `agent-${(i * 61) % AGENTS}`, limit: 10 }),
  ),
  // Every request (warm-up included) names the next agent of one walk over all of them, so no answer
  // is remembered until the walk wraps after BENCH_AGENTS requests (printed as `remembered` below).
  'find_similar_agents (uncached)': () => [
    {
      setupRequest: (request) => {
        const handle = `agent-${(walked++ * 7919) % AGENTS}`;
        return { ...request, body: call(walked, 'find_similar_agents', { handle, limit: 10 }) };
      },
    },
  ],
};

function load(url, bodies, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/recall/mcp`,
        method: 'POST',
        connections: CONNECTIONS,
        duration,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        requests: typeof bodies === 'function' ? bodies() : bodies.map((body) => ({ body })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'agentry-bench-recall-'));
  const app = await startChild(SELF, { env: { BENCH_DATA_DIR: dataDir } });
  const client = new pg.Client({ connectionString: app.databaseUrl });
  try {
    await client.connect();
    const { loadSyntheticRecall } = await import('../dist/bench/generators/synthetic-recall.js');
    await client.query(
      `TRUNCATE memory_write_request, memory_moderation_log, memory_agent_term, memory_term, memory_message, memory_category, memory_agent`,
    );
    console.log(`Loading ${MESSAGES} messages from ${AGENTS} agents ...`);
    const timings = await loadSyntheticRecall(async (sql) => (await client.query(sql)).rows, {
      agents: AGENTS,
      messages: MESSAGES,
    });
    console.log(`Loaded in ${Object.values(timings).reduce((a, b) => a + b, 0)} ms`, timings);

    // The first search builds the in-process search index of every visible message; while it is being
    // built searches are refused (retryable), so this polls until one answers.
    const buildStarted = Date.now();
    for (;;) {
      const text = await fetch(`${app.url}/recall/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: call(1, 'search_memory', { q: 'redis' }),
        signal: AbortSignal.timeout(60_000),
      }).then((r) => r.text());
      if (!text.includes('service_unavailable')) break;
      if (Date.now() - buildStarted > 600_000) throw new Error('the search index was not built within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`first search answered after ${Date.now() - buildStarted} ms (builds the search index)`);

    // Sanity: each scenario answers with a result, not an error.
    for (const [name, bodies] of Object.entries(SCENARIOS)) {
      if (typeof bodies === 'function') continue;
      const res = await fetch(`${app.url}/recall/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: bodies[0],
      });
      const text = await res.text();
      if (res.status !== 200 || text.includes('"isError":true')) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
    }

    // One request at a time: each kind of call on its own (a client-side round trip on loopback, so an
    // upper bound of the server's time), median and p90 of 25 runs.
    const single = [
      ['search_memory', { q: 'redis timeout', limit: 20 }],
      ['search_memory', { q: 'kafka', limit: 20 }],
      ['search_memory', { q: 'redistimeout', limit: 20 }],
      ['search_memory', { q: 'err1234', limit: 20 }],
      ['search_memory', { q: 'terrafrom deadlok', limit: 20 }],
      ['search_memory', { q: 'graphql migr', limit: 20 }],
      ['search_memory', { q: 'nginx latency', limit: 20, page: 5 }],
      ['find_similar_agents', { handle: 'agent-61', limit: 10 }],
      ['find_similar_agents', (i) => ({ handle: `agent-${1001 + i}`, limit: 10 })],
      ['read_messages', { category: 'cat-3', page: 5, limit: 20 }],
    ];
    console.log('\n| one at a time | arguments | median ms | p90 ms | CPU ms per call (app + PostgreSQL) |');
    console.log('|---|---|---:|---:|---:|');
    for (const [tool, args] of single) {
      const times = [];
      const cpu = treeCpuMs(app.child.pid);
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        const res = await fetch(`${app.url}/recall/mcp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-11-25',
          },
          body: call(i + 1, tool, typeof args === 'function' ? args(i) : args),
        });
        await res.text();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const label = typeof args === 'function' ? 'a different agent each time (never remembered)' : JSON.stringify(args);
      const cpuMs = (treeCpuMs(app.child.pid) - cpu) / 25;
      console.log(`| ${tool} | ${label} | ${times[12].toFixed(1)} | ${times[22].toFixed(1)} | ${cpuMs.toFixed(1)} |`);
    }

    const rows = [];
    for (const [name, bodies] of Object.entries(SCENARIOS)) {
      await load(app.url, bodies, WARMUP);
      const cpu = treeCpuMs(app.child.pid);
      const r = await load(app.url, bodies, DURATION);
      rows.push({
        cpu: (treeCpuMs(app.child.pid) - cpu) / (r.requests.total || 1),
        tool: name,
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: Math.round(r.requests.average),
        errors: r.errors + r.non2xx + r.timeouts,
      });
    }
    console.log(`\nRecall over /recall/mcp, ${CONNECTIONS} connections, ${DURATION} s per tool, ${MESSAGES} messages / ${AGENTS} agents\n`);
    const [load1] = (await import('node:os')).loadavg();
    console.log(`load average at the end: ${load1.toFixed(1)}`);
    console.log('| tool | p50 (ms) | p99 (ms) | requests/s | errors | CPU ms/request (app + PostgreSQL) |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.tool} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.errors} | ${r.cpu.toFixed(2)} |`);
    if (walked > AGENTS)
      console.log(`(the uncached walk wrapped: ${walked} requests over ${AGENTS} agents, so ${walked - AGENTS} were remembered)`);
  } finally {
    await client.end().catch(() => undefined);
    // Let requests still in flight when autocannon stopped finish before the app shuts down.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await stopChild(app.child);
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'app') await runApp();
else await main();
