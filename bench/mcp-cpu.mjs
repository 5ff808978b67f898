// CPU per request of the MCP engine against the bare route: same request, same answer as
// bench/mcp.bench.mjs, but what it reports is each server's own CPU time (process.cpuUsage(), read in
// the server over IPC: microseconds, not /proc's 10 ms ticks) per request for a fixed number of
// requests, slices alternating between targets. CPU per request holds up on a shared machine where
// requests/s do not. Several app builds can be compared side by side in one run:
//   MCP_CPU_APPS='base:/path/to/dist/server,new:dist/server' node bench/mcp-cpu.mjs
// (default: this tree's dist/server alone). MCP_CPU_REQUESTS (per slice, default 20000),
// MCP_CPU_SLICES (default 8), BENCH_CONNECTIONS (default 50), BENCH_PIN=1 as in bench:mcp.
// MCP_CPU_CALLGRIND=modern counts instructions per request under callgrind instead;
// MCP_CPU_CALLGRIND_IDLE=<s> then also counts the server idle for that long after the measured
// requests (background work per second: job polling, timers), MCP_CPU_CALLGRIND_KEEP=1 keeps the
// callgrind files (/tmp/mcp-callgrind-<target>-<era>-<pid>.out*) for callgrind_annotate.
import { bareMcpApp } from './support/bare-mcp-route.mjs';
import { requestFor } from './support/mcp-request.mjs';
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startChild, stopChild, ask } from './support/app.mjs';
import { median } from './support/median.mjs';

const SELF = fileURLToPath(import.meta.url);
const REQUESTS = Number(process.env.MCP_CPU_REQUESTS ?? 20000);
const SLICES = Number(process.env.MCP_CPU_SLICES ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FLAGS = ['--max-semi-space-size=4'];

let session;
async function onCpu(m) {
  if (m === 'prof-start') {
    const inspector = await import('node:inspector');
    session = new inspector.Session();
    session.connect();
    const post = (method, params) => new Promise((ok, ko) => session.post(method, params, (e, r) => (e ? ko(e) : ok(r))));
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
    return { prof: true };
  }
  if (m === 'prof-stop') {
    const { writeFileSync } = await import('node:fs');
    const { profile } = await new Promise((ok, ko) => session.post('Profiler.stop', (e, r) => (e ? ko(e) : ok(r))));
    const file = `/tmp/mcp-prof-${process.pid}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    return { prof: file };
  }
  if (m === 'names-on') {
    globalThis.__nameOn = true;
    globalThis.__nameCounts?.clear();
    return { names: true };
  }
  if (m === 'names') {
    globalThis.__nameOn = false;
    return { names: [...(globalThis.__nameCounts ?? new Map())].sort((a, b) => b[1] - a[1]).slice(0, 40) };
  }
  if (m === 'cpu') {
    const u = process.cpuUsage();
    return { cpu: u.user + u.system };
  }
  return undefined;
}

async function runApp() {
  const dir = process.env.MCP_CPU_APP_DIR;
  const mod = async (name) => import(pathToFileURL(resolve(dir, name)).href);
  const { startApp } = await mod('bootstrap.mjs');
  const { loadConfig } = await mod('app-config.mjs');
  const { createLogger } = await mod('logger.mjs');
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SMTP_PORT: '0',
    RATE_LIMIT_GENERAL: '9999999/60',
  });
  const running = await startApp(config, createLogger(config.logLevel));
  process.on('message', async (m) => {
    if (m === 'stop') {
      await running.close();
      process.exit(0);
    }
    const answer = await onCpu(m);
    if (answer !== undefined) process.send(answer);
  });
  process.send({ ready: running.url });
}

async function runBare() {
  const app = bareMcpApp(JSON.parse(process.env.BENCH_BODIES));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ ready: `http://127.0.0.1:${app.server.address().port}` });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await app.close();
      process.exit(0);
    }
    const answer = await onCpu(m);
    if (answer !== undefined) process.send(answer);
  });
}

async function slice(target, request, amount, timeout = 10, tolerant = false) {
  const before = await ask(target.child, 'cpu', 'cpu');
  const result = await autocannon({
    timeout,
    url: `${target.url}/mcp`,
    method: 'POST',
    connections: CONNECTIONS,
    amount,
    headers: request.headers,
    body: request.body,
  });
  const after = await ask(target.child, 'cpu', 'cpu');
  if (tolerant) return { ok: result['2xx'], failed: result.non2xx + result.errors + result.timeouts };
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(`${target.name}: failed requests (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`);
  return (after - before) / result.requests.total;
}

