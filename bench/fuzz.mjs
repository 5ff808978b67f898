// Abuse fuzz run: `npm run fuzz` (builds first). Loopback only, bounded in count and time.
//
// Starts the real app in a child process against a fresh database (created on FUZZ_DATABASE_URL /
// TEST_DATABASE_URL / DATABASE_URL's server and dropped afterwards), with perf_hooks'
// monitorEventLoopDelay watching its event loop, then sends FUZZ_REQUESTS (default 100,000) generated and
// mutated requests — valid and hostile — across every MCP endpoint (both eras, batches, GET streams) and
// every REST route of /openapi.json plus the pages, guides, admin and DMV routes, FUZZ_CONCURRENCY
// (default 32) at a time, for at most FUZZ_MAX_SECONDS (default 420). Rate limits are off so that requests
// reach the handlers. Prints the seed, counts per surface and status, and the verdict:
//   zero 5xx, zero crashes (the app process stays up), zero leaked driver/stack text, and the app's event
//   loop never blocked more than FUZZ_MAX_DELAY_MS (default 50 ms; the max of monitorEventLoopDelay).
// Authenticated too (bench/fuzz-broker.mjs): principals with VALID broker tokens (inserted like the
// test factories; all scopes and narrower ones) call all nine /broker/mcp tools with valid and mutated
// arguments, and half-way through one agent is revoked and one token revoked. And the SMTP listener
// (bench/fuzz-smtp.mjs): FUZZ_SMTP_MESSAGES (default 1,000) malformed messages over FUZZ_SMTP_CONCURRENCY
// (default 4) connections — broken boundaries, huge headers, bad encodings, nested multiparts, 8-bit and
// NUL bytes in headers, lone surrogates, forged bounces. Also required: zero `internal_error` answers,
// zero unhandled rejections or uncaught exceptions in the app, and no malformed message answered with a
// temporary failure (a 4xx at DATA other than 452 4.2.2 mailbox full: a poison message).
// Exit status 1 when any of these fails. FUZZ_SEED replays a run. FUZZ_CPU_PROF_DIR=<dir> writes a V8 CPU
// profile of the app process there (node --cpu-prof) and prints what ran during its longest loop blocks.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { brokerAuthRequest, createBrokerPrincipals, harvestMessageIds, revokeMidRun } from './fuzz-broker.mjs';
import { malformedMessage, smtpTransaction } from './fuzz-smtp.mjs';
import { ask, createScratchDatabase, freePort, serveApp, startChild, stopChild } from './support/app.mjs';

const SELF = fileURLToPath(import.meta.url);
const TOKEN = `mco_${'fuzzOperatorToken0123456789'.repeat(2)}`;

