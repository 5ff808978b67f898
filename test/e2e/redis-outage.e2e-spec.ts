import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedisService } from '../../src/common/redis/redis.service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { waitFor } from '../support/wait.js';
import { postJsonRpc, rpcRequest } from '../support/json-rpc.js';

// Redis is an accelerator: this file starts its own redis-server on a free port, then kills,
// hangs and restarts it under a running app.
describe('fault tolerance: Redis going away and coming back', () => {
  let redis: TestRedis;
  let t: TestApp;
  const warn = vi.spyOn(Logger.prototype, 'warn');

  beforeAll(async () => {
    redis = await startTestRedis();
    t = await createTestApp({ env: { REDIS_URL: redis.url, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_GENERAL: '5/60' } });
    await waitFor(async () => t.app.get(RedisService).available, 10_000);
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const get = async (ip: string, path = '/api/v1/members'): Promise<{ status: number; ms: number }> => {
    const started = Date.now();
    const res = await fetch(`${t.url}${path}`, { headers: { 'x-forwarded-for': ip } });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  };
  const mcp = async (ip: string): Promise<number> => {
    const res = await postJsonRpc(`${t.url}/mcp`, rpcRequest('tools/list'), { accept: 'application/json', 'x-forwarded-for': ip });
    await res.arrayBuffer();
    return res.status;
  };
  const redisWarnings = () =>
    warn.mock.calls.filter(([m]) => typeof m === 'string' && /Redis (is unreachable|command failed)/.test(m)).length;

  it('counts in Redis while it is up', async () => {
    expect((await get('203.0.113.10')).status).toBe(200);
    const probe = new Redis(redis.url);
    const keys = await probe.keys('agentry:rl:*');
    await probe.quit();
    expect(keys.some((k) => k.endsWith('203.0.113.10'))).toBe(true);
    const ready = await fetch(`${t.url}/readyz`);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { redis: 'up' } });
  });

  it('serves REST and MCP with per-instance budgets while Redis is down, says degraded, logs once, and recovers by itself', async () => {
    const before = redisWarnings();
    await redis.stop();
    await waitFor(async () => !t.app.get(RedisService).available, 10_000);

    // Every request is answered (no 500) and fast; the budget still binds, counted in this process.
    const statuses: number[] = [];
    let slowest = 0;
    for (let i = 0; i < 6; i++) {
      const r = await get('203.0.113.20');
      statuses.push(r.status);
      slowest = Math.max(slowest, r.ms);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(slowest).toBeLessThan(1000);
    expect(await mcp('203.0.113.21')).toBe(200);

    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'degraded', checks: { database: 'up', redis: 'down' } });
    // Reconnect attempts keep failing, but the outage is logged once.
    await new Promise((r) => setTimeout(r, 600));
    expect(redisWarnings() - before).toBe(1);

    await redis.restart();
    const restarted = Date.now();
    await waitFor(async () => t.app.get(RedisService).available, 10_000);
    const recovery = Date.now() - restarted;
    expect(recovery).toBeLessThan(5000);
    expect((await get('203.0.113.22')).status).toBe(200);
    const probe = new Redis(redis.url);
    const keys = await probe.keys('agentry:rl:*');
    await probe.quit();
    expect(keys.some((k) => k.endsWith('203.0.113.22'))).toBe(true);
    expect(await (await fetch(`${t.url}/readyz`)).json()).toMatchObject({ status: 'ready' });
  }, 30_000);

  it('fails fast when Redis hangs (commands time out instead of queueing), then resumes', async () => {
    redis.pause();
    try {
      const started = Date.now();
      const statuses = await Promise.all([get('203.0.113.30'), get('203.0.113.31'), get('203.0.113.32')]);
      expect(statuses.map((s) => s.status)).toEqual([200, 200, 200]);
      expect(Date.now() - started).toBeLessThan(1500);
      // Within the second after a failed command, requests skip Redis without waiting at all.
      expect((await get('203.0.113.33')).ms).toBeLessThan(300);
    } finally {
      redis.resume();
    }
    await waitFor(async () => (await get('203.0.113.34')).status === 200 && t.app.get(RedisService).available, 10_000);
  }, 30_000);
});
