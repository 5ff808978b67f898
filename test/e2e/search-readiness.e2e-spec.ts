// An index being built never answers: while the in-process member index is (re)built, searches are
// refused with a retryable 503 and a booting instance is not ready; afterwards every row is found.
// The build is held mid-way for real: a transaction of this test locks the member table, so the
// index's chunk query waits in PostgreSQL exactly as a long build at a million rows would.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

const MEMBERS = 12_000;

describe('search index builds: no answers from a half-built index', () => {
  let a: TestApp;
  let b: TestApp | undefined;
  let lock: pg.Client | undefined;

  const search = async (t: TestApp, q: string) => {
    const res = await fetch(`${t.url}/api/v1/search?q=${encodeURIComponent(q)}&limit=50`, { signal: AbortSignal.timeout(20_000) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };
  const names = (body: Record<string, unknown>) => (body.members as Array<{ display_name: string }>).map((m) => m.display_name);
  const sampled = [1, 4_999, 5_001, 10_007, MEMBERS];

  beforeAll(async () => {
    a = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    await a.sql(`
      INSERT INTO member (slug, display_name, category, description, website, tags, city, country, latitude, longitude, member_since, status)
      SELECT 'keeper-' || i, 'Lighthouse Keepers ' || i, 'safety', 'Keeps lighthouses lit.', 'https://keeper-' || i || '.example',
             ARRAY['safety'], 'Oslo', 'Norway', 0, 0, DATE '2024-01-01', 'active'
        FROM generate_series(1, ${MEMBERS}) AS i`);
  }, 120_000);

  afterAll(async () => {
    await lock?.query('ROLLBACK').catch(() => undefined);
    await lock?.end().catch(() => undefined);
    await b?.close();
    await a?.close();
  });

  it('finds every member once built', async () => {
    for (const i of sampled) {
      const { status, body } = await search(a, `Lighthouse Keepers ${i}`);
      expect(status).toBe(200);
      expect(names(body)[0]).toBe(`Lighthouse Keepers ${i}`);
    }
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
  });

  it('refuses searches with a retryable 503 while the index is rebuilt or built at boot, then answers in full', async () => {
    lock = new pg.Client({ connectionString: a.databaseUrl });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE member IN ACCESS EXCLUSIVE MODE');
    // What a TRUNCATE of member logs (a NULL id): every instance rebuilds its index from scratch.
    await a.sql('INSERT INTO member_search_change (ref_id) VALUES (NULL)');

    const started = Date.now();
    const refused = await search(a, 'Lighthouse Keepers 1');
    expect(refused.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(refused.body).toMatchObject({ error: 'service_unavailable' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // A rebuild after boot does not take the instance out of rotation; only its searches wait.
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);

    // A second instance booting on the same rows: not ready, and no search answered, until built.
    b = await createTestApp({ databaseUrl: a.databaseUrl, env: { RATE_LIMIT_GENERAL: 'off' } });
    const ready = await fetch(`${b.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', error: 'not_ready', checks: { database: 'up', search: 'down' } });
    expect((await search(b, 'Lighthouse Keepers 1')).status).toBe(503);
    expect((await search(a, 'Lighthouse Keepers 2')).status).toBe(503);

    await lock.query('ROLLBACK');
    await waitFor(async () => (await fetch(`${b!.url}/readyz`)).status === 200, 60_000, 100);
    for (const t of [a, b]) {
      const answered = await waitFor(
        async () => {
          const r = await search(t, 'Lighthouse Keepers 1');
          return r.status === 200 && r;
        },
        60_000,
        100,
      );
      expect(names(answered.body)[0]).toBe('Lighthouse Keepers 1');
      for (const i of sampled) expect(names((await search(t, `Lighthouse Keepers ${i}`)).body)[0]).toBe(`Lighthouse Keepers ${i}`);
    }
  }, 120_000);
});