// ---- child: the real app, with its event loop watched --------------------------------------------
async function runApp() {
  // Counted, not swallowed: the verdict requires zero.
  const unhandled = { rejections: 0, exceptions: 0, samples: [] };
  process.on('unhandledRejection', (reason) => {
    unhandled.rejections++;
    if (unhandled.samples.length < 5) unhandled.samples.push(String(reason?.stack ?? reason).slice(0, 500));
  });
  process.on('uncaughtException', (error) => {
    unhandled.exceptions++;
    if (unhandled.samples.length < 5) unhandled.samples.push(String(error?.stack ?? error).slice(0, 500));
  });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  // A loop gap is either synchronous work or the process waiting for a CPU (a busy machine): the CPU time
  // the process used during the gap tells them apart. Kept: the longest gap with its CPU, and the most CPU
  // any gap used (all threads, so an upper bound on the JavaScript that blocked the loop).
  const gaps = { longestMs: 0, longestCpuMs: 0, maxCpuMs: 0, maxCpuGapMs: 0 };
  const watchGaps = () => {
    let lastAt = performance.now();
    let lastCpu = process.cpuUsage();
    setInterval(() => {
      const now = performance.now();
      const cpu = process.cpuUsage();
      const gapMs = now - lastAt;
      const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
      if (gapMs > gaps.longestMs) Object.assign(gaps, { longestMs: gapMs, longestCpuMs: cpuMs });
      if (cpuMs > gaps.maxCpuMs) Object.assign(gaps, { maxCpuMs: cpuMs, maxCpuGapMs: gapMs });
      lastAt = now;
      lastCpu = cpu;
    }, 10).unref();
  };
  await serveApp(
    {
      RATE_LIMIT_GENERAL: 'off',
      RATE_LIMIT_REGISTER: 'off',
      RATE_LIMIT_RECALL_WRITE: 'off',
      RATE_LIMIT_RECALL_WRITE_DAILY: 'off',
      // The owners' pages and the OAuth endpoints have their own budgets: off, so the fuzz reaches their handlers.
      RATE_LIMIT_OWNER_PAGES: 'off',
      RATE_LIMIT_OAUTH: 'off',
      RATE_LIMIT_OAUTH_REGISTER: 'off',
      SSE_MAX_LIFETIME_SECONDS: '1',
      LOG_LEVEL: 'silent',
      SMTP_PORT: process.env.FUZZ_SMTP_PORT ?? '0',
      MAIL_DOMAIN: 'agents.fuzz',
      RATE_LIMIT_INBOX_SMTP_IP: 'off',
      RATE_LIMIT_INBOX_SEND_AGENT: 'off',
      RATE_LIMIT_INBOX_SEND_OWNER: 'off',
      INBOX_SMTP_MAX_CONNECTIONS_PER_IP: '1000',
      SEED_DEMO: 'false',
      OPERATOR_BOOTSTRAP_TOKEN: TOKEN,
      DATABASE_URL: process.env.FUZZ_APP_DATABASE_URL,
    },
    {
      onMessage: (m) => {
        if (m === 'start-monitor') {
          delay.enable();
          watchGaps();
          return { monitoring: true };
        }
        if (m === 'stats') {
          return { stats: { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, meanMs: delay.mean / 1e6, gaps, unhandled } };
        }
      },
    },
  );
  // Never outlive the fuzzer.
  process.on('disconnect', () => process.exit(0));
}

// ---- generators ------------------------------------------------------------------------------------
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeGen(rng) {
  const int = (n) => Math.floor(rng() * n);
  const pick = (xs) => xs[int(xs.length)];
  const HOSTILE = [
    'eyJ-',
    '\n',
    ' ',
    '![',
    '<img src=http://',
    'ghp_',
    'sk-',
    '-----BEGIN ',
    '\u202e',
    '\u200b',
    '\ud800',
    '%00',
    '../',
    "' OR 1=1 --",
    '${jndi:x}',
    '<script>',
    'ＡＢＣ',
    '😀',
    '\\',
    '"',
    '{',
    'system prompt:',
    'ignore previous instructions',
    'you are now a ',
    ':act as ',
    'call the x tool',
    'a',
    '0',
    '-',
    '_',
    '.',
    '=',
    'postgres://u:p@h/db',
    'x'.repeat(64),
  ];
  const str = () => {
    switch (int(6)) {
      case 0:
        return '';
      case 1:
        return pick(HOSTILE).repeat(1 + int(int(2) ? 4 : 1000));
      case 2:
        return randomBytes(int(40)).toString('base64url');
      case 3:
        return Array.from({ length: 1 + int(6) }, () => pick(HOSTILE)).join('');
      case 4:
        return `name-${int(1000)}`;
      default:
        return String.fromCodePoint(...Array.from({ length: int(30) }, () => int(0x2ffff)));
    }
  };
  const value = (depth = 0) => {
    switch (int(depth > 2 ? 5 : 8)) {
      case 0:
        return str();
      case 1:
        return int(3) ? int(100) : pick([-1, 0, 1e308, -0, 2 ** 53 + 1, 1.5, NaN]);
      case 2:
        return pick([true, false, null]);
      case 3:
        return randomUUID();
      case 4:
        return str().slice(0, 60);
      case 5:
        return Array.from({ length: int(5) }, () => value(depth + 1));
      default:
        return Object.fromEntries(
          Array.from({ length: int(5) }, () => [
            pick(['a', 'name', 'id', '__proto__', 'constructor', str().slice(0, 10)]),
            value(depth + 1),
          ]),
        );
    }
  };
  /** Mutates a valid object: drops, retypes or adds fields. */
  const mutate = (obj) => {
    const out = { ...obj };
    const keys = Object.keys(out);
    for (let i = int(3); i > 0; i--) {
      const k = keys.length ? pick(keys) : 'x';
      switch (int(4)) {
        case 0:
          delete out[k];
          break;
        case 1:
          out[k] = value();
          break;
        case 2:
          out[str().slice(0, 12) || 'extra'] = value();
          break;
        default:
          out[k] = typeof out[k] === 'string' ? out[k] + pick(HOSTILE).repeat(1 + int(200)) : out[k];
      }
    }
    return out;
  };
  return { int, pick, str, value, mutate, rng };
}

