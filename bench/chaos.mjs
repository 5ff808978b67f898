// Fault injection: `npm run chaos` (builds first). Bounded and loopback only; figures in docs/benchmarks.md.
//
// Starts everything it needs itself — its OWN embedded PostgreSQL cluster (a fresh temp dir), its own
// redis-server and SMTP relay on free ports (never the machine's shared ones), two app processes
// (`node dist/src/main.js`) and a round-robin proxy in front of them — then drives steady load
// through the proxy (REST reads, MCP tool calls, Recall writes, DMV registrations) while it:
//   1. stops Redis, then starts it again;
//   2. stops PostgreSQL, then starts it again;
//   3. stops the SMTP relay (CHAOS_SMTP_OUTAGE seconds, default 60), then starts it again;
//   4. SIGKILLs instance B, then starts it again.
// It reports the status mix per phase, 5xx outside the outage windows (target 0), writes
// acknowledged vs found afterwards (target: all found, none duplicated), mail enqueued vs delivered
// (target: all delivered once), and the recovery time after each fault.
//
// Environment: CHAOS_PHASE (seconds per steady phase, default 8), CHAOS_SMTP_OUTAGE (default 60),
// CHAOS_CONCURRENCY (default 6 clients), CHAOS_LOG_DIR (keep each instance's log lines there).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { waitReady } from './support/app.mjs';

const PHASE = Number(process.env.CHAOS_PHASE ?? 8) * 1000;
const SMTP_OUTAGE = Number(process.env.CHAOS_SMTP_OUTAGE ?? 60) * 1000;
const CONCURRENCY = Number(process.env.CHAOS_CONCURRENCY ?? 6);
const MAIN = path.resolve('dist/src/main.js');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const { startEmbeddedPostgres, findFreePort } = await import('../dist/src/database/embedded-postgres.js');

// ---- the pieces ---------------------------------------------------------------------------------
async function waitForPort(port, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on ${port}`);
}

async function startRedis() {
  const port = await findFreePort();
  let child;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    children.add(child);
    await waitForPort(port);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = once(c, 'exit');
      c.kill('SIGKILL');
      await exited;
    },
  };
}

async function startRelay() {
  const port = await findFreePort();
  const received = [];
  let server;
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks = [];
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', () => {
          const data = Buffer.concat(chunks).toString('utf8');
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId: /^Message-ID:\s*(\S+)/im.exec(data)?.[1] });
          callback();
        });
      },
    });
    server.on('error', () => undefined); // a client that hangs up mid-session
    server.listen(port, '127.0.0.1');
    await once(server.server, 'listening');
  };
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    start,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function startInstance(name, env) {
  const logDir = process.env.CHAOS_LOG_DIR;
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', logDir ? openSync(path.join(logDir, `${name}-${Date.now()}.log`), 'a') : 'ignore', 'pipe'],
  });
  children.add(child);
  let err = '';
  child.stderr.on('data', (c) => (err = (err + c.toString()).slice(-4000)));
  const exit = once(child, 'exit');
  return { name, child, exit, url: `http://127.0.0.1:${env.PORT}`, stderr: () => err };
}

/** Round robin; a connection refused (instance down) is retried once on the next one, as load balancers do. */
async function startProxy(upstreams) {
  let next = 0;
  // Passive health check: an upstream whose connection failed is skipped for two seconds.
  const downUntil = upstreams.map(() => 0);
  const pick = () => {
    for (let i = 0; i < upstreams.length; i++) {
      const index = next++ % upstreams.length;
      if (downUntil[index] <= Date.now()) return index;
    }
    return next++ % upstreams.length;
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries) => {
        const index = pick();
        const target = new URL(req.url, upstreams[index]);
        const up = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        up.on('error', (e) => {
          downUntil[index] = Date.now() + 2000;
          // Only a refused connection is retried elsewhere: the request never reached the instance.
          if (e.code === 'ECONNREFUSED' && tries > 0) return attempt(tries - 1);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
          res.end('{"error":"bad_gateway"}');
        });
        up.end(body);
      };
      attempt(1);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))),
  };
}

// ---- load -----------------------------------------------------------------------------------------
const stats = { phase: 'setup', phases: new Map() };
const samples500 = [];
const writes = { recall: [], dmv: [] };
let ipCounter = 0;
const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

function count(kind, status) {
  let p = stats.phases.get(stats.phase);
  if (!p) stats.phases.set(stats.phase, (p = { sent: 0, statuses: {}, kinds: {}, fiveXx: 0 }));
  p.sent++;
  p.statuses[status] = (p.statuses[status] ?? 0) + 1;
  p.kinds[kind] = (p.kinds[kind] ?? 0) + 1;
  if (status >= 500) p.fiveXx++;
}

