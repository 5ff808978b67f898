import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { insertMember } from '../../support/factories/member.factory.js';
import { getJson, insertMembers, SAMPLE_MEMBERS } from './directory-support.js';

describe('directory: public REST API v1', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    await insertMembers(t, SAMPLE_MEMBERS);
  });
  afterAll(async () => t?.close());

  describe('GET /api/v1/members', () => {
    it('lists categorized public members in a stable order; total counts exactly those', async () => {
      const { status, body } = await getJson(t, '/api/v1/members');
      expect(status).toBe(200);
      expect(body).toMatchObject({ limit: 50, offset: 0, total: 5 });
      const slugs = body.members.map((m: { slug: string }) => m.slug);
      expect(slugs).toEqual(['aurora-health-ai', 'kestrel-robotics', 'meridian-systems', 'meridian-systems-eu', 'northwind-labs']);
      expect(slugs).not.toContain('quill-collective'); // uncategorized
      expect(slugs).not.toContain('shadow-corp'); // hidden
      const northwind = body.members.find((m: { slug: string }) => m.slug === 'northwind-labs');
      expect(northwind).toEqual({
        slug: 'northwind-labs',
        display_name: 'Northwind Labs',
        category: 'research',
        description: 'Builds evaluation harnesses for autonomous agents.',
        website: 'https://northwind.example',
        tags: ['evaluation', 'benchmarks'],
        location: { city: 'Lisbon', country: 'Portugal', latitude: 38.7223, longitude: -9.1393 },
        member_since: '2023-05-02',
        profile_url: `${t.url}/members/northwind-labs`,
      });
    });

    it('pages with limit and offset', async () => {
      const first = await getJson(t, '/api/v1/members?limit=2&offset=0');
      const second = await getJson(t, '/api/v1/members?limit=2&offset=2');
      const beyond = await getJson(t, '/api/v1/members?limit=2&offset=10');
      expect(first.body.members.map((m: { slug: string }) => m.slug)).toEqual(['aurora-health-ai', 'kestrel-robotics']);
      expect(second.body.members.map((m: { slug: string }) => m.slug)).toEqual(['meridian-systems', 'meridian-systems-eu']);
      expect(beyond.body).toEqual({ members: [], total: 5, limit: 2, offset: 10, next_cursor: null });
    });

    it('pages with an opaque cursor: the same order, no overlap, null after the last page', async () => {
      const byOffset = await getJson(t, '/api/v1/members?limit=100');
      const all = byOffset.body.members.map((m: { slug: string }) => m.slug);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const page = await getJson(t, `/api/v1/members?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.status).toBe(200);
        expect(page.body.total).toBe(5);
        seen.push(...page.body.members.map((m: { slug: string }) => m.slug));
        cursor = page.body.next_cursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(all);
      expect(cursor).toBeNull();
      const bad = await getJson(t, '/api/v1/members?cursor=not-a-cursor');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'validation_failed', field: 'cursor' });
    });

    it('sees a new member on the next page request (the page anchors follow the change log)', async () => {
      const before = await getJson(t, '/api/v1/members?limit=1&offset=0');
      await insertMember(t, { slug: 'aaa-first', display_name: 'AAA First', category: 'research', member_since: '2024-01-01' });
      const after = await getJson(t, '/api/v1/members?limit=1&offset=0');
      expect(after.body.total).toBe(before.body.total + 1);
      expect(after.body.members[0].slug).toBe('aaa-first');
      await t.sql(`DELETE FROM member WHERE slug = 'aaa-first'`);
    });

    it.each([
      ['limit=0', 'limit', /limit must be between 1 and 100/],
      ['limit=101', 'limit', /limit must be between 1 and 100/],
      ['limit=abc', 'limit', /limit must be a whole number/],
      ['limit=2.5', 'limit', /limit must be a whole number/],
      ['limit=', 'limit', /limit must/],
      ['offset=-1', 'offset', /offset must be between 0 and/],
      ['offset=ten', 'offset', /offset must be a whole number/],
      ['offset=99999999', 'offset', /offset must be between 0 and/],
      ['page=2', 'page', /page should not exist/],
    ])('refuses %s with a 400 naming the parameter', async (query, field, message) => {
      const { status, body } = await getJson(t, `/api/v1/members?${query}`);
      expect(status).toBe(400);
      expect(body.error).toBe('validation_failed');
      expect(body.message).toMatch(message);
      expect(body.message.startsWith(field)).toBe(true);
    });
  });

  describe('GET /api/v1/search', () => {
    it('ranks the best name match first', async () => {
      const { status, body } = await getJson(t, '/api/v1/search?q=northwind');
      expect(status).toBe(200);
      expect(body.query).toBe('northwind');
      expect(body.members[0].slug).toBe('northwind-labs');
      expect(body.members[0].score).toBeGreaterThan(0);
      expect(body.count).toBe(body.members.length);
    });

    it('tolerates typos', async () => {
      const { body } = await getJson(t, '/api/v1/search?q=Nortwind');
      expect(body.members.map((m: { slug: string }) => m.slug)).toContain('northwind-labs');
      const robots = await getJson(t, '/api/v1/search?q=kestral');
      expect(robots.body.members[0]?.slug).toBe('kestrel-robotics');
    });

    it('matches description words with stemming, tags and category', async () => {
      const desc = await getJson(t, '/api/v1/search?q=hospital');
      expect(desc.body.members.map((m: { slug: string }) => m.slug)).toEqual(['aurora-health-ai']);
      const tag = await getJson(t, '/api/v1/search?q=logistics');
      expect(tag.body.members.map((m: { slug: string }) => m.slug)).toEqual(['kestrel-robotics']);
      const category = await getJson(t, '/api/v1/search?q=infrastructure');
      expect(category.body.members.map((m: { slug: string }) => m.slug).sort()).toEqual(['meridian-systems', 'meridian-systems-eu']);
      const uncategorized = await getJson(t, '/api/v1/search?q=storytelling');
      expect(uncategorized.body.members.map((m: { slug: string }) => m.slug)).toEqual(['quill-collective']);
    });

    it('never returns hidden members', async () => {
      const { body } = await getJson(t, '/api/v1/search?q=shadow');
      expect(body.members).toEqual([]);
      expect(body.count).toBe(0);
    });

    it('bounds the result count with limit', async () => {
      const { body } = await getJson(t, '/api/v1/search?q=agents&limit=1');
      expect(body.members.length).toBeLessThanOrEqual(1);
      expect(body.limit).toBe(1);
    });

    it.each([
      ['', /^q is required/],
      ['?q=', /^q must not be empty/],
      ['?q=%20%20', /^q must not be empty/],
      [`?q=${'x'.repeat(201)}`, /^q must be at most 200 characters/],
      ['?q=ok&limit=0', /^limit must be between 1 and 50/],
      ['?q=ok&limit=51', /^limit must be between 1 and 50/],
      ['?q=ok&limit=many', /^limit must be a whole number/],
    ])('refuses %s with a 400 naming the parameter', async (query, message) => {
      const { status, body } = await getJson(t, `/api/v1/search${query}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: 'validation_failed', message: expect.stringMatching(message), field: expect.any(String) });
    });
  });

  describe('map, globe, stats and content search', () => {
    it('GET /api/v1/profiles lists public members with a location', async () => {
      const { status, body } = await getJson(t, '/api/v1/profiles');
      expect(status).toBe(200);
      expect(body.total).toBe(5);
      expect(body.profiles.map((p: { slug: string }) => p.slug)).not.toContain('shadow-corp');
      expect(body.profiles.map((p: { slug: string }) => p.slug)).not.toContain('quill-collective'); // no location
      expect(body.profiles[0]).toEqual({
        slug: 'aurora-health-ai',
        display_name: 'Aurora Health AI',
        category: 'healthcare',
        location: { city: 'Lisbon', country: 'Portugal', latitude: 38.73, longitude: -9.15 },
        profile_url: `${t.url}/members/aurora-health-ai`,
      });
      expect((await getJson(t, '/api/v1/profiles?limit=501')).status).toBe(400);
    });

    it('GET /api/v1/globe clusters members by place', async () => {
      const { status, body } = await getJson(t, '/api/v1/globe');
      expect(status).toBe(200);
      expect(body.total).toBe(5);
      const lisbon = body.points.find((p: { label: string }) => p.label === 'Lisbon, Portugal');
      expect(lisbon).toMatchObject({ count: 2 });
      expect(lisbon.lat).toBeCloseTo(38.726, 2);
      expect(body.points.every((p: { count: number }) => p.count >= 1)).toBe(true);
      expect(body.points.find((p: { label: string }) => p.label.includes('Berlin'))).toBeUndefined();
    });

    it('GET /api/v1/stats counts every active member, categorized or not', async () => {
      const { status, body } = await getJson(t, '/api/v1/stats');
      expect(status).toBe(200);
      expect(body.member_count).toBe(6);
      expect(body.categorized_member_count).toBe(5);
      expect(body.categories).toContainEqual({ category: 'infrastructure', count: 2 });
      expect(body.note).toMatch(/approximate/i);
      expect(new Date(body.counted_at).toString()).not.toBe('Invalid Date');
    });

    it('GET /api/v1/content-search searches the documentation corpus', async () => {
      const { status, body } = await getJson(t, '/api/v1/content-search?q=pagination%20offset');
      expect(status).toBe(200);
      expect(body.results[0]).toMatchObject({
        path: 'api-reference',
        title: 'API Reference',
        url: `${t.url}/docs/api-reference`,
        uri: 'docs://agentry/api-reference',
        score: 1,
      });
      expect(body.results[0].snippet.length).toBeGreaterThan(10);
      expect(body.count).toBe(body.results.length);
      const none = await getJson(t, '/api/v1/content-search?q=zzzqqqxxx');
      expect(none.body.results).toEqual([]);
      const empty = await getJson(t, '/api/v1/content-search?q=');
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/^q must not be empty/);
    });
  });

  describe('legacy aliases', () => {
    it.each([
      ['/api/map/search?q=northwind', '/api/v1/search?q=northwind', '/api/v1/search'],
      ['/api/map/profiles', '/api/v1/profiles', '/api/v1/profiles'],
      ['/api/map/globe', '/api/v1/globe', '/api/v1/globe'],
      ['/api/content-search?q=mcp', '/api/v1/content-search?q=mcp', '/api/v1/content-search'],
    ])('%s answers like its v1 twin, marked deprecated', async (legacy, v1, successor) => {
      const [old, current] = await Promise.all([getJson(t, legacy), getJson(t, v1)]);
      expect(old.status).toBe(200);
      expect(old.body).toEqual(current.body);
      expect(old.headers.get('deprecation')).toBe('true');
      expect(old.headers.get('link')).toBe(`<${successor}>; rel="successor-version"`);
      expect(current.headers.get('deprecation')).toBeNull();
    });

    it('validates like the v1 endpoint', async () => {
      const { status, body } = await getJson(t, '/api/map/search?q=');
      expect(status).toBe(400);
      expect(body.message).toMatch(/^q must not be empty/);
    });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const { status, body } = await getJson(t, '/api/v1/nothing-here');
    expect(status).toBe(404);
    expect(body.error).toBe('not_found');
  });
});

describe('directory: the general rate limit on search-style endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: '3/60' } });
  });
  afterAll(async () => t?.close());

  it('sends the policy headers without RateLimit-Remaining, then 429 with Retry-After', async () => {
    const ok = await fetch(`${t.url}/api/v1/search?q=agent`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toBe('3;w=60');
    expect(ok.headers.get('ratelimit-limit')).toBe('3');
    expect(ok.headers.get('x-ratelimit-limit')).toBe('3');
    expect(ok.headers.get('ratelimit-remaining')).toBeNull();
    await fetch(`${t.url}/api/map/search?q=agent`);
    await fetch(`${t.url}/api/v1/members`);
    const refused = await fetch(`${t.url}/api/v1/content-search?q=agent`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
  });
});
