import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('foundation: general rate limit (30 per 60 s per IP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  // A REST API endpoint: the general budget (pages and guides have their own, looser one).
  const get = (ip: string) => fetch(`${t.url}/api/v1/stats`, { headers: { 'x-forwarded-for': ip } });

  it('carries the policy headers without RateLimit-Remaining, and refuses the 31st request', async () => {
    for (let i = 1; i <= 30; i++) {
      const res = await get('203.0.113.7');
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('30;w=60');
      expect(res.headers.get('ratelimit-limit')).toBe('30');
      expect(res.headers.get('x-ratelimit-limit')).toBe('30');
      expect(res.headers.has('ratelimit-remaining')).toBe(false);
      await res.arrayBuffer();
    }
    const refused = await get('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    const body = (await refused.json()) as Record<string, string>;
    expect(body.error).toBe('rate_limited');
    expect(body.message).toMatch(/retry/i);
  });

  it('keeps a separate budget for another IP', async () => {
    const res = await get('198.51.100.20');
    expect(res.status).toBe(200);
  });

  it('never limits the health probes', async () => {
    for (let i = 0; i < 35; i++) {
      const res = await fetch(`${t.url}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('gives pages, guides and static assets their own budget of 10 times the general one', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_GENERAL: '3/60' } });
    try {
      const statuses: number[] = [];
      const paths = ['/', '/globe', '/globe.js', '/AGENTS.md', '/docs', '/dmv'];
      for (let i = 0; i < 31; i++) {
        const res = await fetch(`${strict.url}${paths[i % paths.length]}`);
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
      // The API budget is separate: 3 requests still pass.
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${strict.url}/api/v1/stats`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    } finally {
      await strict.close();
    }
  });

  it('ignores a spoofed X-Forwarded-For from a peer that is not a trusted proxy, and trusts only the last N hops', async () => {
    const listed = await createTestApp({ env: { RATE_LIMIT_GENERAL: '3/60', TRUST_PROXY: '10.0.0.1' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${listed.url}/api/v1/stats`, { headers: { 'x-forwarded-for': `192.0.2.${i}` } });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      // The peer (127.0.0.1) is not 10.0.0.1: every request is its own, whatever the header says.
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await listed.close();
    }
    const oneHop = await createTestApp({ env: { RATE_LIMIT_GENERAL: '3/60', TRUST_PROXY: '1' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        // A client-chosen left-hand entry changes every time; the hop our proxy added does not.
        const res = await fetch(`${oneHop.url}/api/v1/stats`, { headers: { 'x-forwarded-for': `192.0.2.${i}, 198.51.100.9` } });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await oneHop.close();
    }
  });

  it('keys IPv6 clients per /64', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_GENERAL: '3/60', TRUST_PROXY: 'loopback' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${strict.url}/api/v1/stats`, { headers: { 'x-forwarded-for': `2001:db8:5:6::${i + 1}` } });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = await fetch(`${strict.url}/api/v1/stats`, { headers: { 'x-forwarded-for': '2001:db8:5:7::1' } });
      expect(other.status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_GENERAL: '3/60' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${strict.url}/api/v1/stats`, { headers: { 'x-forwarded-for': `192.0.2.${i}` } });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});
