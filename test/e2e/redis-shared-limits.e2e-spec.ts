import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase, createTestApp, dropDatabase, type TestApp } from '../support/test-app.js';

// With REDIS_URL set, several instances share one budget. Runs when a Redis answers at TEST_REDIS_URL
// (.ci/run sets it, and REQUIRE_REDIS=1 makes a missing Redis a failure rather than a skip).
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.REQUIRE_REDIS === '1') throw new Error('REQUIRE_REDIS=1 but TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('foundation: rate limits shared across instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await cloneDatabase();
    const env = { REDIS_URL: redisUrl!, TRUST_PROXY: 'true', RATE_LIMIT_GENERAL: '5/60' };
    a = await createTestApp({ databaseUrl, env });
    b = await createTestApp({ databaseUrl, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropDatabase(databaseUrl);
  });

  it('counts requests to two instances against one budget', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const target = i % 2 === 0 ? a : b;
      const res = await fetch(`${target.url}/`, { headers: { 'x-forwarded-for': ip } });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('reports Redis in /readyz', async () => {
    const res = await fetch(`${a.url}/readyz`);
    expect(await res.json()).toMatchObject({ checks: { database: 'up', redis: 'up' } });
  });
});
