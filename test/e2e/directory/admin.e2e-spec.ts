import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { getJson } from './directory-support.js';

const TOKEN = 'mco_directory_admin_test_token_0001_0000000000000';

describe('directory: operator endpoints', () => {
  let t: TestApp;
  const auth = { authorization: `Bearer ${TOKEN}` };

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', OPERATOR_BOOTSTRAP_TOKEN: TOKEN } });
  });
  afterAll(async () => t?.close());

  it('refuses requests without an operator token', async () => {
    const res = await fetch(`${t.url}/admin/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect((await fetch(`${t.url}/admin/categories`)).status).toBe(401);
  });

  it('creates, reads, updates, hides, shows and deletes a member, recording each change', async () => {
    const created = await call('POST', '/admin/members', {
      slug: 'cedar-analytics',
      display_name: '  Cedar Analytics ',
      member_since: '2024-04-01',
      category: 'Research',
      tags: ['data', ' data ', 'agents'],
      location: { city: 'Montreal', country: 'Canada', latitude: 45.5, longitude: -73.57 },
    });
    expect(created.status).toBe(201);
    expect(created.body.member).toMatchObject({
      slug: 'cedar-analytics',
      display_name: 'Cedar Analytics',
      category: 'research',
      tags: ['data', 'agents'],
      status: 'active',
      location: { city: 'Montreal', country: 'Canada', latitude: 45.5, longitude: -73.57 },
      profile_url: `${t.url}/members/cedar-analytics`,
    });

    const duplicate = await call('POST', '/admin/members', { slug: 'cedar-analytics', display_name: 'X', member_since: '2024-01-01' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('member_exists');

    const updated = await call('PATCH', '/admin/members/cedar-analytics', { category: null, description: 'Now uncategorized.' });
    expect(updated.status).toBe(200);
    expect(updated.body.member).toMatchObject({ category: null, description: 'Now uncategorized.', display_name: 'Cedar Analytics' });

    const hidden = await call('POST', '/admin/members/cedar-analytics/hide');
    expect(hidden.body.member.status).toBe('hidden');
    expect((await fetch(`${t.url}/members/cedar-analytics`)).status).toBe(404);
    expect((await getJson(t, '/api/v1/search?q=cedar')).body.members).toEqual([]);

    const shown = await call('POST', '/admin/members/cedar-analytics/show');
    expect(shown.body.member.status).toBe('active');
    expect((await fetch(`${t.url}/members/cedar-analytics`)).status).toBe(200);

    const deleted = await call('DELETE', '/admin/members/cedar-analytics');
    expect(deleted).toEqual({ status: 200, body: { deleted: true, slug: 'cedar-analytics' } });
    expect((await call('GET', '/admin/members/cedar-analytics')).status).toBe(404);

    const audit = await call('GET', '/admin/members/audit?slug=cedar-analytics');
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'show', 'hide', 'update', 'create']);
    for (const entry of audit.body.entries) {
      expect(entry).toMatchObject({ operator_name: 'bootstrap', slug: 'cedar-analytics' });
      expect(entry.operator_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.now() - new Date(entry.created_at).getTime()).toBeLessThan(60_000);
    }
    expect(audit.body.entries[3].details).toEqual({ fields: ['category', 'description'] });
  });

  it.each([
    [{ display_name: 'No slug', member_since: '2024-01-01' }, /^slug is required/],
    [{ slug: 'Bad Slug', display_name: 'X', member_since: '2024-01-01' }, /^slug must be lower-case/],
    [{ slug: 'ok-slug', display_name: '', member_since: '2024-01-01' }, /^display_name must not be empty/],
    [{ slug: 'ok-slug', display_name: 'x'.repeat(201), member_since: '2024-01-01' }, /^display_name must be at most 200/],
    [{ slug: 'ok-slug', display_name: 'X', member_since: '01/02/2024' }, /^member_since must be a date/],
    [
      { slug: 'ok-slug', display_name: 'X', member_since: '2024-01-01', website: 'javascript:alert(1)' },
      /^website must be an http\(s\) URL/,
    ],
    [{ slug: 'ok-slug', display_name: 'X', member_since: '2024-01-01', location: { latitude: 91 } }, /^location\.latitude must be between/],
    [{ slug: 'ok-slug', display_name: 'X', member_since: '2024-01-01', status: 'hidden' }, /status.*should not exist/],
  ])('refuses an invalid member (%j)', async (body, message) => {
    const res = await call('POST', '/admin/members', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('answers 404 for unknown slugs', async () => {
    expect((await call('PATCH', '/admin/members/nobody', { description: 'x' })).body).toMatchObject({ error: 'member_not_found' });
    expect((await call('POST', '/admin/members/nobody/hide')).status).toBe(404);
    expect((await call('DELETE', '/admin/members/nobody')).status).toBe(404);
  });

  describe('POST /admin/members/import', () => {
    it('upserts a JSON array by slug, keeping the status of existing members', async () => {
      const first = await call('POST', '/admin/members/import', [
        { slug: 'import-a', display_name: 'Import A', member_since: '2024-01-01', category: 'research' },
        { slug: 'import-b', display_name: 'Import B', member_since: '2024-01-02' },
      ]);
      expect(first).toEqual({ status: 200, body: { received: 2, created: 2, updated: 0 } });
      await call('POST', '/admin/members/import-b/hide');

      const second = await call('POST', '/admin/members/import', [
        { slug: 'import-b', display_name: 'Import B renamed', member_since: '2024-01-02', tags: ['x'] },
        { slug: 'import-c', display_name: 'Import C', member_since: '2024-01-03', location: { city: 'Quito', country: 'Ecuador' } },
      ]);
      expect(second.body).toEqual({ received: 2, created: 1, updated: 1 });
      const b = await call('GET', '/admin/members/import-b');
      expect(b.body.member).toMatchObject({ display_name: 'Import B renamed', tags: ['x'], status: 'hidden' });
      const c = await call('GET', '/admin/members/import-c');
      expect(c.body.member.location).toEqual({ city: 'Quito', country: 'Ecuador', latitude: null, longitude: null });

      const audit = await call('GET', '/admin/members/audit?slug=import-c');
      expect(audit.body.entries[0]).toMatchObject({ action: 'import', operator_name: 'bootstrap', details: { created: true } });
    });

    it('accepts NDJSON', async () => {
      const ndjson = [
        JSON.stringify({ slug: 'nd-one', display_name: 'ND One', member_since: '2023-03-03' }),
        '',
        JSON.stringify({ slug: 'nd-two', display_name: 'ND Two', member_since: '2023-03-04', category: 'education' }),
      ].join('\n');
      const res = await call('POST', '/admin/members/import', ndjson, { 'content-type': 'application/x-ndjson' });
      expect(res).toEqual({ status: 200, body: { received: 2, created: 2, updated: 0 } });
    });

    it('is all-or-nothing and reports every invalid row', async () => {
      const ndjson = [
        JSON.stringify({ slug: 'good-row', display_name: 'Good', member_since: '2023-03-03' }),
        '{not json',
        JSON.stringify({ slug: 'BAD', display_name: '', member_since: '2023-02-30' }),
        JSON.stringify({ slug: 'good-row', display_name: 'Again', member_since: '2023-03-03' }),
        JSON.stringify(['not', 'an', 'object']),
      ].join('\n');
      const res = await call('POST', '/admin/members/import', ndjson, { 'content-type': 'application/x-ndjson' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('import_rejected');
      expect(res.body.message).toBe('4 of 5 rows are invalid; nothing was imported.');
      expect(res.body.rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 4, 5]);
      expect(res.body.rows[0].errors).toEqual(['line is not valid JSON']);
      expect(res.body.rows[1].slug).toBe('BAD');
      expect(res.body.rows[1].errors).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^slug /),
          expect.stringMatching(/^display_name /),
          'member_since is not a real calendar date',
        ]),
      );
      expect(res.body.rows[2].errors).toEqual(['slug good-row already appears in row 1']);
      expect(res.body.rows[3].errors).toEqual(['row must be a JSON object']);
      expect((await call('GET', '/admin/members/good-row')).status).toBe(404);
    });

    it('refuses empty, non-array and oversized imports', async () => {
      expect((await call('POST', '/admin/members/import', [])).body).toMatchObject({
        error: 'validation_failed',
        message: 'The import contains no rows.',
      });
      expect((await call('POST', '/admin/members/import', { slug: 'x' })).status).toBe(400);
      const rows = Array.from({ length: 10_001 }, (_, i) =>
        JSON.stringify({ slug: `r-${i}`, display_name: `R ${i}`, member_since: '2024-01-01' }),
      );
      const res = await call('POST', '/admin/members/import', rows.join('\n'), { 'content-type': 'application/x-ndjson' });
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/at most 10000 rows/);
    });

    it('imports 10,000 rows in one request', async () => {
      const rows = Array.from({ length: 10_000 }, (_, i) =>
        JSON.stringify({
          slug: `bulk-${i}`,
          display_name: `Bulk Member ${i}`,
          member_since: '2024-01-01',
          category: i % 2 ? 'research' : null,
          description: 'An imported member used to check that large imports work in one transaction.',
          tags: ['bulk', 'import'],
          location: { city: 'Lagos', country: 'Nigeria', latitude: 6.5, longitude: 3.4 },
        }),
      );
      const res = await call('POST', '/admin/members/import', rows.join('\n'), { 'content-type': 'application/x-ndjson' });
      expect(res).toEqual({ status: 200, body: { received: 10_000, created: 10_000, updated: 0 } });
    });
  });

  it('lists categories with counts', async () => {
    const res = await call('GET', '/admin/categories');
    expect(res.status).toBe(200);
    expect(res.body.categories).toContainEqual({ category: 'research', count: 5001 });
    expect(res.body.categories).toContainEqual({ category: 'education', count: 1 });
    expect(res.body.uncategorized).toBeGreaterThanOrEqual(5000);
  });
});
