// MCP engine benchmark: `npm run bench:mcp` (builds first).
//
// Starts the real app exactly as `npm run start:prod` runs it (its own process, nothing of the bench
// loaded into it, so its peak RSS is the server's) and a bare Fastify route
// (bench/support/bare-mcp-route.mjs, same node flags) that answers the very same tools/call response
// bodies directly, then loads both
// with autocannon — 50 connections, BENCH_DURATION seconds (default 10) after a warm-up — with a
// modern (2026-07-28) and a legacy tools/call of a cheap tool, alternating the two targets round by
// round. The app runs with the general rate limit raised, not off, so every call is still counted
// as in production. Prints requests/s, p50/p99 latency, each round's engine/bare ratio and their
// median (the verdict: a round compares two runs taken back to back, so slow drifts of this shared
// machine cancel out, and the median ignores a round that one burst of outside load spoilt), and
// the app's peak RSS.
//
// Environment: DATABASE_URL (else an embedded PostgreSQL under BENCH_DATA_DIR), BENCH_DURATION,
// BENCH_ROUNDS (default 5), BENCH_CONNECTIONS (default 50), BENCH_APP_NODE_FLAGS (node flags of the
// app process; default start:prod's), BENCH_PIN=1 (pins autocannon to the
// first CPU and both servers, all their threads, to the second with taskset: far steadier ratios
// on a shared machine, for A/B comparisons of a change; the servers then get one core each).
import { requestFor } from './support/mcp-request.mjs';
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, prodCommand, startProdServer, stopProdServer, waitReady } from './support/app.mjs';
import { median } from './support/median.mjs';

