// Does the post-boot compaction (src/heap-compaction.ts) cost the MCP engine anything?
// (`node bench/mcp-compaction-ab.mjs`, after `npm run build`.) Three servers exactly as
// `npm run start:prod` runs them, side by side with the bare route (bench/support/bare-mcp-route.mjs):
//   - main: as shipped;
//   - main-noflags: the rounds collect without their V8 flags (bench/support/preload-no-round-flags.mjs);
//   - main-noround: the rounds collect nothing (bench/support/preload-no-round-gc.mjs).
// After ready it idles IDLE_MS (default 12 s, past both rounds), then alternates slices of REQUESTS
// (default 30,000) modern tools/call get_community_stats at 50 connections between the four, and
// prints each one's CPU per request (all its threads, from /proc) and requests/s, medians of SLICES
// (default 8). PIN=1 pins this process (autocannon) to CPU 0 and the servers to CPU 1: steadier CPU
// figures, but requests/s are then autocannon's ceiling, not the servers'.
// Environment: DATABASE_URL (shared by the three; else an embedded PostgreSQL per server), ERA (modern or legacy).
import { requestFor } from './support/mcp-request.mjs';
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, prodCommand, startProdServer, stopProdServer, waitReady } from './support/app.mjs';
import { processCpuMs } from './process-cpu.mjs';
import { median } from './support/median.mjs';

const BARE = fileURLToPath(new URL('./support/bare-mcp-route.mjs', import.meta.url));
const preload = (name) => `--import=${fileURLToPath(new URL(`./support/${name}`, import.meta.url))}`;
const SLICES = Number(process.env.SLICES ?? 8);
const REQUESTS = Number(process.env.REQUESTS ?? 30000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 12000);
const era = process.env.ERA ?? 'modern';
const request = requestFor(era, 'get_community_stats');
const prod = prodCommand();
const variants = [
  ['main', []],
  ['main-noflags', [preload('preload-no-round-flags.mjs')]],
  ['main-noround', [preload('preload-no-round-gc.mjs')]],
];
// One DATA_DIR for all when they share DATABASE_URL (its secrets decrypt what the database stores);
// one each otherwise (each then runs its own embedded PostgreSQL there).
const dataDir = (name) => (process.env.DATABASE_URL ? '/tmp/agentry-bench-mcp' : `/tmp/agentry-bench-mcp-${name}`);

const targets = [];
try {
  for (const [name, extra] of variants) {
    const app = await startProdServer({ RATE_LIMIT_GENERAL: '9999999/60', DATA_DIR: dataDir(name) }, { flags: [...prod.flags, ...extra] });
    targets.push({ name, child: app.child, url: app.url });
  }
  const answer = await fetch(`${targets[0].url}/mcp`, { method: 'POST', headers: request.headers, body: request.body }).then((r) =>
    r.text(),
  );
  const port = await freePort();
  const bare = spawn(process.execPath, [...prod.flags, BARE], {
    env: { ...process.env, PORT: String(port), BENCH_BODIES: JSON.stringify({ modern: answer, legacy: answer }) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  targets.unshift({ name: 'bare', child: bare, url: `http://127.0.0.1:${port}` });
  await waitReady(targets[0].url);
  if (process.env.PIN === '1') {
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
    for (const t of targets) execFileSync('taskset', ['-a', '-p', '-c', '1', String(t.child.pid)], { stdio: 'ignore' });
  }
  // Past both compaction rounds (ready + 3 s and + 10 s) while idle, as a deployed instance is.
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const slice = async (t) => {
    const before = processCpuMs(t.child.pid);
    const r = await autocannon({
      url: `${t.url}/mcp`,
      method: 'POST',
      connections: 50,
      amount: REQUESTS,
      headers: request.headers,
      body: request.body,
    });
    if (r.non2xx || r.errors || r.timeouts) throw new Error(`${t.name}: failed requests`);
    return { cpu: ((processCpuMs(t.child.pid) - before) * 1000) / r.requests.total, rps: r.requests.average };
  };
  for (const t of targets) {
    t.cpu = [];
    t.rps = [];
    await slice(t);
  }
  for (let i = 0; i < SLICES; i++)
    for (const t of i % 2 ? [...targets].reverse() : targets) {
      const s = await slice(t);
      t.cpu.push(s.cpu);
      t.rps.push(s.rps);
    }
  console.log(
    `${era}: CPU µs per request and requests/s, medians of ${SLICES} slices of ${REQUESTS}${process.env.PIN === '1' ? ' (pinned)' : ''}`,
  );
  for (const t of targets)
    console.log(
      `  ${t.name}: ${median(t.cpu).toFixed(1)} µs [${t.cpu.map((v) => v.toFixed(0)).join(' ')}], ${Math.round(median(t.rps))} req/s`,
    );
} finally {
  await Promise.all(targets.map((t) => stopProdServer(t.child)));
}