async function call(url, kind, init) {
  let status = 0;
  let body;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    status = res.status;
    body = await res.text();
  } catch {
    status = 599; // transport failure, counted with the 5xx
  }
  count(kind, status);
  if (status === 500 && samples500.length < 5) samples500.push({ phase: stats.phase, kind, body: String(body).slice(0, 300) });
  return { status, body };
}

async function client(lb, credential, stop) {
  for (let i = 0; !stop.done; i++) {
    const ip = nextIp();
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
    switch (i % 4) {
      case 0:
        await call(`${lb}/api/v1/members?limit=5`, 'rest', { headers });
        break;
      case 1:
        await call(`${lb}/mcp`, 'mcp', {
          method: 'POST',
          headers: { ...headers, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: i,
            method: 'tools/call',
            params: { name: 'lookup_member', arguments: { query: 'agent' } },
          }),
        });
        break;
      case 2: {
        const marker = `chaos-${randomUUID()}`;
        const r = await call(`${lb}/recall/api/v1/messages`, 'recall_write', {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${credential}`, 'x-agentrecall-write': 'true' },
          body: JSON.stringify({
            category: 'chaos',
            topic: 'fault-injection',
            title: marker,
            body: `Steady load while dependencies fail; write ${marker} proves that it survived.`,
            public_ack: true,
            request_id: randomUUID(),
          }),
        });
        if (r.status === 201) writes.recall.push(marker);
        break;
      }
      case 3: {
        const name = `chaos-${randomBytes(5).toString('hex')}`;
        const r = await call(`${lb}/api/v1/dmv/registrations`, 'dmv_register', {
          method: 'POST',
          headers,
          body: JSON.stringify({ agent_name: name, email: `${name}@example.com`, operator_name: 'Chaos' }),
        });
        if (r.status === 201) writes.dmv.push(name);
        break;
      }
    }
  }
}

// ---- run --------------------------------------------------------------------------------------------
const dir = mkdtempSync(path.join(tmpdir(), 'agentry-chaos-'));
const cleanups = [];
// Whatever happens, no process of ours outlives the run.
const children = new Set();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});
const started = Date.now();
try {
  console.log('Starting: own embedded PostgreSQL, redis-server, SMTP relay, two instances, proxy …');
  const db = await startEmbeddedPostgres(dir);
  cleanups.push(() => db.stop().catch(() => undefined));
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const relay = await startRelay();
  cleanups.push(() => relay.stop().catch(() => undefined));
  const ports = [await findFreePort(), await findFreePort()];
  const env = (port) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    SMTP_RELAY_URL: relay.url,
    MAIL_DOMAIN: 'agents.chaos',
    MAIL_RETRY_DELAY_SECONDS: '1',
    SMTP_TIMEOUT_SECONDS: '2',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_GENERAL: '100000/60',
    RATE_LIMIT_REGISTER: 'off',
    RATE_LIMIT_RECALL_WRITE: 'off',
    RATE_LIMIT_RECALL_WRITE_DAILY: 'off',
    DMV_DAILY_CAP_PER_EMAIL: '1000',
    SEED_DEMO: 'false',
    SMTP_PORT: '0',
    LOG_LEVEL: 'error',
    DB_POOL_SIZE: '5',
  });
  const instances = [startInstance('A', env(ports[0]))];
  await waitReady(instances[0].url); // A migrates first; B then starts on a migrated database
  instances.push(startInstance('B', env(ports[1])));
  await waitReady(instances[1].url);
  cleanups.push(async () => {
    for (const i of instances) if (i.child.exitCode === null) (i.child.kill('SIGTERM'), await i.exit);
  });
  const lb = await startProxy(instances.map((i) => i.url));
  cleanups.push(() => lb.close());

  // A Recall author and its category.
  const credential = `arc_${randomBytes(32).toString('base64url')}`;
  const wh = { 'content-type': 'application/json', authorization: `Bearer ${credential}`, 'x-agentrecall-write': 'true' };
  const reg = await fetch(`${lb.url}/recall/api/v1/agents`, {
    method: 'POST',
    headers: wh,
    body: JSON.stringify({ handle: 'chaos-monkey', public_ack: true, request_id: randomUUID() }),
  });
  const cat = await fetch(`${lb.url}/recall/api/v1/categories`, {
    method: 'POST',
    headers: wh,
    body: JSON.stringify({ slug: 'chaos', title: 'Chaos', public_ack: true, request_id: randomUUID() }),
  });
  if (reg.status !== 201 || cat.status !== 201) throw new Error(`Recall setup failed: ${reg.status} ${cat.status}`);

  const stop = { done: false };
  const load = Promise.all(Array.from({ length: CONCURRENCY }, () => client(lb.url, credential, stop)));
  const recovery = {};
  const allReady = (want) => Promise.all(instances.map((i) => waitReady(i.url, { timeoutMs: 120_000, want })));
  const phase = async (name, ms) => {
    stats.phase = name;
    console.log(`  phase ${name}`);
    if (ms) await sleep(ms);
  };
  const timed = async (fn) => {
    const t0 = Date.now();
    await fn();
    return Date.now() - t0;
  };

  await phase('baseline', PHASE);

  await phase('redis_down');
  await redis.stop();
  await sleep(PHASE);
  await redis.start();
  recovery.redis_ms = await timed(() => allReady((b) => b.checks?.redis === 'up'));
  await phase('after_redis', PHASE);

  await phase('postgres_down');
  await db.stop();
  await sleep(Math.min(PHASE, 5000));
  await db.restart();
  recovery.postgres_ms = await timed(() => allReady((b) => b.status === 'ready'));
  await phase('after_postgres', PHASE);

  await phase('smtp_down');
  await relay.stop();
  await sleep(SMTP_OUTAGE);
  await relay.start();
  await phase('after_smtp', PHASE);

  await phase('instance_killed');
  const b = instances[1];
  b.child.kill('SIGKILL');
  await b.exit;
  await sleep(PHASE);
  const t0 = Date.now();
  instances[1] = startInstance('B', env(ports[1]));
  await waitReady(instances[1].url);
  recovery.instance_restart_ms = Date.now() - t0;
  await phase('after_restart', PHASE);

  stop.done = true;
  await load;
  stats.phase = 'drain';

  // Everything queued must be delivered once the relay is back.
  const check = new pg.Client({ connectionString: db.url });
  await check.connect();
  const drainStart = Date.now();
  let left = 0;
  for (;;) {
    const { rows } = await check.query(`SELECT count(*)::int AS n FROM outbound_mail WHERE status = 'queued'`);
    left = rows[0].n;
    if (left === 0 || Date.now() - drainStart > 90_000) break;
    await sleep(500);
  }
  recovery.outbox_drain_ms = Date.now() - drainStart;
  await sleep(2000);

  const recallRows = await check.query(`SELECT title, count(*)::int AS n FROM memory_message WHERE title LIKE 'chaos-%' GROUP BY title`);
  const recallFound = new Map(recallRows.rows.map((r) => [r.title, r.n]));
  const dmvRows = await check.query(
    `SELECT agent_name, count(*)::int AS n FROM dmv_registration WHERE agent_name LIKE 'chaos-%' GROUP BY agent_name`,
  );
  const dmvFound = new Map(dmvRows.rows.map((r) => [r.agent_name, r.n]));
  const mail = await check.query(`SELECT status, count(*)::int AS n FROM outbound_mail GROUP BY status ORDER BY status`);
  const enqueued = (await check.query(`SELECT count(*)::int AS n FROM outbound_mail`)).rows[0].n;
  await check.end();
  const delivered = relay.received.length;
  const uniqueDelivered = new Set(relay.received.map((m) => m.messageId)).size;

  const outage = new Set(['redis_down', 'postgres_down', 'smtp_down', 'instance_killed']);
  const report = {
    seconds: Math.round((Date.now() - started) / 1000),
    phases: Object.fromEntries([...stats.phases].map(([k, v]) => [k, v])),
    fiveXxOutsideOutages: [...stats.phases].filter(([k]) => !outage.has(k)).reduce((s, [, v]) => s + v.fiveXx, 0),
    writes: {
      recall: {
        acknowledged: writes.recall.length,
        found: writes.recall.filter((m) => recallFound.has(m)).length,
        duplicated: [...recallFound.values()].filter((n) => n > 1).length,
      },
      dmv: {
        acknowledged: writes.dmv.length,
        found: writes.dmv.filter((m) => dmvFound.has(m)).length,
        duplicated: [...dmvFound.values()].filter((n) => n > 1).length,
      },
    },
    mail: {
      enqueued,
      delivered,
      unique_message_ids: uniqueDelivered,
      duplicates: delivered - uniqueDelivered,
      still_queued: left,
      by_status: Object.fromEntries(mail.rows.map((r) => [r.status, r.n])),
    },
    recovery,
    samples_of_500: samples500,
  };
  console.log(JSON.stringify(report, null, 2));
  console.log('\n| Phase | Requests | Status mix | 5xx |\n|---|---|---|---|');
  for (const [name, p] of stats.phases) {
    const mix = Object.entries(p.statuses)
      .sort()
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.log(`| ${name}${outage.has(name) ? ' (outage)' : ''} | ${p.sent} | ${mix} | ${p.fiveXx} |`);
  }
  const ok =
    report.fiveXxOutsideOutages === 0 &&
    report.writes.recall.found === report.writes.recall.acknowledged &&
    report.writes.dmv.found === report.writes.dmv.acknowledged &&
    report.writes.recall.duplicated + report.writes.dmv.duplicated === 0 &&
    left === 0 &&
    report.mail.duplicates === 0 &&
    uniqueDelivered === enqueued;
  console.log(`\nchaos: ${ok ? 'all targets met' : 'TARGETS MISSED'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
}
