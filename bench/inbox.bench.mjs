// Inbox benchmark: `npm run bench:inbox` (builds first).
//
// Starts the real app in a child process (rate limits off, the SMTP listener on a free port), makes
// BENCH_WAITERS agents (default 100) with mca_ tokens, and measures:
//   1. wake latency: every agent has one inbox_wait_for_email pending on /broker/mcp; a message is
//      delivered over real SMTP (nodemailer) to each in turn; latency = time from the SMTP 250 to the
//      wait's HTTP response (both seen by this process). BENCH_ROUNDS rounds (default 3) back to back
//      (the next delivery starts at the previous 250, so ingest competes with the wake-ups), then
//      as many rounds paced at one delivery every BENCH_PACE_MS (default 20 ms). p50/p99/max.
//   2. ingest throughput: BENCH_MESSAGES messages (default 1000) over 1 SMTP connection, then over
//      BENCH_CONNECTIONS connections (default 8): messages/s from the first MAIL FROM to the last 250.
//
// Database: a fresh scratch database on BENCH_ADMIN_DATABASE_URL (or TEST_DATABASE_URL) when one is
// set, dropped afterwards; otherwise its own embedded PostgreSQL in a temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { makeBrokerAgents } from './support/broker-agents.mjs';
import { adminDatabaseUrl, ask, createScratchDatabase, freePort, serveApp, startChild, stopChild } from './support/app.mjs';

const SELF = fileURLToPath(import.meta.url);
const WAITERS = Number(process.env.BENCH_WAITERS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 20);
const MAIL_DOMAIN = 'bench.agents.test';

// ---- child: the real app -----------------------------------------------------------------------
async function runApp() {
  // Every DNS query mailauth makes (SPF, DKIM, DMARC), counted with its time and outcome.
  const dnsStats = { queries: 0, ms: 0, maxMs: 0, outcomes: {} };
  const { default: dns } = await import('node:dns');
  // The module-level resolver and Resolver instances (the app's bounded resolver is one).
  const counted = (resolve) =>
    async function (name, type, ...rest) {
      const started = performance.now();
      let outcome = 'answer';
      try {
        return await resolve.call(this, name, type, ...rest);
      } catch (error) {
        outcome = error.code ?? 'error';
        throw error;
      } finally {
        const ms = performance.now() - started;
        dnsStats.queries++;
        dnsStats.ms += ms;
        dnsStats.maxMs = Math.max(dnsStats.maxMs, ms);
        dnsStats.outcomes[outcome] = (dnsStats.outcomes[outcome] ?? 0) + 1;
      }
    };
  dns.promises.resolve = counted(dns.promises.resolve.bind(dns.promises));
  dns.promises.Resolver.prototype.resolve = counted(dns.promises.Resolver.prototype.resolve);
  await serveApp(
    {
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
      MAIL_DOMAIN,
      SMTP_PORT: process.env.BENCH_SMTP_PORT,
      RATE_LIMIT_GENERAL: 'off',
      RATE_LIMIT_BROKER_AGENT: 'off',
      RATE_LIMIT_BROKER_OWNER: 'off',
      RATE_LIMIT_INBOX_SMTP_IP: 'off',
      INBOX_SMTP_MAX_CONNECTIONS_PER_IP: '100',
      DB_POOL_SIZE: '20',
      SEED_DEMO: 'false',
      DATA_DIR: process.env.BENCH_DATA_DIR,
    },
    {
      onMessage: (m) => {
        if (m === 'dns-stats') return { dnsStats };
        if (m === 'cpu') return { cpu: process.cpuUsage() };
      },
    },
  );
}

// ---- parent -------------------------------------------------------------------------------------
function startApp(env) {
  // BENCH_CPU_PROF_DIR=<dir>: a V8 CPU profile of the app process (node --cpu-prof), written when it stops.
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=500'] : [];
  return startChild(SELF, { env, execArgv });
}

