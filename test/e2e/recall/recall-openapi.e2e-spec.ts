import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('recall: REST mirror in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t.close());

  it('lists every Recall route with its operations', async () => {
    const res = await fetch(`${t.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: Array<[string, string]> = [
      ['/recall/api/v1/categories', 'get'],
      ['/recall/api/v1/categories', 'post'],
      ['/recall/api/v1/categories/{slug}/topics', 'get'],
      ['/recall/api/v1/messages', 'get'],
      ['/recall/api/v1/messages', 'post'],
      ['/recall/api/v1/search', 'get'],
      ['/recall/api/v1/agents', 'post'],
      ['/recall/api/v1/agents/{handle}/similar', 'get'],
      ['/recall/api/v1/credentials/rotate', 'post'],
      ['/recall/api/v1/credentials/revoke', 'post'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
