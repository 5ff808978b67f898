// The bare route inside the app's process (`node bench/mcp-inproc.mjs`, after `npm run build`): how
// much of the MCP engine's distance to a bare Fastify route is the engine, and how much the process
// that runs it. Five servers in four processes, slices of requests alternating between them
// (50 connections, the same modern or legacy tools/call as bench:mcp), each target's own CPU per
// request read in its process over IPC (process.cpuUsage()):
//   - the bare route (bench/support/bare-mcp-route.mjs) in a process of its own;
//   - the same bare route in a process of its own holding ≈ 60 MB of live objects (heap size alone);
//   - the same bare route on a second port of the booted app's process;
//   - the app's /mcp in that process;
//   - the same bare route on a second port of a second booted app whose /mcp is never called (is
//     the tax the boot's or the /mcp traffic's?).
// Also prints each process's CPU while idle (background work: timers, job polling).
// Environment: DATABASE_URL (a database the app may migrate and seed), DATA_DIR, ERA (modern or
// legacy), MCP_INPROC_SLICES (default 8), MCP_INPROC_REQUESTS (per slice, default 20000),
// MCP_INPROC_FLUSH=1 (after the slices, flush the app process's bytecode and feedback as the
// post-boot compaction's flags do, four collections back to back while idle, and measure again).
import { requestFor } from './support/mcp-request.mjs';
import { bareMcpApp } from './support/bare-mcp-route.mjs';
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import { startChild, stopChild, ask } from './support/app.mjs';
import { median } from './support/median.mjs';

const SELF = fileURLToPath(import.meta.url);
const SLICES = Number(process.env.MCP_INPROC_SLICES ?? 8);
const REQUESTS = Number(process.env.MCP_INPROC_REQUESTS ?? 20000);
const FLAGS = ['--max-semi-space-size=4'];

async function serve(role) {
  if (role === 'heap') globalThis.keep = Array.from({ length: 400_000 }, (_, i) => ({ a: i, b: `x${i}`, c: [i], d: { e: i } }));
  let url;
  if (role === 'app') {
    const { startApp } = await import('../dist/server/bootstrap.mjs');
    const { loadConfig } = await import('../dist/server/app-config.mjs');
    const { createLogger } = await import('../dist/server/logger.mjs');
    const config = loadConfig({
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_PORT: '0',
      RATE_LIMIT_GENERAL: '9999999/60',
    });
    url = (await startApp(config, createLogger(config.logLevel))).url;
  }
  const bare = bareMcpApp(JSON.parse(process.env.BENCH_BODIES));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${bare.server.address().port}`;
  process.on('message', async (m) => {
    if (m === 'stop') process.exit(0);
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send({ cpu: u.user + u.system });
    }
    if (m === 'flush') {
      const { setFlagsFromString } = await import('node:v8');
      const { runInNewContext } = await import('node:vm');
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc');
      setFlagsFromString('--optimize-for-size --bytecode-old-age=1 --flush-baseline-code');
      for (let i = 0; i < 4; i++) gc();
      setFlagsFromString('--no-optimize-for-size --bytecode-old-age=5 --no-flush-baseline-code');
      process.send({ flushed: true });
    }
  });
  process.send({ ready: url ?? bareUrl, bareUrl });
}

async function main() {
  const era = process.env.ERA ?? 'modern';
  const request = requestFor(era, 'get_community_stats');
  const app = await startChild(SELF, { role: 'app', env: { BENCH_BODIES: '{"modern":"","legacy":""}' }, execArgv: FLAGS });
  // The bare routes answer with the app's own answer to this request.
  const answer = await fetch(`${app.url}/mcp`, { method: 'POST', headers: request.headers, body: request.body }).then((r) => r.text());
  await stopChild(app.child);
  const env = { BENCH_BODIES: JSON.stringify({ modern: answer, legacy: answer }) };
  const [inApp, quietApp, alone, heap] = await Promise.all([
    startChild(SELF, { role: 'app', env, execArgv: FLAGS }),
    startChild(SELF, { role: 'app', env, execArgv: FLAGS }),
    startChild(SELF, { role: 'bare', env, execArgv: FLAGS }),
    startChild(SELF, { role: 'heap', env, execArgv: FLAGS }),
  ]);
  const targets = [
    { name: 'bare route, own process', child: alone.child, url: alone.bareUrl },
    { name: 'bare route, own process with ≈ 60 MB of live objects', child: heap.child, url: heap.bareUrl },
    { name: "bare route in the app's process", child: inApp.child, url: inApp.bareUrl },
    // Whether the tax comes with the app's boot or with the /mcp traffic beside it.
    { name: 'bare route in a second app process that never serves /mcp', child: quietApp.child, url: quietApp.bareUrl },
    { name: 'app /mcp', child: inApp.child, url: inApp.url },
  ];
  const slice = async (t, amount) => {
    const before = await ask(t.child, 'cpu', 'cpu');
    const r = await autocannon({
      url: `${t.url}/mcp`,
      method: 'POST',
      connections: 50,
      amount,
      headers: request.headers,
      body: request.body,
    });
    const after = await ask(t.child, 'cpu', 'cpu');
    if (r.non2xx || r.errors || r.timeouts) throw new Error(`${t.name}: failed requests`);
    return (after - before) / r.requests.total;
  };
  const measure = async (label) => {
    for (const t of targets) {
      t.runs = [];
      await slice(t, REQUESTS);
    }
    for (let i = 0; i < SLICES; i++) for (const t of i % 2 ? [...targets].reverse() : targets) t.runs.push(await slice(t, REQUESTS));
    console.log(`\n${label} (${era}, CPU µs per request, median of ${SLICES} slices of ${REQUESTS}):`);
    for (const t of targets) console.log(`  ${t.name}: ${median(t.runs).toFixed(1)} [${t.runs.map((v) => v.toFixed(1)).join(' ')}]`);
  };
  try {
    for (const [name, child] of [
      ['bare route process', alone.child],
      ['app process', inApp.child],
    ]) {
      const a = await ask(child, 'cpu', 'cpu');
      await new Promise((r) => setTimeout(r, 5000));
      const b = await ask(child, 'cpu', 'cpu');
      console.log(`${name} idle: ${((b - a) / 5000).toFixed(2)} ms of CPU per second`);
    }
    await measure('side by side');
    if (process.env.MCP_INPROC_FLUSH === '1') {
      await ask(inApp.child, 'flush', 'flushed');
      await measure("after a flush of the app process's bytecode and feedback");
    }
  } finally {
    await Promise.all([stopChild(inApp.child), stopChild(quietApp.child), stopChild(alone.child), stopChild(heap.child)]);
  }
}

const role = process.argv[2];
if (role === 'app' || role === 'bare' || role === 'heap') await serve(role);
else await main();
