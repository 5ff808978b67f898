import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The drift check: on a database migrated from empty, TypeORM's schema diff against every entity the
// app registers must be empty — exactly what `npm run migration:generate` would write.
describe('migrations: no drift between entities and migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has applied every migration in order', async () => {
    const rows = await t.sql<{ name: string }>('SELECT name FROM migrations ORDER BY id');
    const ds = t.app.get(DataSource);
    expect(rows.map((r) => r.name)).toEqual(ds.migrations.map((m) => m.name ?? m.constructor.name));
  });

  it('generates nothing', async () => {
    const ds = t.app.get(DataSource);
    expect(ds.entityMetadatas.length).toBeGreaterThan(0);
    const sql = await ds.driver.createSchemaBuilder().log();
    const pending = sql.upQueries.map((q) => q.query);
    expect(pending, `entities and migrations differ; run npm run migration:generate -- <name>:\n${pending.join('\n')}`).toEqual([]);
  });
});
