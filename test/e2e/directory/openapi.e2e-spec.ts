import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../../src/common/http/openapi.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { insertMembers, SAMPLE_MEMBERS } from './directory-support.js';

const TOKEN = 'mco_openapi_test_operator_token_01_00000000000000';

interface Operation {
  parameters?: Array<{
    name: string;
    in: string;
    required?: boolean;
    example?: unknown;
    schema?: { example?: unknown; default?: unknown; enum?: unknown[] };
  }>;
  responses: Record<string, { content?: Record<string, unknown> }>;
  deprecated?: boolean;
  security?: unknown[];
  description?: string;
}

/** `/api/v1/members/:slug` → `/api/v1/members/{slug}` */
const toOpenApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const PUBLIC_PREFIXES = [/^\/api\//, /^\/dmv\/api(\/|$)/, /^\/recall\/api(\/|$)/];

describe('directory: the OpenAPI 3.1 document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', OPERATOR_BOOTSTRAP_TOKEN: TOKEN } });
    await insertMembers(t, SAMPLE_MEMBERS);
    const res = await fetch(`${t.url}/openapi.json`, { headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as typeof doc;
  });
  afterAll(async () => t?.close());

  it('is OpenAPI 3.1 without 3.0-only keywords', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
    const member = doc.components.schemas.MemberView as { properties: Record<string, { type?: unknown }> };
    expect(member.properties.category.type).toEqual(['string', 'null']);
  });

  it('documents the directory API, the deprecated aliases and the meaning of total', () => {
    for (const path of [
      '/api/v1/members',
      '/api/v1/search',
      '/api/v1/profiles',
      '/api/v1/globe',
      '/api/v1/content-search',
      '/api/v1/stats',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
      expect(doc.paths[path].get.deprecated ?? false).toBe(false);
    }
    for (const path of ['/api/map/search', '/api/map/profiles', '/api/map/globe', '/api/content-search']) {
      expect(doc.paths[path]?.get?.deprecated, path).toBe(true);
    }
    expect(doc.paths['/api/v1/members'].get.description).toMatch(/total.*categorized public profiles/);
    const page = doc.components.schemas.MembersPageView as { properties: { total: { description: string } } };
    expect(page.properties.total.description).toMatch(/categorized public profiles/);
    const params = doc.paths['/api/v1/members'].get.parameters!.map((p) => p.name).sort();
    expect(params).toEqual(['cursor', 'limit', 'offset']);
    expect(doc.paths['/admin/members/import'].post).toBeDefined();
    expect(doc.paths['/openapi.json']).toBeUndefined();
    expect(doc.paths['/members/{slug}']).toBeUndefined(); // HTML pages are not API
  });

  it('documents every public GET route', () => {
    const routes = registeredRoutes(t.app.getHttpAdapter().getInstance());
    expect(routes.length).toBeGreaterThan(10);
    const publicGets = [
      ...new Set(routes.filter((r) => r.method === 'GET' && PUBLIC_PREFIXES.some((p) => p.test(r.url))).map((r) => r.url)),
    ];
    expect(publicGets).toContain('/api/v1/members');
    const missing = publicGets.filter((url) => !doc.paths[toOpenApiPath(url)]?.get);
    expect(missing, `routes missing from /openapi.json: ${missing.join(', ')}`).toEqual([]);
  });

  it('every documented GET answers as documented with its example parameters', async () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      if (!op) continue;
      let url = path;
      const query = new URLSearchParams();
      let incomplete = false;
      for (const p of op.parameters ?? []) {
        const example = p.example ?? p.schema?.example ?? (p.in === 'path' ? undefined : p.schema?.default) ?? p.schema?.enum?.[0];
        if (p.in === 'path') {
          if (example === undefined) incomplete = true;
          else url = url.replace(`{${p.name}}`, encodeURIComponent(String(example)));
        } else if (p.in === 'query' && p.required) {
          if (example === undefined) incomplete = true;
          else query.set(p.name, String(example));
        }
      }
      if (incomplete) {
        problems.push(`${path}: a required parameter has no example`);
        continue;
      }
      const target = `${t.url}${url}${query.size ? `?${query}` : ''}`;
      const res = await fetch(target, {
        headers: op.security?.length || path.startsWith('/admin') ? { authorization: `Bearer ${TOKEN}` } : {},
      });
      const documented = Object.keys(op.responses);
      if (!documented.includes(String(res.status))) {
        problems.push(`${path}: answered ${res.status}, documented ${documented.join('/')}`);
        continue;
      }
      const type = res.headers.get('content-type') ?? '';
      const declared = Object.keys(op.responses[String(res.status)].content ?? {});
      if (declared.length && !declared.some((d) => type.startsWith(d))) {
        problems.push(`${path}: content-type ${type}, documented ${declared.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the directory GETs answer 200 with their examples', async () => {
    for (const path of [
      '/api/v1/members',
      '/api/v1/search?q=agent',
      '/api/v1/profiles',
      '/api/v1/globe',
      '/api/v1/content-search?q=rate%20limit',
      '/api/v1/stats',
    ]) {
      expect((await fetch(`${t.url}${path}`)).status, path).toBe(200);
    }
  });
});