// ---- requests ------------------------------------------------------------------------------------------
// /broker/mcp is fuzzed before authentication (no token, or a well-formed but unknown mca_ token): the
// gate's refusals, the body limits and the parsers in front of it.
const MCP_PATHS = ['/mcp', '/mcp/chatgpt', '/mcp/docs', '/recall/mcp', '/broker/mcp'];
const TOOL_ARGS = {
  lookup_member: { query: 'acme' },
  get_community_stats: {},
  register_agent: { agent_name: 'fuzz-bot', email: 'fuzz@example.com', operator_name: 'Fuzz' },
  verify_certificate: { certificate_id: 'DMV-0000-014S-C0PJ-V' },
  search_docs: { query: 'rate limit' },
  read_doc: { path: 'api-reference' },
  list_categories: {},
  list_topics: { category: 'general' },
  read_messages: { category: 'general' },
  search_memory: { q: 'pool timeout' },
  find_similar_agents: { handle: 'alice' },
  publish_message: { category: 'general', topic: 't', title: 't', body: 'b', public_ack: true, request_id: '' },
  create_category: { slug: 'general', title: 'General', public_ack: true, request_id: '' },
};
const METHODS = [
  'initialize',
  'tools/list',
  'tools/call',
  'ping',
  'resources/list',
  'resources/read',
  'notifications/initialized',
  'server/discover',
  'nope',
];

function mcpRequest(g, tools) {
  const path = g.pick(MCP_PATHS);
  const modern = g.int(3) === 0;
  const one = () => {
    const method = g.pick(METHODS);
    const msg = { jsonrpc: '2.0', id: g.int(10) ? g.int(1e6) : g.value(), method };
    if (method === 'initialize')
      msg.params = {
        protocolVersion: g.pick(['2025-11-25', '2024-11-05', '2026-07-28', g.str()]),
        capabilities: {},
        clientInfo: { name: 'fuzz', version: '1' },
      };
    else if (method === 'tools/call') {
      const name = g.int(8) ? g.pick(tools) : g.str();
      const base = { ...(TOOL_ARGS[name] ?? {}) };
      if ('request_id' in base) base.request_id = randomUUID();
      msg.params = { name, arguments: g.int(2) ? base : g.mutate(base) };
    } else if (method === 'resources/read')
      msg.params = { uri: g.pick(['ui://agentcommunity/community-stats.html', 'docs://agentry/api-reference', g.str()]) };
    else if (method.startsWith('notifications/')) delete msg.id;
    if (modern)
      msg.params = {
        ...(msg.params ?? {}),
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      };
    if (g.int(12) === 0) return g.mutate(msg);
    return msg;
  };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (modern) Object.assign(headers, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' });
  else if (g.int(2)) headers['mcp-protocol-version'] = g.pick(['2025-11-25', '2025-06-18', g.str().slice(0, 20)]);
  if (path === '/broker/mcp' && g.int(2))
    headers.authorization = g.int(4) ? `Bearer mca_${randomBytes(32).toString('base64url')}` : `Bearer ${g.str().slice(0, 200)}`;
  if (path === '/recall/mcp' && g.int(2))
    Object.assign(headers, { 'x-agentrecall-write': 'true', authorization: `Bearer arc_${randomBytes(32).toString('base64url')}` });
  let body;
  switch (g.int(10)) {
    case 0:
      body = JSON.stringify(Array.from({ length: 1 + g.int(5) }, one));
      break;
    case 1:
      body = JSON.stringify(one()).slice(0, g.int(80));
      break; // truncated JSON
    case 2:
      body = JSON.stringify(g.value());
      break;
    default:
      body = JSON.stringify(one());
  }
  if (g.int(25) === 0) return { method: 'GET', path, headers: { accept: g.pick(['text/event-stream', 'text/html', '*/*']) } };
  if (g.int(30) === 0) headers['content-type'] = g.pick(['text/plain', 'application/x-ndjson', 'multipart/form-data']);
  return { method: 'POST', path, headers, body, surface: `mcp ${path}` };
}

/** encodeURIComponent that survives lone surrogates (they are sent as U+FFFD). */
const enc = (s) => encodeURIComponent(String(s).toWellFormed());

function fillPath(g, template) {
  return template.replace(
    /\{[^}]+\}/g,
    () => enc(g.int(3) ? g.pick(['acme', 'general', 'DMV-0000-014S-C0PJ-V', randomUUID(), 'alice']) : g.str().slice(0, 300)) || 'x',
  );
}