function wait(url, token, subject) {
  return fetch(`${url}/broker/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'inbox_wait_for_email', arguments: { subject_contains: subject, require_otp: true, timeout_seconds: 55 } },
    }),
  }).then(async (res) => {
    const at = performance.now();
    const body = await res.json();
    const text = body?.result?.content?.[0]?.text ?? '';
    if (body?.result?.isError || !text.includes('"otp"')) throw new Error(`wait failed: ${text.slice(0, 200)}`);
    return at;
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let appChild;
/** The app process's CPU time so far (user + system), in ms. */
async function appCpuMs() {
  const cpu = await ask(appChild, 'cpu', 'cpu');
  return (cpu.user + cpu.system) / 1000;
}

async function throughput(port, agents, connections) {
  const cpuBefore = await appCpuMs();
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
    ignoreTLS: true,
  });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: MESSAGES }, (_, i) =>
      transport.sendMail({
        from: 'load@sender.invalid',
        to: agents[i % agents.length].address,
        subject: `Load ${i}`,
        text: `Your verification code is ${String(100000 + i)}.\nThanks.`,
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  const cpuPerMessage = ((await appCpuMs()) - cpuBefore) / MESSAGES;
  return { rate: MESSAGES / seconds, cpuPerMessage };
}

/** One SMTP transaction on an open raw socket; the time of each step (MAIL, RCPT, DATA, end of data → 250). */
function phaseTimer(port) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffer = '';
  let waiting;
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer);
    if (match && waiting) {
      const reply = buffer.slice(0, match.index + match[0].length);
      buffer = buffer.slice(match.index + match[0].length);
      const resolve = waiting;
      waiting = undefined;
      resolve(reply);
    }
  });
  const next = () => new Promise((resolve) => (waiting = resolve));
  const command = async (line) => {
    const started = performance.now();
    const reply = next();
    socket.write(line);
    const text = await reply;
    if (!/^[23]/.test(text)) throw new Error(`unexpected reply to ${line.slice(0, 30)}: ${text}`);
    return performance.now() - started;
  };
  return {
    ready: next().then(() => command('EHLO bench.example\r\n')),
    async send(to, i) {
      const mail = await command('MAIL FROM:<phase@sender.invalid>\r\n');
      const rcpt = await command(`RCPT TO:<${to}>\r\n`);
      const data = await command('DATA\r\n');
      const body = `From: phase@sender.invalid\r\nTo: ${to}\r\nSubject: Phase ${i}\r\n\r\nYour verification code is ${300000 + i}.\r\n.\r\n`;
      const end = await command(body);
      return { mail, rcpt, data, end };
    },
    close: () => socket.destroy(),
  };
}

async function phases(port, agents, count) {
  const timer = phaseTimer(port);
  await timer.ready;
  const steps = { mail: [], rcpt: [], data: [], end: [] };
  for (let i = 0; i < count; i++) {
    const t = await timer.send(agents[i % agents.length].address, i);
    for (const k of Object.keys(steps)) steps[k].push(t[k]);
  }
  timer.close();
  return Object.fromEntries(
    Object.entries(steps).map(([k, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [k, { p50: percentile(sorted, 50), p99: percentile(sorted, 99) }];
    }),
  );
}

async function main() {
  const smtpPort = await freePort();
  let dataDir;
  let scratch;
  const adminUrl = adminDatabaseUrl(null);
  const env = { BENCH_SMTP_PORT: String(smtpPort) };
  if (adminUrl) {
    scratch = await createScratchDatabase(adminUrl, { prefix: 'agentry_bench_inbox' });
    env.BENCH_DATABASE_URL = scratch.url;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agentry-bench-inbox-'));
    env.BENCH_DATA_DIR = dataDir;
  }
  const app = await startApp(env);
  appChild = app.child;
  const client = new pg.Client({ connectionString: app.databaseUrl });
  try {
    await client.connect();
    const agents = (
      await makeBrokerAgents(client, { publicBaseUrl: app.publicBaseUrl, count: WAITERS, scopes: ['inbox:read', 'inbox:send'] })
    ).map((a) => ({ handle: a.handle, token: a.token, address: `${a.handle}@${MAIL_DOMAIN}` }));
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      pool: true,
      maxConnections: 4,
      maxMessages: Infinity,
      ignoreTLS: true,
    });
    // Warm-up: one delivery and one wait per agent path.
    await smtp.sendMail({ from: 'warm@sender.invalid', to: agents[0].address, subject: 'warm-up', text: 'code 111222' });

    const latencies = { backToBack: [], paced: [] };
    for (let round = 0; round < ROUNDS * 2; round++) {
      const paced = round >= ROUNDS;
      const subject = `Round ${round} verification`;
      const pending = agents.map((agent) => wait(app.url, agent.token, subject));
      // Let every wait reach the server and subscribe.
      await new Promise((r) => setTimeout(r, 1500));
      const acked = [];
      for (const [i, agent] of agents.entries()) {
        await smtp.sendMail({
          from: 'verify@sender.invalid',
          to: agent.address,
          subject,
          text: `Your verification code is ${String(200000 + i)}.`,
        });
        acked[i] = performance.now();
        if (paced) await new Promise((r) => setTimeout(r, PACE_MS));
      }
      const answered = await Promise.all(pending);
      for (let i = 0; i < agents.length; i++) (paced ? latencies.paced : latencies.backToBack).push(answered[i] - acked[i]);
    }
    smtp.close();
    const single = await throughput(smtpPort, agents, 1);
    const many = await throughput(smtpPort, agents, CONNECTIONS);
    const steps = await phases(smtpPort, agents, Math.min(200, MESSAGES));
    const dnsStats = await ask(app.child, 'dns-stats', 'dnsStats');
    const fmt = (ms) => `${ms.toFixed(1)} ms`;
    console.log(`\nInbox benchmark (${WAITERS} concurrent waiters; ${ROUNDS} rounds back to back, ${ROUNDS} paced at ${PACE_MS} ms)`);
    for (const [name, list] of Object.entries(latencies)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `wake latency ${name} (${list.length} wakes), SMTP 250 → wait response: p50 ${fmt(percentile(sorted, 50))}, p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted[sorted.length - 1])}, min ${fmt(sorted[0])}`,
      );
    }
    console.log(
      `ingest: ${single.rate.toFixed(0)} messages/s over 1 SMTP connection; ${many.rate.toFixed(0)} messages/s over ${CONNECTIONS} connections (${MESSAGES} messages each); ` +
        `app CPU per message ${fmt(single.cpuPerMessage)} / ${fmt(many.cpuPerMessage)}`,
    );
    console.log(
      `one connection, step by step (${Math.min(200, MESSAGES)} messages): ` +
        Object.entries(steps)
          .map(([k, v]) => `${k} p50 ${fmt(v.p50)} p99 ${fmt(v.p99)}`)
          .join('; '),
    );
    console.log(
      `DNS queries by mailauth: ${dnsStats.queries} (${JSON.stringify(dnsStats.outcomes)}), ${fmt(dnsStats.ms)} in total, slowest ${fmt(dnsStats.maxMs)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
    await stopChild(app.child);
    if (scratch) await scratch.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'app') await runApp();
else await main();
