import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/database/data-source-options.js';
import { DEFAULT_RESERVED_NAMES } from '../../../src/dmv/domain/agent-name.js';
import { DmvIdempotencyEntity } from '../../../src/dmv/entities/dmv-idempotency.entity.js';
import { DmvRegistrationEntity } from '../../../src/dmv/entities/dmv-registration.entity.js';
import { DmvReservedNameEntity } from '../../../src/dmv/entities/dmv-reserved-name.entity.js';
import { DmvVerificationTokenEntity } from '../../../src/dmv/entities/dmv-verification-token.entity.js';
import { cloneDatabase, dropDatabase } from '../../support/database.js';

// The DMV's own slice of the drift check: its entities against the migrated schema.
describe('dmv: schema', () => {
  let url: string;
  let ds: DataSource;
  beforeAll(async () => {
    url = await cloneDatabase();
    ds = await new DataSource({
      ...dataSourceOptions(url, 2),
      entities: [DmvRegistrationEntity, DmvVerificationTokenEntity, DmvIdempotencyEntity, DmvReservedNameEntity],
    }).initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    if (url) await dropDatabase(url);
  });

  it('the migrations create exactly what the entities describe', async () => {
    const sql = await ds.driver.createSchemaBuilder().log();
    const statements = sql.upQueries.map((q) => q.query);
    expect(statements, statements.join(';\n')).toEqual([]);
  });

  it('seeds the reserved names', async () => {
    const rows = (await ds.query('SELECT name FROM dmv_reserved_name ORDER BY name')) as { name: string }[];
    expect(rows.map((r) => r.name)).toEqual([...DEFAULT_RESERVED_NAMES].sort());
  });
});