function restRequest(g, routes) {
  const [method, template] = g.pick(routes);
  let path = fillPath(g, template);
  if (method === 'GET' && g.int(2)) {
    const params = Array.from(
      { length: 1 + g.int(4) },
      () =>
        `${g.pick(['q', 'limit', 'offset', 'page', 'category', 'topic', 'certificate_id', 'token', 'country', 'tag', 'sort', g.str().slice(0, 8)])}=${enc(String(g.value()).slice(0, 400))}`,
    );
    path += `?${params.join('&')}`;
  }
  const headers = {};
  if (path.startsWith('/admin') && g.int(3)) headers.authorization = `Bearer ${g.int(4) ? TOKEN : `mco_${g.str().slice(0, 50)}`}`;
  if (path.startsWith('/recall/api') && g.int(2))
    Object.assign(headers, { 'x-agentrecall-write': 'true', authorization: `Bearer arc_${randomBytes(32).toString('base64url')}` });
  let body;
  if (method !== 'GET' && method !== 'DELETE') {
    headers['content-type'] = g.int(15) ? 'application/json' : g.pick(['application/x-ndjson', 'text/plain']);
    const base = {
      agent_name: 'fuzz-agent',
      email: `f${g.int(1e6)}@example.com`,
      operator_name: 'F',
      slug: 'fuzz',
      name: 'Fuzz',
      country: 'DE',
      category: 'research',
      handle: 'fuzzer',
      title: 't',
      topic: 't',
      body: 'b',
      public_ack: true,
      request_id: randomUUID(),
      reason: 'r',
    };
    const doc = g.int(3) ? g.mutate(base) : g.value();
    body = g.int(20) ? JSON.stringify(doc) : JSON.stringify(doc).slice(0, g.int(50));
  }
  return { method, path, headers, body, surface: `rest ${method} ${template}` };
}