const BARE = fileURLToPath(new URL('./support/bare-mcp-route.mjs', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = 3;

function peakRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** CPU time (user + system) a process has used, in ms (clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(url, request, duration, pid) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url: `${url}/mcp`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers: request.headers,
    body: request.body,
  });
  const cpu = cpuMs(pid) - cpuBefore;
  return {
    cpuUs: (cpu * 1000) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  console.log(`MCP engine benchmark: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} alternating round(s)`);
  console.log(`load average before the run: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  // Exactly the node flags `npm run start:prod` runs the app with (README "Memory"). The bare route gets
  // the same flags, so the ratio compares the request paths, not two heap configurations.
  // BENCH_APP_NODE_FLAGS='' runs both with Node's defaults.
  const appFlags = process.env.BENCH_APP_NODE_FLAGS?.split(' ').filter(Boolean) ?? prodCommand().flags;
  console.log(`node flags of the app and the bare route: ${appFlags.join(' ') || '(none)'}`);
  // The app exactly as `npm run start:prod` runs it (its entry, and its node flags unless
  // BENCH_APP_NODE_FLAGS says otherwise), in a process of its own: its peak RSS is the server's alone.
  const app = await startProdServer(
    {
      // Raised, not off: each JSON-RPC request is counted against the general budget as in production,
      // with a limit no run reaches (about 25k requests/s x 60 s stays far below it).
      RATE_LIMIT_GENERAL: '9999999/60',
      DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/agentry-bench-mcp',
    },
    { flags: appFlags },
  );
  try {
    const list = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    }).then((r) => r.json());
    const names = list.result.tools.map((t) => t.name);
    if (!names.includes('get_community_stats')) throw new Error(`get_community_stats is not registered (tools: ${names.join(', ')})`);
    const tool = 'get_community_stats';

    const requests = { modern: requestFor('modern', tool), legacy: requestFor('legacy', tool) };
    const bodies = {};
    for (const era of ['modern', 'legacy']) {
      const res = await fetch(`${app.url}/mcp`, { method: 'POST', headers: requests[era].headers, body: requests[era].body });
      bodies[era] = await res.text();
      if (res.status !== 200 || !bodies[era].includes('structuredContent')) throw new Error(`${era} call failed: ${bodies[era]}`);
    }
    const barePort = await freePort();
    const bare = {
      child: spawn(process.execPath, [...appFlags, BARE], {
        env: { ...process.env, PORT: String(barePort), BENCH_BODIES: JSON.stringify(bodies) },
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
      url: `http://127.0.0.1:${barePort}`,
    };
    await waitReady(bare.url);
    try {
      if (process.env.BENCH_PIN === '1') {
        execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
        for (const pid of [app.child.pid, bare.child.pid])
          execFileSync('taskset', ['-a', '-p', '-c', '1', String(pid)], { stdio: 'ignore' });
        console.log('pinned: autocannon on CPU 0, both servers on CPU 1');
      }
      const targets = { bare: bare.url, engine: app.url };
      const pids = { bare: bare.child.pid, engine: app.child.pid };
      const summary = [];
      for (const era of ['modern', 'legacy']) {
        for (const name of ['bare', 'engine']) await load(targets[name], requests[era], WARMUP, pids[name]);
        const runs = { bare: [], engine: [] };
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? ['bare', 'engine'] : ['engine', 'bare'];
          for (const name of order) runs[name].push(await load(targets[name], requests[era], DURATION, pids[name]));
        }
        const agg = (list) => ({
          cpuUs: Math.round(list.reduce((s, r) => s + r.cpuUs, 0) / list.length),
          rps: Math.round(list.reduce((s, r) => s + r.rps, 0) / list.length),
          p50: Math.max(...list.map((r) => r.p50)),
          p99: Math.max(...list.map((r) => r.p99)),
          non2xx: list.reduce((s, r) => s + r.non2xx, 0),
          errors: list.reduce((s, r) => s + r.errors, 0),
        });
        const b = agg(runs.bare);
        const e = agg(runs.engine);
        const ratios = runs.engine.map((r, i) => r.rps / runs.bare[i].rps);
        summary.push({ era, bare: b, engine: e, ratios, ratio: median(ratios) });
      }
      const rss = peakRss(app.child.pid);
      console.log(`\ntool: ${tool}\n`);
      console.log('| call | target | requests/s | p50 ms | p99 ms | CPU µs/request | non-2xx | errors |');
      console.log('|---|---|---:|---:|---:|---:|---:|---:|');
      for (const s of summary) {
        for (const name of ['bare', 'engine']) {
          const r = s[name];
          console.log(
            `| ${s.era} | ${name === 'bare' ? 'bare Fastify route' : 'Agentry /mcp'} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuUs} | ${r.non2xx} | ${r.errors} |`,
          );
        }
      }
      console.log('');
      let ok = rss <= 128;
      const mark = (ok) => (ok ? 'PASS' : 'MISS');
      for (const s of summary) {
        console.log(`${s.era}: engine/bare requests/s per round: ${s.ratios.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')}`);
      }
      console.log('');
      for (const s of summary) {
        const ratioOk = s.ratio >= 0.85;
        const p99Ok = s.engine.p99 <= s.bare.p99 + 1;
        const clean = s.engine.non2xx === 0 && s.engine.errors === 0;
        ok &&= ratioOk && p99Ok && clean;
        const cpuRatio = (s.bare.cpuUs / s.engine.cpuUs) * 100;
        console.log(
          `${s.era}: engine at ${(s.ratio * 100).toFixed(1)}% of bare Fastify's requests/s (median of ${s.ratios.length} rounds) ${mark(ratioOk)} ` +
            `(CPU per request: bare/engine = ${cpuRatio.toFixed(1)}%); p99 ${s.engine.p99} ms (bare ${s.bare.p99} ms) ${mark(p99Ok)}` +
            (clean ? '' : '; FAILED REQUESTS'),
        );
      }
      console.log(`peak RSS of the app process: ${rss} MB ${mark(rss <= 128)}`);
      console.log(`\ntarget (>= 85% of bare, p99 within 1 ms of bare's, RSS <= 128 MB): ${ok ? 'met' : 'missed'}`);
      process.exitCode = ok ? 0 : 1;
    } finally {
      await stopProdServer(bare.child);
    }
  } finally {
    await stopProdServer(app.child);
  }
}

const role = process.argv[2];
if (role === 'app') await runApp();
else if (role === 'bare') await runBare();
else await main();
