// Write throughput benchmark: `npm run bench:writes` (builds first).
//
// Starts the real app in a child process (rate limits off) on a scratch database and measures the
// two bulk write paths whose cost the search structures in PostgreSQL add to:
//   1. member import: BENCH_MEMBERS generated members (default 30,000) through the operator bulk
//      import, NDJSON requests of 10,000 rows, one after another: rows/s;
//   2. Recall publish: publish_message on /recall/mcp (legacy era, stateless) from BENCH_AGENTS
//      registered agents (default 20, one per connection), every message distinct, BENCH_DURATION
//      seconds (default 8) after 2 s of warm-up: messages/s, p50/p99.
// Prints the CPU time per written row of the app and of the PostgreSQL backends serving the
// scratch database (from /proc; pids from pg_stat_activity).
//
// Database: a scratch database on BENCH_ADMIN_DATABASE_URL (or TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import autocannon from 'autocannon';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { processCpuMs as cpuMs } from './process-cpu.mjs';
import { fileURLToPath } from 'node:url';
import { adminDatabaseUrl, createScratchDatabase, serveApp, startChild, stopChild } from './support/app.mjs';

const SELF = fileURLToPath(import.meta.url);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 30_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const TOKEN = 'mco_writes_benchmark_operator_000010000000000000';
const LEGACY = '2025-11-25';

async function runApp() {
  await serveApp({
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    RATE_LIMIT_GENERAL: 'off',
    RATE_LIMIT_REGISTER: 'off',
    RATE_LIMIT_RECALL_WRITE: 'off',
    RATE_LIMIT_RECALL_WRITE_DAILY: 'off',
    SEED_DEMO: 'false',
    OPERATOR_BOOTSTRAP_TOKEN: TOKEN,
  });
}

/** CPU ms so far of the app and of each PostgreSQL backend serving the database. */
async function cpuOf(admin, database, appPid) {
  const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
  return { app: cpuMs(appPid), backends: new Map(rows.map((r) => [r.pid, cpuMs(r.pid)])) };
}

/** PostgreSQL CPU ms between two snapshots (backends started in between count from zero). */
function pgDelta(before, after) {
  let ms = 0;
  for (const [pid, now] of after.backends) ms += now - (before.backends.get(pid) ?? 0);
  return ms;
}

function call(name, args) {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}

async function recall(url, credential, name, args) {
  const res = await fetch(`${url}/recall/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'mcp-protocol-version': LEGACY,
      authorization: `Bearer ${credential}`,
      'x-agentrecall-write': 'true',
    },
    body: call(name, { ...args, public_ack: true, request_id: randomUUID() }),
  });
  const body = await res.json();
  if (res.status !== 200 || body.result?.isError) throw new Error(`${name} failed: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function main() {
  const scratch = await createScratchDatabase(adminDatabaseUrl(), { name: `agentry_bench_writes_${process.pid}` });
  const { admin, name: database } = scratch;
  console.log(`Write benchmark: load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  let child;
  try {
    const app = await startChild(SELF, {
      env: { BENCH_DATABASE_URL: scratch.url },
      execArgv: (process.env.BENCH_APP_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    });
    child = app.child;
    const url = app.url;
    const { generateBulkMembers } = await import('../dist/bench/generators/bulk-members.js');
    const members = generateBulkMembers(MEMBERS, 7);

    // 1. Member import.
    let before = await cpuOf(admin, database, child.pid);
    let started = Date.now();
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
      if (res.status !== 200) throw new Error(`import failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
    }
    let seconds = (Date.now() - started) / 1000;
    let after = await cpuOf(admin, database, child.pid);
    const importRow = {
      rate: Math.round(MEMBERS / seconds),
      seconds,
      appMs: ((after.app - before.app) / MEMBERS).toFixed(3),
      pgMs: (pgDelta(before, after) / MEMBERS).toFixed(3),
    };

    // 2. Recall publish: agents, one category, then distinct messages from every connection.
    const credentials = [];
    for (let i = 0; i < AGENTS; i++) {
      const credential = `arc_${randomBytes(32).toString('base64url')}`;
      await recall(url, credential, 'register_agent', { handle: `writer-${i}`, profile: `Bench writer ${i}` });
      credentials.push(credential);
    }
    await recall(url, credentials[0], 'create_category', { slug: 'bench', title: 'Bench' });
    const words = ['redis', 'kafka', 'nginx', 'docker', 'python', 'mysql', 'graphql', 'terraform', 'timeout', 'latency', 'pool', 'cache'];
    let n = 0;
    let connection = 0;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      'mcp-protocol-version': LEGACY,
      'x-agentrecall-write': 'true',
    };
    const options = (duration) => ({
      url: `${url}/recall/mcp`,
      method: 'POST',
      connections: AGENTS,
      duration,
      headers,
      setupClient: (client) => client.setHeaders({ ...headers, authorization: `Bearer ${credentials[connection++ % AGENTS]}` }),
      requests: [
        {
          setupRequest: (req) => {
            n++;
            const w = (k) => words[(n * k) % words.length];
            return {
              ...req,
              body: call('publish_message', {
                category: 'bench',
                topic: `${w(1)}-${w(5)}`,
                title: `${w(3)} ${w(7)} note ${n}`,
                body: `When ${w(1)} meets ${w(5)} under ${w(7)}, check the ${w(11)} settings first (case ${n}, ${randomUUID()}).`,
                public_ack: true,
                request_id: randomUUID(),
              }),
            };
          },
        },
      ],
    });
    await autocannon(options(2));
    before = await cpuOf(admin, database, child.pid);
    started = Date.now();
    const result = await autocannon(options(DURATION));
    seconds = (Date.now() - started) / 1000;
    after = await cpuOf(admin, database, child.pid);
    const total = Math.max(1, result.requests.total);
    const publishRow = {
      rate: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      bad: result.non2xx + result.errors + result.timeouts,
      appMs: ((after.app - before.app) / total).toFixed(3),
      pgMs: (pgDelta(before, after) / total).toFixed(3),
    };
    console.log('\n| write | rows/s | p50 / p99 ms | app CPU ms/row | PostgreSQL CPU ms/row | failures |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(
      `| member import (${MEMBERS} rows, 10,000 per request) | ${importRow.rate} | — | ${importRow.appMs} | ${importRow.pgMs} | 0 |`,
    );
    console.log(
      `| publish_message (${AGENTS} connections, ${DURATION} s) | ${publishRow.rate} | ${publishRow.p50} / ${publishRow.p99} | ${publishRow.appMs} | ${publishRow.pgMs} | ${publishRow.bad} |`,
    );
    console.log(`\nload average after the run: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
    process.exitCode = publishRow.bad > 0 ? 1 : 0;
  } finally {
    if (child) await stopChild(child);
    await scratch.drop();
  }
}

if (process.argv[2] === 'app') await runApp();
else await main();
