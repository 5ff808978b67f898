import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryService } from '../../../src/directory/services/directory.service.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('directory: the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(async () => t?.close());

  it('does not seed an external database or when SEED_DEMO=false', async () => {
    expect(t.config.databaseIsEmbedded).toBe(false);
    expect(await t.sql('SELECT count(*)::int AS n FROM member')).toEqual([{ n: 0 }]);
    t.config.databaseIsEmbedded = true; // as if on the embedded default, but SEED_DEMO=false (tests)
    await t.app.get(DirectoryService).onApplicationBootstrap();
    expect(await t.sql('SELECT count(*)::int AS n FROM member')).toEqual([{ n: 0 }]);
  });

  it('seeds the embedded default once, on an empty directory', async () => {
    t.config.databaseIsEmbedded = true;
    t.config.seedDemo = true;
    const directory = t.app.get(DirectoryService);
    await directory.onApplicationBootstrap();
    const [{ n, categories, uncategorized, located }] = await t.sql<{
      n: number;
      categories: number;
      uncategorized: number;
      located: number;
    }>(
      `SELECT count(*)::int AS n, count(DISTINCT category)::int AS categories,
              count(*) FILTER (WHERE category IS NULL)::int AS uncategorized,
              count(*) FILTER (WHERE latitude IS NOT NULL)::int AS located FROM member`,
    );
    expect(n).toBe(320);
    expect(categories).toBeGreaterThanOrEqual(8);
    expect(uncategorized).toBeGreaterThan(0);
    expect(located).toBeGreaterThan(250);
    await directory.onApplicationBootstrap();
    expect(await t.sql('SELECT count(*)::int AS n FROM member')).toEqual([{ n: 320 }]);
    const search = (await (await fetch(`${t.url}/api/v1/search?q=research`)).json()) as { count: number };
    expect(search.count).toBeGreaterThan(0);
  });
});
