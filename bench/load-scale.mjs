// Loads a database of its own at scale, once, for bench/boot-scale.mjs (and any bench that takes a
// DATABASE_URL): `npm run build && node bench/load-scale.mjs`.
//
// Creates the database named by BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/agentry_scale2m) when it does not exist, applies the migrations
// (the CLI's migration:run), then loads what is missing: BENCH_MEMBERS generated members (default
// 1,000,000; bench/generators/bulk-members.ts, the seed bench:directory uses, 10,000 rows per
// set-based INSERT) and a synthetic Recall board of BENCH_MESSAGES messages (default 1,000,000) from
// BENCH_AGENTS agents (default 10,000; bench/generators/synthetic-recall.ts, as bench:recall loads
// it), and runs VACUUM ANALYZE as autovacuum would after a bulk load. A table that already holds rows
// is left as it is, so running it again only checks.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { insertMembers } from './support/members.mjs';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agentry_scale2m';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 10_000);

const database = new URL(URL_).pathname.slice(1);
const adminUrl = new URL(URL_);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 0) {
  await admin.query(`CREATE DATABASE "${database}"`);
  console.log(`created database ${database}`);
}
await admin.end();

const migrate = spawnSync(process.execPath, ['dist/src/cli.js', 'migration:run'], {
  env: { ...process.env, DATABASE_URL: URL_, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
if (migrate.status !== 0) throw new Error(`migration:run exited with ${migrate.status}`);

const client = new pg.Client({ connectionString: URL_ });
await client.connect();
const count = async (table) => (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
try {
  if ((await count('member')) === 0) {
    const { bulkMemberChunks } = await import('../dist/bench/generators/bulk-members.js');
    const seconds = await insertMembers(URL_, bulkMemberChunks(MEMBERS, 2026, 10_000));
    await client.query('VACUUM ANALYZE member');
    console.log(`loaded ${MEMBERS} members in ${seconds.toFixed(0)} s`);
  }
  if ((await count('memory_message')) === 0) {
    const { loadSyntheticRecall } = await import('../dist/bench/generators/synthetic-recall.js');
    const started = Date.now();
    await loadSyntheticRecall(async (sql) => (await client.query(sql)).rows, { agents: AGENTS, messages: MESSAGES });
    await client.query('VACUUM ANALYZE memory_message');
    console.log(`loaded ${MESSAGES} Recall messages from ${AGENTS} agents in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  console.log(
    `${database}: ${await count('member')} members, ${await count('memory_message')} Recall messages, ${await count('memory_agent')} agents`,
  );
} finally {
  await client.end();
}
