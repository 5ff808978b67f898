// Boot at scale: `npm run bench:boot` (builds first), on a database loaded once by
// bench/load-scale.mjs (1,000,000 members and 1,000,000 Recall messages by default).
//
// Spawns the built server as `npm run start:prod` runs it (its node flags and entry, the bundle) on
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/agentry_scale2m), free ports, no
// demo seed, and polls /readyz every 100 ms, as a load balancer would. Reports the time from spawn to
// the first HTTP answer and to /readyz 200 (both in-process search indexes built), the server's CPU
// time and RSS (and peak RSS) at that moment, and what a directory search and a Recall search_memory
// sent as soon as the server answers get while the indexes are being built: a retryable 503
// `service_unavailable` with Retry-After. Then one search of each after ready, and a clean stop.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, prodCommand } from './support/app.mjs';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agentry_scale2m';
const TIMEOUT_MS = Number(process.env.BENCH_BOOT_TIMEOUT_MS ?? 600_000);

function procStatus(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024, cpuS: (Number(fields[11]) + Number(fields[12])) / 100 };
}

const recallSearch = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'search_memory', arguments: { q: 'redis timeout' } },
});

async function search(base) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/search?q=agent`, { signal: AbortSignal.timeout(60_000) });
  const body = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: body.slice(0, 160), ms: performance.now() - started };
}

async function recall(base) {
  const started = performance.now();
  const res = await fetch(`${base}/recall/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: recallSearch,
    signal: AbortSignal.timeout(60_000),
  });
  const body = await res.text();
  return {
    status: res.status,
    unavailable: body.includes('service_unavailable'),
    body: body.slice(0, 160),
    ms: performance.now() - started,
  };
}

async function main() {
  const counts = await (async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    const n = async (table) => (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
    const result = { members: await n('member'), messages: await n('memory_message') };
    await client.end();
    return result;
  })();
  const port = await freePort();
  const smtpPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agentry-bench-boot-'));
  // BENCH_BOOT_NODE_FLAGS: extra node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const prod = prodCommand();
  const flags = [...prod.flags, ...(process.env.BENCH_BOOT_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean)];
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `Boot at scale: ${counts.members} members, ${counts.messages} Recall messages; node ${flags.join(' ')} ${prod.entry}; load average ${load()}`,
  );
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawn(process.execPath, [...flags, prod.entry], {
    env: {
      ...process.env,
      DATABASE_URL,
      HOST: '127.0.0.1',
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      DATA_DIR: dataDir,
      // Fixed, so the signing keys and secrets the first boot sealed in the database open on every later boot.
      BROKER_KEY_ENCRYPTION_KEY: 'bench-boot-scale-key-encryption-key-0000000000',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let listeningMs;
  let during;
  let last = 'no answer';
  try {
    for (;;) {
      if (performance.now() - started > TIMEOUT_MS) {
        const now = procStatus(server.pid);
        throw new Error(
          `not ready within ${TIMEOUT_MS / 1000} s (last /readyz: ${last}; CPU ${now.cpuS.toFixed(0)} s, RSS ${now.rssMb.toFixed(0)} MB)`,
        );
      }
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      let status;
      try {
        const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) });
        last = `${res.status} ${await res.text()}`;
        status = res.status;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      if (listeningMs === undefined) {
        listeningMs = performance.now() - started;
        // Searches sent while the indexes are being built: each must be refused, retryably.
        during = Promise.all([search(base), recall(base)]);
        during.then(([d, r]) =>
          console.log(
            `searches during the build: directory ${d.status} (Retry-After ${d.retryAfter}), search_memory ${r.status}${r.unavailable ? ' service_unavailable' : ''}`,
          ),
        );
      }
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const readyMs = performance.now() - started;
    const atReady = procStatus(server.pid);
    const [searchDuring, recallDuring] = await during;
    console.log(`\n| measure | value |\n|---|---:|`);
    console.log(`| spawn → first HTTP answer | ${(listeningMs / 1000).toFixed(1)} s |`);
    console.log(`| spawn → /readyz 200 (indexes built) | **${(readyMs / 1000).toFixed(1)} s** |`);
    console.log(`| server CPU at ready | ${atReady.cpuS.toFixed(1)} s |`);
    console.log(`| RSS at ready (peak so far) | ${atReady.rssMb.toFixed(0)} MB (${atReady.peakMb.toFixed(0)} MB) |`);
    console.log(
      `\ndirectory search during the build: ${searchDuring.status} Retry-After ${searchDuring.retryAfter} after ${searchDuring.ms.toFixed(0)} ms — ${searchDuring.body}`,
    );
    console.log(
      `Recall search_memory during the build: ${recallDuring.status} ${recallDuring.unavailable ? 'service_unavailable' : ''} after ${recallDuring.ms.toFixed(0)} ms — ${recallDuring.body}`,
    );
    const refused = searchDuring.status === 503 && searchDuring.retryAfter !== null && recallDuring.unavailable;
    console.log(
      refused
        ? 'both searches during the build were refused with the retryable 503'
        : 'NOT REFUSED: a search during the build was answered (or the build was already done)',
    );
    const after = [await search(base), await recall(base)];
    console.log(
      `after ready: directory search ${after[0].status} in ${after[0].ms.toFixed(0)} ms; search_memory ${after[1].status} in ${after[1].ms.toFixed(0)} ms`,
    );
    console.log(`load average at the end ${load()}`);
    if (!refused) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 15_000).unref();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
