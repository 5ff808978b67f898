// App start-up shared by the bench scripts (bench/*.mjs): the real app from dist/ in a forked child
// process, its readiness message, request/answer messages between the two processes, teardown, and
// a scratch database created on a PostgreSQL server and dropped afterwards.
//
// A bench script forks itself: the parent calls startChild(SELF) and the child (argv[2] === 'app')
// calls serveApp({ ...its environment overrides }). The child answers 'stop' by closing the app and
// exiting; anything else goes to its onMessage hook, whose return value (if any) is sent back.
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/** How long a child gets to close after 'stop' before it is killed. */
const STOP_GRACE_MS = 15_000;

// ---- child: the real app -----------------------------------------------------------------------

/**
 * The app as `npm run start:prod` runs it: the server bundle (dist/server/, scripts/bundle.mjs), which
 * `npm run build` (every bench:* script's first step) writes; BENCH_APP_BUILD=dist runs tsc's
 * dist/src/ instead, module by module, for a side-by-side comparison.
 */
async function appModules() {
  if (process.env.BENCH_APP_BUILD === 'dist') {
    return {
      ...(await import('../../dist/src/bootstrap.js')),
      ...(await import('../../dist/src/config/app-config.js')),
      ...(await import('../../dist/src/common/http/logger.js')),
      DataSource: (await import('typeorm')).DataSource,
    };
  }
  return {
    ...(await import('../../dist/server/bootstrap.mjs')),
    ...(await import('../../dist/server/app-config.mjs')),
    ...(await import('../../dist/server/logger.mjs')),
    DataSource: (await import('../../dist/server/typeorm.mjs')).default.DataSource,
  };
}

/**
 * Starts the app in this process with process.env plus `env` (a key set to undefined is unset; the
 * defaults below come first: loopback on a free port, the SMTP listener off, LOG_LEVEL or warn),
 * then tells the parent { ready: url, databaseUrl, publicBaseUrl, mailDomain }. `onMessage(message,
 * running, { DataSource })` gets TypeORM's DataSource class of the build that runs (for app.get).
 */
export async function serveApp(env, { onMessage } = {}) {
  const { startApp, loadConfig, createLogger, DataSource } = await appModules();
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SMTP_PORT: '0',
    ...env,
  });
  const running = await startApp(config, createLogger(config.logLevel));
  process.on('message', async (m) => {
    if (m === 'stop') {
      await running.close();
      process.exit(0);
    }
    const answer = await onMessage?.(m, running, { DataSource });
    if (answer !== undefined) process.send(answer);
  });
  process.send({ ready: running.url, databaseUrl: config.databaseUrl, publicBaseUrl: config.publicBaseUrl, mailDomain: config.mailDomain });
  return { running, config };
}

// ---- parent -------------------------------------------------------------------------------------

/**
 * Forks `script` with argv[2] = role and resolves, once the child sent its { ready: url } message,
 * with { child, url, ...that message }; rejects when the child exits first.
 */
export function startChild(script, { role = 'app', env = {}, execArgv = [] } = {}) {
  const child = fork(script, [role], { env: { ...process.env, ...env }, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m && 'ready' in m) {
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve({ child, ...m, url: m.ready });
      }
    };
    const onExit = (code) => reject(new Error(`${role} exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Asks the child to stop and waits for it to exit (killed after 15 s); at once if it already has. */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.send('stop');
    setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
  });
}

/** Sends `message` to the child and resolves with the `key` field of the first answer that has one. */
export function ask(child, message, key) {
  return new Promise((resolve) => {
    const onMessage = (m) => {
      if (m && typeof m === 'object' && key in m) {
        child.off('message', onMessage);
        resolve(m[key]);
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** The PostgreSQL server scratch databases are made on: BENCH_ADMIN_DATABASE_URL, else TEST_DATABASE_URL. */
export function adminDatabaseUrl(fallback = 'postgres://postgres@127.0.0.1:5432/postgres') {
  return process.env.BENCH_ADMIN_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? fallback;
}

/**
 * Creates database `name` (default `${prefix}_<random hex>`) on the server of `adminUrl`. Resolves with
 * { name, url, admin (a connected client on the admin database, kept for pg_stat_activity), drop() }.
 */
export async function createScratchDatabase(adminUrl, { prefix = 'agentry_bench', name } = {}) {
  const database = name ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    name: database,
    url: url.toString(),
    admin,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A free loopback TCP port (e.g. for the app's SMTP listener). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `${url}/readyz` until it answers 200 with a body `want` accepts (default: status ready). */
export async function waitReady(url, { timeoutMs = 60_000, want = (body) => body.status === 'ready' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/readyz`);
      const body = await res.json();
      last = `${res.status} ${JSON.stringify(body)}`;
      if (res.status === 200 && want(body)) return;
    } catch (e) {
      last = String(e.cause ?? e);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready in time (last: ${last})`);
}

/** The node flags and entry of `npm run start:prod` (package.json), so a bench runs exactly what it does. */
export function prodCommand() {
  const words = JSON.parse(readFileSync('package.json', 'utf8')).scripts['start:prod'].split(/\s+/);
  const entry = words.findIndex((w) => /\.m?js$/.test(w));
  return { flags: words.slice(words.indexOf('node') + 1, entry), entry: words[entry] };
}

/**
 * Spawns the server exactly as `npm run start:prod` runs it (its node flags and entry; nothing of the
 * bench loaded into it), on loopback with free HTTP and SMTP ports and process.env plus `env`, and
 * resolves once /readyz says ready with { child, url }. `extraFlags` replaces start:prod's node flags
 * when given (BENCH_APP_NODE_FLAGS).
 */
export async function startProdServer(env = {}, { flags, timeoutMs = 120_000 } = {}) {
  const prod = prodCommand();
  const port = await freePort();
  const smtpPort = await freePort();
  const child = spawn(process.execPath, [...(flags ?? prod.flags), prod.entry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited with ${code}`))));
  await Promise.race([waitReady(url, { timeoutMs }), exited]);
  return { child, url };
}

/** Stops a server spawned by startProdServer (SIGTERM, killed after 15 s). */
export function stopProdServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
  });
}