// ---- main ----------------------------------------------------------------------------------------------
const LEAKS = [
  /QueryFailedError/,
  /duplicate key value/i,
  /syntax error at or near/i,
  /violates .* constraint/i,
  /ECONNREFUSED/,
  /node_modules/,
  /\bat [A-Za-z.<>]+ \(/,
  /relation "[a-z_]+"/,
];

function send(agent, base, req) {
  // Header values a client library refuses to send (control characters) are sent percent-encoded.
  for (const [k, v] of Object.entries(req.headers)) if (/[^\t\x20-\x7e]/.test(v)) req.headers[k] = enc(v);
  return new Promise((resolve) => {
    const url = new URL(req.path, base);
    const r = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: url.pathname + url.search,
        headers: req.headers,
        timeout: 15_000,
      },
      (res) => {
        let text = '';
        let size = 0;
        res.on('data', (c) => {
          size += c.length;
          // Answers are kept up to 200 KB (enough to check for leaks); the whole OpenAPI document is read.
          if (size < (req.maxText ?? 200_000)) text += c.toString('utf8');
          // A GET stream never ends by itself before its lifetime: stop reading after its first bytes.
          if ((res.headers['content-type'] ?? '').startsWith('text/event-stream') && req.method === 'GET') res.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    r.on('timeout', () => r.destroy(new Error('timeout')));
    r.on('error', (e) => resolve({ status: -1, text: String(e.message) }));
    if (req.body !== undefined) r.end(req.body);
    else r.end();
  });
}

async function main() {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const total = Number(process.env.FUZZ_REQUESTS ?? 100_000);
  const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 32);
  const maxSeconds = Number(process.env.FUZZ_MAX_SECONDS ?? 420);
  const maxDelayMs = Number(process.env.FUZZ_MAX_DELAY_MS ?? 50);
  const adminUrl =
    process.env.FUZZ_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`fuzz: seed ${seed}, ${total} requests, concurrency ${concurrency}, at most ${maxSeconds} s, loopback only`);

  const pg = (await import('pg')).default;
  const scratch = await createScratchDatabase(adminUrl, { prefix: 'agentry_fuzz' });
  const appDbUrl = scratch.url;

  const profileDir = process.env.FUZZ_CPU_PROF_DIR;
  const smtpMessages = Number(process.env.FUZZ_SMTP_MESSAGES ?? 1000);
  const smtpConcurrency = Number(process.env.FUZZ_SMTP_CONCURRENCY ?? 4);
  const smtpPort = smtpMessages > 0 ? await freePort() : 0;
  const ready = await startChild(SELF, {
    env: { FUZZ_APP_DATABASE_URL: appDbUrl, FUZZ_SMTP_PORT: String(smtpPort) },
    execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=500'] : [],
  });
  const { child } = ready;
  process.on('exit', () => child.kill());
  let crashed = false;
  child.on('exit', (code) => {
    if (code !== 0) crashed = true;
  });
  const base = ready.ready;
  if (!/^http:\/\/127\.0\.0\.1:/.test(base)) throw new Error(`refusing to fuzz a non-loopback address: ${base}`);

  // Valid broker tokens, inserted the way the test factories do (test/support/broker.ts).
  const appSql = new pg.Client({ connectionString: appDbUrl.toString() });
  await appSql.connect();
  const principals = await createBrokerPrincipals(appSql, { publicBaseUrl: ready.publicBaseUrl });
  const brokerCtx = { principals, handles: principals.map((p) => p.handle), mailDomain: ready.mailDomain, messageIds: [] };
  let revoked;

  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const openapi = JSON.parse((await send(agent, base, { method: 'GET', path: '/openapi.json', headers: {}, maxText: 16_000_000 })).text);
  const routes = [];
  for (const [path, ops] of Object.entries(openapi.paths)) for (const m of Object.keys(ops)) routes.push([m.toUpperCase(), path]);
  for (const extra of [
    '/',
    '/globe',
    '/globe.js',
    '/docs',
    '/docs/{path}',
    '/members/{slug}',
    '/AGENTS.md',
    '/recall/AGENTS.md',
    '/recall/API.md',
    '/dmv',
    '/dmv/certificates',
    '/dmv/certificates/{id}',
    '/dmv/certificates/{id}/badge.svg',
    '/dmv/verify',
    '/healthz',
    '/readyz',
    '/.well-known/mcp',
    '/mcp/server-card',
    '/nope/{x}',
  ])
    routes.push(['GET', extra]);
  routes.push(['POST', '/admin/members/import'], ['POST', '/dmv/verify']);
  const tools = Object.keys(TOOL_ARGS);

  await ask(child, 'start-monitor', 'monitoring');
  const g = makeGen(mulberry32(seed));
  const counts = new Map();
  const statusCounts = new Map();
  let sent = 0;
  let errors5xx = 0;
  let leaks = 0;
  let transportErrors = 0;
  let internalErrors = 0;
  const brokerOutcomes = new Map();
  const samples = [];
  const started = Date.now();
  const deadline = started + maxSeconds * 1000;
  const worker = async () => {
    while (sent < total && Date.now() < deadline && !crashed) {
      sent++;
      if (!revoked && sent >= total / 2) revoked = revokeMidRun(appSql, principals);
      const which = g.int(20);
      const req = which < 8 ? mcpRequest(g, tools) : which < 15 ? restRequest(g, routes) : brokerAuthRequest(g, brokerCtx);
      req.surface ??= `${req.method} ${req.path.split('?')[0].slice(0, 40)}`;
      const surface = req.surface.startsWith('mcp') ? req.surface : req.surface.split(' ').slice(0, 3).join(' ');
      counts.set(surface, (counts.get(surface) ?? 0) + 1);
      const res = await send(agent, base, req);
      const bucket = res.status === -1 ? 'transport error' : `${Math.floor(res.status / 100)}xx`;
      statusCounts.set(bucket, (statusCounts.get(bucket) ?? 0) + 1);
      if (res.status === -1) transportErrors++;
      if (res.status >= 500) {
        errors5xx++;
        if (samples.length < 10)
          samples.push({ status: res.status, method: req.method, path: req.path.slice(0, 120), body: res.text.slice(0, 200) });
      }
      if (req.surface.startsWith('broker+token')) {
        harvestMessageIds(res.text, brokerCtx.messageIds);
        // What the valid-token calls came to: a tool result, a tool error (its code), or a refusal (HTTP status).
        const code = /\\?"code\\?"\s*:\s*\\?"([a-z_]+)/.exec(res.text)?.[1];
        const outcome =
          res.status !== 200
            ? `http ${res.status}`
            : res.text.includes('"isError":true')
              ? `tool error ${code ?? '?'}`
              : /"error":\{/.test(res.text)
                ? 'json-rpc error'
                : 'ok';
        brokerOutcomes.set(outcome, (brokerOutcomes.get(outcome) ?? 0) + 1);
      }
      // An error code in an answer (REST body, JSON-RPC error data, or a tool's escaped envelope), not a mention in a description.
      if (/\\?"(?:code|error)\\?"\s*:\s*\\?"internal_error/.test(res.text)) {
        internalErrors++;
        if (samples.length < 10)
          samples.push({ internal_error: true, path: req.path, request: String(req.body).slice(0, 300), body: res.text.slice(0, 300) });
      }
      if (LEAKS.some((re) => re.test(res.text))) {
        leaks++;
        if (samples.length < 10)
          samples.push({ leak: true, method: req.method, path: req.path.slice(0, 120), body: res.text.slice(0, 200) });
      }
    }
  };
  // The SMTP listener, at the same time: malformed MIME from a hostile sender.
  const smtp = { sent: 0, byReply: new Map(), byKind: new Map(), poison: 0, transport: 0, samples: [] };
  const smtpG = makeGen(mulberry32(seed ^ 0x5a5a5a5a));
  const smtpWorker = async () => {
    while (smtp.sent < smtpMessages && Date.now() < deadline && !crashed) {
      smtp.sent++;
      const rcpts = Array.from(
        { length: 1 + smtpG.int(smtpG.int(8) ? 1 : 5) },
        () => `${smtpG.pick(brokerCtx.handles)}@${ready.mailDomain}`,
      );
      const message = malformedMessage(smtpG, rcpts[0], brokerCtx);
      const result = await smtpTransaction(smtpPort, { ...message, rcpts });
      const last = result.replies.at(-1) ?? '';
      const code = last.split('\n').at(-1).slice(0, 3) || 'none';
      const bucket = result.error ? `transport: ${result.error}` : `${code}`;
      smtp.byReply.set(bucket, (smtp.byReply.get(bucket) ?? 0) + 1);
      smtp.byKind.set(`${message.kind} ${code}`, (smtp.byKind.get(`${message.kind} ${code}`) ?? 0) + 1);
      if (result.error) smtp.transport++;
      // A temporary failure on input that will never change is a poison message (452 4.2.2, a full mailbox, is not).
      const poison = /^4\d\d/.test(code) && !/^452 4\.2\.2/m.test(last.split('\n').at(-1));
      if (poison || result.error) {
        if (poison) smtp.poison++;
        if (smtp.samples.length < 8) smtp.samples.push({ kind: message.kind, error: result.error, reply: last.slice(0, 200) });
      }
    }
  };
  await Promise.all([
    ...Array.from({ length: concurrency }, worker),
    ...(smtpPort ? Array.from({ length: smtpConcurrency }, smtpWorker) : []),
  ]);
  const seconds = (Date.now() - started) / 1000;
  const revokedHandles = await revoked;
  await appSql.end();
  const stats = crashed ? { maxMs: NaN, p99Ms: NaN, meanMs: NaN } : await ask(child, 'stats', 'stats');
  agent.destroy();
  if (!crashed) await stopChild(child);
  await scratch.drop();

  console.log(`\nsent ${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), seed ${seed}`);
  console.log('by status:', Object.fromEntries([...statusCounts].sort()));
  console.log('by surface:');
  for (const [k, v] of [...counts].sort()) console.log(`  ${String(v).padStart(7)}  ${k}`);
  console.log(
    `event loop delay of the app: max ${stats.maxMs.toFixed(1)} ms, p99 ${stats.p99Ms.toFixed(1)} ms, mean ${stats.meanMs.toFixed(2)} ms`,
  );
  if (stats.gaps) {
    const g = stats.gaps;
    console.log(
      `loop gaps (10 ms timer): longest ${g.longestMs.toFixed(1)} ms with ${g.longestCpuMs.toFixed(1)} ms of CPU used in it; ` +
        `most CPU in one gap ${g.maxCpuMs.toFixed(1)} ms (a gap of ${g.maxCpuGapMs.toFixed(1)} ms). CPU well below the gap = waiting for a core.`,
    );
  }
  for (const s of samples) console.log('sample:', JSON.stringify(s));
  if (smtpPort) {
    console.log(
      `\nSMTP: ${smtp.sent} malformed messages over ${smtpConcurrency} connections; final replies:`,
      Object.fromEntries([...smtp.byReply].sort()),
    );
    console.log('SMTP by kind and reply:');
    for (const [k, v] of [...smtp.byKind].sort()) console.log(`  ${String(v).padStart(7)}  ${k}`);
    for (const s of smtp.samples) console.log('smtp sample:', JSON.stringify(s));
  }
  console.log(`broker: ${principals.length} principals with valid tokens; revoked mid-run: ${(revokedHandles ?? []).join(', ') || 'none'}`);
  console.log('broker calls with a valid token, by outcome:', Object.fromEntries([...brokerOutcomes].sort()));
  const unhandled = stats.unhandled ?? { rejections: NaN, exceptions: NaN, samples: [] };
  console.log(`unhandled rejections ${unhandled.rejections}, uncaught exceptions ${unhandled.exceptions}`);
  for (const s of unhandled.samples) console.log('unhandled:', s);
  const failures = [];
  if (sent < total) failures.push(`only ${sent} of ${total} requests within ${maxSeconds} s`);
  if (errors5xx) failures.push(`${errors5xx} 5xx answers`);
  if (crashed) failures.push('the app process died');
  if (leaks) failures.push(`${leaks} answers with driver/stack text`);
  if (internalErrors) failures.push(`${internalErrors} answers with internal_error`);
  if (smtp.poison) failures.push(`${smtp.poison} malformed messages answered with a temporary (4xx) failure`);
  if (smtp.transport) failures.push(`${smtp.transport} SMTP transactions ended without an answer`);
  if (smtpPort && smtp.sent < smtpMessages) failures.push(`only ${smtp.sent} of ${smtpMessages} SMTP messages within ${maxSeconds} s`);
  if (!(unhandled.rejections === 0 && unhandled.exceptions === 0))
    failures.push(`${unhandled.rejections} unhandled rejections, ${unhandled.exceptions} uncaught exceptions`);
  if (!(stats.maxMs <= maxDelayMs)) failures.push(`event loop blocked ${stats.maxMs.toFixed(1)} ms (> ${maxDelayMs} ms)`);
  console.log(
    failures.length
      ? `\nFAIL: ${failures.join('; ')}`
      : `\nPASS: zero 5xx, zero internal_error, zero unhandled rejections, zero crashes, zero leaks, no SMTP poison message, event loop max ${stats.maxMs.toFixed(1)} ms`,
  );
  if (transportErrors)
    console.log(`(${transportErrors} requests ended without an HTTP answer: connections the server closed, e.g. over-long bodies)`);
  process.exit(failures.length ? 1 : 0);
}

if (process.argv[2] === 'app') await runApp();
else await main();