/**
 * Instructions per request under callgrind (repeatable on a loaded machine): each target alone in
 * its own valgrind'd process, warmed up with `warm` requests, then `measured` requests with
 * instrumentation on; every thread of the process counts (V8's GC helpers, libuv's pool).
 */
async function callgrind(era, apps, bodies, warm, measured) {
  const { fork, execFileSync: run } = await import('node:child_process');
  const { readFileSync, rmSync } = await import('node:fs');
  const request = requestFor(era, 'get_community_stats');
  const specs = [{ name: 'bare', role: 'bare', env: { BENCH_BODIES: JSON.stringify(bodies) } }];
  for (const app of apps) specs.push({ name: app.name, role: 'app', env: { MCP_CPU_APP_DIR: app.dir } });
  const out = {};
  for (const spec of specs) {
    const file = `/tmp/mcp-callgrind-${spec.name}-${era}-${process.pid}.out`;
    const child = fork(SELF, [spec.role], {
      execPath: 'valgrind',
      execArgv: [
        '--tool=callgrind',
        '--instr-atstart=no',
        '--smc-check=all-non-file',
        `--callgrind-out-file=${file}`,
        process.execPath,
        ...FLAGS,
      ],
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const url = await new Promise((ok, ko) => {
      child.on('message', (m) => m && 'ready' in m && ok(m.ready));
      child.once('exit', (code) => ko(new Error(`${spec.name} exited with ${code}`)));
    });
    const target = { child, url, name: spec.name };
    let answered = 0;
    let failed = 0;
    let measuredMs = 0;
    const idleMs = Number(process.env.MCP_CPU_CALLGRIND_IDLE ?? 0) * 1000;
    try {
      await slice(target, request, warm, 600, true);
      run('callgrind_control', ['-i', 'on', String(child.pid)], { stdio: 'ignore' });
      const began = Date.now();
      ({ ok: answered, failed } = await slice(target, request, measured, 600, true));
      measuredMs = Date.now() - began;
      if (idleMs > 0) {
        // Part 1: the measured requests; part 2: the server idle for as long again (background work
        // such as job polling, counted per second of wall time, which valgrind stretches).
        run('callgrind_control', ['-d', String(child.pid)], { stdio: 'ignore' });
        await new Promise((r) => setTimeout(r, idleMs));
        run('callgrind_control', ['-d', String(child.pid)], { stdio: 'ignore' });
      }
      run('callgrind_control', ['-i', 'off', String(child.pid)], { stdio: 'ignore' });
    } finally {
      await stopChild(child);
    }
    const { readdirSync } = await import('node:fs');
    const { basename } = await import('node:path');
    const parts = new Map();
    for (const name of readdirSync('/tmp').filter((n) => n.startsWith(basename(file)))) {
      const f = `/tmp/${name}`;
      const text = readFileSync(f, 'utf8');
      const totals = /^totals: (\d+)/m.exec(text);
      const part = Number(/^part: (\d+)/m.exec(text)?.[1] ?? 1);
      if (totals) parts.set(part, (parts.get(part) ?? 0) + Number(totals[1]));
      if (process.env.MCP_CPU_CALLGRIND_KEEP !== '1') rmSync(f);
    }
    let ir = 0;
    if (idleMs > 0) {
      ir = parts.get(1) ?? 0;
      const idle = parts.get(2) ?? 0;
      const perSecond = idle / (idleMs / 1000);
      console.log(
        `${era} ${spec.name}: idle ${Math.round(perSecond)} instructions/s; measured slice ${(measuredMs / 1000).toFixed(1)} s, ` +
          `so ${Math.round((perSecond * measuredMs) / 1000 / answered)} of each request's instructions are idle background work`,
      );
    } else for (const v of parts.values()) ir += v;
    out[spec.name] = ir / answered;
    console.log(`${era} ${spec.name}: ${Math.round(ir / answered)} instructions/request (${answered} answered, ${failed} failed)`);
  }
  return out;
}

async function main() {
  const apps = (process.env.MCP_CPU_APPS ?? 'app:dist/server').split(',').map((spec) => {
    const [name, dir] = spec.split(':');
    return { name, dir: resolve(dir) };
  });
  const targets = [];
  try {
    for (const app of apps) {
      const t = await startChild(SELF, { role: 'app', env: { MCP_CPU_APP_DIR: app.dir }, execArgv: FLAGS });
      targets.push({ ...t, name: app.name });
    }
    const tool = 'get_community_stats';
    const requests = { modern: requestFor('modern', tool), legacy: requestFor('legacy', tool) };
    const bodies = {};
    for (const era of ['modern', 'legacy']) {
      const res = await fetch(`${targets[0].url}/mcp`, { method: 'POST', headers: requests[era].headers, body: requests[era].body });
      bodies[era] = await res.text();
      if (res.status !== 200) throw new Error(bodies[era]);
    }
    if (process.env.MCP_CPU_CALLGRIND) {
      for (const t of targets) await stopChild(t.child);
      targets.length = 0;
      const [warm, measured] = (process.env.MCP_CPU_CALLGRIND_REQUESTS ?? '20000,5000').split(',').map(Number);
      for (const era of process.env.MCP_CPU_CALLGRIND.split(',')) await callgrind(era, apps, bodies, warm, measured);
      return;
    }
    const bare = await startChild(SELF, { role: 'bare', env: { BENCH_BODIES: JSON.stringify(bodies) }, execArgv: FLAGS });
    targets.unshift({ ...bare, name: 'bare' });
    if (process.env.BENCH_PIN === '1') {
      execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
      for (const t of targets) execFileSync('taskset', ['-a', '-p', '-c', '1', String(t.child.pid)], { stdio: 'ignore' });
    }
    if (process.env.MCP_CPU_STRACE) {
      // Counts each target's system calls (strace -c -f) over one slice of one era.
      const { spawn } = await import('node:child_process');
      for (const t of targets) {
        await slice(t, requests[process.env.MCP_CPU_STRACE], REQUESTS);
        const tracer = spawn('strace', ['-c', '-f', '-p', String(t.child.pid), '-o', `/tmp/mcp-strace-${t.name}.txt`], { stdio: 'ignore' });
        await new Promise((r) => setTimeout(r, 1000));
        await slice(t, requests[process.env.MCP_CPU_STRACE], REQUESTS);
        tracer.kill('SIGINT');
        await new Promise((r) => tracer.once('exit', r));
        console.log(`${t.name}: /tmp/mcp-strace-${t.name}.txt`);
      }
      return;
    }
    if (process.env.MCP_CPU_NAMES) {
      // Counts __name() calls (the bundle's keepNames) per request, by call site; needs a bundle patched to count.
      const t = targets[1];
      await ask(t.child, 'names-on', 'names');
      await slice(t, requests[process.env.MCP_CPU_NAMES], 1000);
      for (const [site, n] of await ask(t.child, 'names', 'names')) console.log(`${(n / 1000).toFixed(2)} ${site}`);
      return;
    }
    const profile = process.env.MCP_CPU_PROFILE;
    if (profile) {
      // One era's load under the V8 sampling profiler (100 µs), each target in turn: .cpuprofile files in /tmp.
      for (const t of targets) {
        await slice(t, requests[profile], REQUESTS);
        await ask(t.child, 'prof-start', 'prof');
        const us = await slice(t, requests[profile], REQUESTS * 2);
        console.log(`${t.name}: ${us.toFixed(1)} µs/request, profile ${await ask(t.child, 'prof-stop', 'prof')}`);
      }
      return;
    }
    for (const era of ['modern', 'legacy']) {
      for (const t of targets) await slice(t, requests[era], REQUESTS);
      const runs = Object.fromEntries(targets.map((t) => [t.name, []]));
      for (let i = 0; i < SLICES; i++) {
        const order = i % 2 === 0 ? targets : [...targets].reverse();
        for (const t of order) runs[t.name].push(await slice(t, requests[era], REQUESTS));
      }
      const line = targets
        .map((t) => `${t.name} ${median(runs[t.name]).toFixed(1)} µs [${runs[t.name].map((v) => v.toFixed(1)).join(' ')}]`)
        .join(' | ');
      console.log(`${era}: ${line}`);
      const b = median(runs.bare);
      console.log(
        `${era}: bare/engine CPU ${targets
          .slice(1)
          .map((t) => `${t.name} ${((b / median(runs[t.name])) * 100).toFixed(1)}%`)
          .join(', ')}`,
      );
    }
  } finally {
    for (const t of targets) await stopChild(t.child);
  }
}

const role = process.argv[2];
if (role === 'app') await runApp();
else if (role === 'bare') await runBare();
else await main();
