import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase, dropDatabase } from '../support/database.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { postJsonRpc, rpcRequest } from '../support/json-rpc.js';

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
    const env = { REDIS_URL: redisUrl!, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_GENERAL: '5/60' };
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
      const res = await fetch(`${target.url}/api/v1/members?limit=1`, { headers: { 'x-forwarded-for': ip } });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts MCP tool calls (a batch per element) on both instances against the same budget', async () => {
    // With Redis the engine cannot count synchronously; this is its shared, asynchronous path.
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const post = (target: TestApp, body: unknown) =>
      postJsonRpc(`${target.url}/mcp`, body, { accept: 'application/json', 'x-forwarded-for': ip });
    // Only tools/call spends the call budget (other messages have their own flood budget).
    const list = (id: number) => rpcRequest('tools/call', { name: 'get_community_stats', arguments: {} }, id);
    const batch = await post(a, [list(1), list(2), list(3)]); // 3 of 5
    expect(batch.status).toBe(200);
    expect(batch.headers.get('ratelimit-policy')).toBe('5;w=60');
    expect((await batch.json()) as unknown[]).toHaveLength(3);
    const fourth = await post(b, list(4));
    expect(fourth.status).toBe(200);
    await fourth.arrayBuffer();
    const fifth = await post(a, list(5));
    expect(fifth.status).toBe(200);
    await fifth.arrayBuffer();
    const refused = await post(b, list(6));
    // Legacy-era refusals answer HTTP 200 with the JSON-RPC error (a 1.x SDK then sees the data).
    expect(refused.status).toBe(200);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ id: 6, error: { code: -32000, data: { error: 'rate_limited', budget: 'general' } } });
  });

  it('reports Redis in /readyz', async () => {
    const res = await fetch(`${a.url}/readyz`);
    expect(await res.json()).toMatchObject({ checks: { database: 'up', redis: 'up' } });
  });
});
