// Job queue benchmark: `npm run bench:jobs` (builds first).
//
// pg-boss as the app runs it (src/common/jobs/pg-boss.ts: schema `pgboss`, two connections per
// instance; the mail queue's options and worker settings from src/common/mail/mail-queue.ts: retries
// with backoff, a dead-letter queue, batches of 5, polling every second) on a scratch database:
//   1. enqueue: BENCH_SENDS jobs (default 3,000) with send() one after another, the same with 8 in
//      flight, and BENCH_JOBS jobs (default 20,000) with insert() in batches of 1,000;
//   2. end to end: jobs queued, then 1 and then 2 worker processes (each its own pg-boss instance, as
//      one app instance has) work the queue with a trivial handler until every job has completed:
//      jobs/s from the moment the workers start fetching. First with the mail queue's settings
//      (BENCH_DRAIN jobs, default 2,000; batches of 5, polling every second while idle — a full batch
//      fetches the next at once, see workBatches), then with batches of 500 (BENCH_JOBS jobs),
//      which shows what the queue itself carries when batches are large.
// For each phase: CPU ms per job of the Node processes and of the PostgreSQL backends serving the
// scratch database (from /proc; pids from pg_stat_activity), and committed transactions per job
// (pg_stat_database.xact_commit of the scratch database; pg-boss's own maintenance included).
//
// Database: a scratch database on BENCH_ADMIN_DATABASE_URL (or TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { processCpuMs as cpuMs } from './process-cpu.mjs';
import { fileURLToPath } from 'node:url';
import { adminDatabaseUrl, createScratchDatabase } from './support/app.mjs';

const SELF = fileURLToPath(import.meta.url);
const SENDS = Number(process.env.BENCH_SENDS ?? 3_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 20_000);
const DRAIN = Number(process.env.BENCH_DRAIN ?? 2_000);
/** The mail queue's worker settings (src/common/mail/mail-queue.ts), and a large-batch variant. */
const { MAIL_WORKER } = await import('../dist/src/common/mail/mail-queue.js');
const BIG_BATCH_WORKER = { batchSize: 500, pollingIntervalSeconds: 0.5 };
const QUEUE = 'bench-jobs';
const DEAD = 'bench-jobs-dead';
const logger = { warn: (message) => console.warn(message) };

async function boss(databaseUrl, applicationName) {
  const { createBoss } = await import('../dist/src/common/jobs/pg-boss.js');
  const { ensureQueue } = await import('../dist/src/common/jobs/ensure-queue.js');
  const { MAIL_RETRY_LIMIT, MAIL_JOB_EXPIRE_SECONDS } = await import('../dist/src/common/mail/mail-queue.js');
  // As MailQueue: no schedules, maintenance every 15 s.
  const b = createBoss({
    databaseUrl,
    applicationName,
    logger,
    label: 'Bench queue',
    tuning: { schedule: false, maintenanceIntervalSeconds: 15 },
  });
  await b.start();
  await ensureQueue(b, DEAD, {});
  await ensureQueue(b, QUEUE, {
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: MAIL_JOB_EXPIRE_SECONDS,
    deadLetter: DEAD,
  });
  return b;
}

// ---- child: one worker, as one app instance's mail queue ------------------------------------------
async function runWorker() {
  const b = await boss(process.env.BENCH_DATABASE_URL, 'agentry-bench-worker');
  let done = 0;
  process.on('message', async (m) => {
    if (m === 'go') {
      // The handler does no work, so this measures the queue itself.
      const settings = JSON.parse(process.env.BENCH_WORKER);
      // As the app's workers do (src/common/jobs/pg-boss.ts workBatches): a full batch fetches the next at once.
      const { workBatches } = await import('../dist/src/common/jobs/pg-boss.js');
      await workBatches(b, QUEUE, settings, async (jobs) => {
        done += jobs.length;
      });
      setInterval(() => process.send({ done }), 100);
    } else if (m === 'stop') {
      await b.stop({ graceful: true, wait: true, timeout: 5_000 });
      process.send({ done, stopped: true });
      process.exit(0);
    }
  });
  process.send({ ready: true });
}

// ---- parent -------------------------------------------------------------------------------------

/** CPU ms so far of each PostgreSQL backend serving the database, and its committed transactions. */
async function snapshot(admin, database) {
  const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
  const [{ commits }] = (await admin.query(`SELECT xact_commit::int8 AS commits FROM pg_stat_database WHERE datname = $1`, [database]))
    .rows;
  return { backends: new Map(rows.map((r) => [r.pid, cpuMs(r.pid)])), commits: Number(commits) };
}

/** PostgreSQL CPU ms and commits between two snapshots (backends started in between count from zero). */
function delta(before, after) {
  let pgCpu = 0;
  for (const [pid, now] of after.backends) pgCpu += now - (before.backends.get(pid) ?? 0);
  return { pgCpu, commits: after.commits - before.commits };
}

