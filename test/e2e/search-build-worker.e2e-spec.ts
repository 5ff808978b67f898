// Large search index builds run in a worker thread (SEARCH_BUILD_WORKER_ROWS; src/build-worker.ts) and
// are handed to the main thread as a snapshot. The index built there must answer exactly as the one
// built in the main thread, and a worker build that fails must leave the index not built (no answers,
// instance not ready) until a new build succeeds. Real PostgreSQL, real worker threads.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBulkMembers } from '../../bench/generators/bulk-members.js';
import { loadSyntheticRecall } from '../../bench/generators/synthetic-recall.js';
import { IndexBuilds } from '../../src/common/search/index-builds.js';
import { AppConfig } from '../../src/config/app-config.js';
import { DIRECTORY_CASES, PLANTED_MEMBERS, PLANTED_MESSAGES, RECALL_CASES } from '../support/relevance-corpus.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';
import { insertMembers } from './directory/directory-support.js';

/** The real IndexBuilds, counting the worker jobs it starts. */
class CountedBuilds extends IndexBuilds {
  readonly jobs: string[] = [];

  override run<T>(job: string, input: unknown): Promise<T> {
    this.jobs.push(job);
    return super.run<T>(job, input);
  }
}

const counted: TestAppOptions['override'] = (builder) =>
  builder.overrideProvider(IndexBuilds).useFactory({ factory: (config: AppConfig) => new CountedBuilds(config), inject: [AppConfig] });

const jobsOf = (t: TestApp): string[] => (t.app.get(IndexBuilds) as CountedBuilds).jobs;

/** Typos, prefixes, phrases and exclusions on top of the relevance set's queries. */
const EXTRA_QUERIES = ['agent', 'robo', 'evaluaton harnesses', '"open source"', 'agent -robotics', 'lighthuose', 'zzzz'];

/** An answer, with the instance's own base URL (in profile links) taken out. */
async function answer(t: TestApp, path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${t.url}${path}`, { signal: AbortSignal.timeout(20_000) });
  return { status: res.status, body: JSON.parse((await res.text()).replaceAll(t.url, '<base>')) as unknown };
}

const directory = (t: TestApp, q: string) => answer(t, `/api/v1/search?q=${encodeURIComponent(q)}&limit=20`);
const recall = (t: TestApp, q: string) => answer(t, `/recall/api/v1/search?q=${encodeURIComponent(q)}&limit=20`);

const ready = async (t: TestApp): Promise<boolean> => (await fetch(`${t.url}/readyz`)).status === 200;

describe('search index builds in a worker thread', () => {
  let seeded: TestApp;
  let inThread: TestApp | undefined;
  let inWorker: TestApp | undefined;
  let failing: TestApp | undefined;
  let lock: pg.Client | undefined;

  beforeAll(async () => {
    seeded = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    const filler = generateBulkMembers(2_000, 2026).map((f) => ({
      slug: f.slug,
      display_name: f.display_name,
      category: f.category,
      description: f.description,
      tags: f.tags,
      city: f.location?.city ?? null,
      country: f.location?.country ?? null,
      member_since: f.member_since,
    }));
    await insertMembers(seeded, [...filler, ...PLANTED_MEMBERS]);
    await loadSyntheticRecall(async (sql) => seeded.sql(sql), { agents: 30, messages: 2_500 });
    for (const [i, message] of PLANTED_MESSAGES.entries()) {
      await seeded.sql(
        `INSERT INTO memory_message (category_id, topic, title, body, author_id, content_hash)
         VALUES (md5('category0')::uuid, $1, $2::text, $3::text, md5('agent' || $4)::uuid, md5($2::text) || md5($3::text))`,
        [message.topic, message.title, message.body, i],
      );
    }
    // Two instances booting on these rows: one builds in its main thread, one in worker threads.
    const env = { RATE_LIMIT_GENERAL: 'off' };
    inThread = await createTestApp({
      databaseUrl: seeded.databaseUrl,
      env: { ...env, SEARCH_BUILD_WORKER_ROWS: 'off' },
      override: counted,
    });
    inWorker = await createTestApp({
      databaseUrl: seeded.databaseUrl,
      env: { ...env, SEARCH_BUILD_WORKER_ROWS: '1000' },
      override: counted,
    });
    await waitFor(async () => (await ready(inThread!)) && (await ready(inWorker!)), 60_000, 100);
  }, 180_000);

  afterAll(async () => {
    await lock?.query('ROLLBACK').catch(() => undefined);
    await lock?.end().catch(() => undefined);
    for (const t of [failing, inWorker, inThread, seeded]) await t?.close();
  });

  it('answers every query exactly as the index built in the main thread', async () => {
    expect(jobsOf(inThread!)).toEqual([]);
    expect(jobsOf(inWorker!).sort()).toEqual(['text-index:members', 'text-index:messages']);
    const queries = [...new Set([...DIRECTORY_CASES, ...RECALL_CASES].map((c) => c.query).concat(EXTRA_QUERIES))];
    let found = 0;
    for (const q of queries) {
      for (const search of [directory, recall]) {
        const [a, b] = [await search(inThread!, q), await search(inWorker!, q)];
        expect(a.status, q).toBe(200);
        expect(b, q).toEqual(a);
        found += JSON.stringify(a.body).length;
      }
    }
    expect(found).toBeGreaterThan(10_000);
  }, 120_000);

  it('a failed worker build leaves the index not built, and it is built again', async () => {
    // The member table locked: the worker's first chunk waits in PostgreSQL; its connection is then cut.
    lock = new pg.Client({ connectionString: seeded.databaseUrl });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE member IN ACCESS EXCLUSIVE MODE');
    failing = await createTestApp({
      databaseUrl: seeded.databaseUrl,
      env: { RATE_LIMIT_GENERAL: 'off', SEARCH_BUILD_WORKER_ROWS: '0' },
      override: counted,
    });
    const blocked = await waitFor(
      async () => {
        const rows = await seeded.sql<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE application_name = 'agentry-index-build' AND datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows.length > 0 && rows;
      },
      30_000,
      100,
    );
    await seeded.sql('SELECT pg_terminate_backend($1)', [blocked[0].pid]);
    // The build failed: the index is not built, so readiness (polled as a load balancer does) starts
    // another worker build, which waits on the lock in turn.
    const members = (): number => jobsOf(failing!).filter((j) => j === 'text-index:members').length;
    await waitFor(async () => (await fetch(`${failing!.url}/readyz`)).status === 503 && members() >= 2, 30_000, 100);
    // Never answered from, and the instance stays out of rotation.
    const refused = await directory(failing, 'Lighthouse Keepers');
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: 'service_unavailable' });
    const readyz = await fetch(`${failing.url}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toMatchObject({ checks: { search: 'down' } });

    await lock.query('ROLLBACK');
    await waitFor(() => ready(failing!), 60_000, 100);
    // Built by a later worker job, and it answers as the main thread's build does.
    for (const q of ['Lighthouse Keepers', 'quantum', 'lighthuose keeper']) {
      expect(await directory(failing, q)).toEqual(await directory(inThread!, q));
    }
  }, 120_000);
});