/** Backends flush their statistics at most once a second, and when idle; wait for that. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

const rows = [];
function record(name, jobs, ms, nodeCpu, d) {
  rows.push({ name, rate: Math.round((jobs / ms) * 1000), node: nodeCpu / jobs, pg: d.pgCpu / jobs, commits: d.commits / jobs });
}

function selfCpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function enqueue(b, admin, database) {
  let before = await snapshot(admin, database);
  let cpu = selfCpuMs();
  let started = performance.now();
  for (let i = 0; i < SENDS; i++) await b.send(QUEUE, { mailId: `single-${i}` });
  let ms = performance.now() - started;
  let nodeCpu = selfCpuMs() - cpu;
  await settle();
  record('send(), one at a time', SENDS, ms, nodeCpu, delta(before, await snapshot(admin, database)));

  before = await snapshot(admin, database);
  cpu = selfCpuMs();
  started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < SENDS) await b.send(QUEUE, { mailId: `parallel-${next++}` });
    }),
  );
  ms = performance.now() - started;
  nodeCpu = selfCpuMs() - cpu;
  await settle();
  record('send(), 8 in flight', SENDS, ms, nodeCpu, delta(before, await snapshot(admin, database)));

  before = await snapshot(admin, database);
  cpu = selfCpuMs();
  started = performance.now();
  await insertJobs(b, 'batch');
  ms = performance.now() - started;
  nodeCpu = selfCpuMs() - cpu;
  await settle();
  record('insert(), batches of 1,000', JOBS, ms, nodeCpu, delta(before, await snapshot(admin, database)));
}

async function insertJobs(b, tag, jobs = JOBS) {
  for (let i = 0; i < jobs; i += 1000) {
    await b.insert(Array.from({ length: Math.min(1000, jobs - i) }, (_, k) => ({ name: QUEUE, data: { mailId: `${tag}-${i + k}` } })));
  }
}

function startWorker(databaseUrl, settings) {
  const env = { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_WORKER: JSON.stringify(settings) };
  const child = fork(SELF, ['worker'], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const worker = { child, done: 0 };
  child.on('message', (m) => {
    if (typeof m.done === 'number') worker.done = m.done;
  });
  worker.ready = new Promise((resolve, reject) => {
    child.on('message', (m) => m.ready && resolve());
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return worker;
}

async function drain(b, admin, database, databaseUrl, instances, settings, jobs) {
  await b.purgeQueue(QUEUE);
  await insertJobs(b, `drain${instances}-${settings.batchSize}`, jobs);
  const workers = Array.from({ length: instances }, () => startWorker(databaseUrl, settings));
  await Promise.all(workers.map((w) => w.ready));
  await settle();
  const before = await snapshot(admin, database);
  const cpu = workers.map((w) => cpuMs(w.child.pid));
  const started = performance.now();
  for (const w of workers) w.child.send('go');
  while (workers.reduce((n, w) => n + w.done, 0) < jobs) {
    if (performance.now() - started > 600_000) throw new Error('the queue was not drained within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  const nodeCpu = workers.reduce((n, w, i) => n + cpuMs(w.child.pid) - cpu[i], 0);
  const after = await snapshot(admin, database);
  await Promise.all(
    workers.map(
      (w) =>
        new Promise((resolve) => {
          w.child.once('exit', resolve);
          w.child.send('stop');
        }),
    ),
  );
  // Commits of the backends that closed with the workers are flushed as they exit.
  await settle();
  const handled = workers.reduce((n, w) => n + w.done, 0);
  if (handled !== jobs) throw new Error(`${handled} jobs handled for ${jobs} queued (a job ran twice)`);
  const closed = await snapshot(admin, database);
  record(
    `end to end, ${instances} worker instance${instances > 1 ? 's' : ''}, batches of ${settings.batchSize} every ${settings.pollingIntervalSeconds} s`,
    jobs,
    ms,
    nodeCpu,
    { ...delta(before, after), commits: closed.commits - before.commits },
  );
  const left = await b.getQueueSize(QUEUE, { before: 'completed' });
  if (left !== 0) throw new Error(`${left} jobs not completed`);
}

async function main() {
  console.log(
    `Job queue benchmark: ${SENDS} sends, ${JOBS} jobs per batch phase, ${DRAIN} / ${JOBS} jobs drained with the mail queue's / large batches; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  const db = await createScratchDatabase(adminDatabaseUrl(), { prefix: 'agentry_bench_jobs' });
  let b;
  try {
    b = await boss(db.url, 'agentry-bench-producer');
    await enqueue(b, db.admin, db.name);
    for (const [settings, jobs] of [
      [MAIL_WORKER, DRAIN],
      [BIG_BATCH_WORKER, JOBS],
    ]) {
      for (const instances of [1, 2]) await drain(b, db.admin, db.name, db.url, instances, settings, jobs);
    }
    console.log(`\n| phase | jobs/s | Node CPU ms/job | PostgreSQL CPU ms/job | commits/job |\n|---|---:|---:|---:|---:|`);
    for (const r of rows) console.log(`| ${r.name} | ${r.rate} | ${r.node.toFixed(3)} | ${r.pg.toFixed(3)} | ${r.commits.toFixed(2)} |`);
    console.log(`\nload average at the end ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  } finally {
    await b?.stop({ graceful: false, wait: true }).catch(() => undefined);
    await db.drop();
  }
}

if (process.argv[2] === 'worker') {
  await runWorker();
} else {
  await main();
}
