import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { insertMembers, SAMPLE_MEMBERS } from './directory-support.js';

describe('directory: pages for people', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    await insertMembers(t, [
      ...SAMPLE_MEMBERS,
      {
        slug: 'xss-test',
        display_name: '<script>alert(1)</script> Org',
        category: 'research',
        description: '"><img src=x onerror=alert(1)>',
        website: 'https://xss.example/?a=1&b="2"',
        tags: ['<b>tag</b>'],
      },
    ]);
  });
  afterAll(async () => t?.close());

  it('GET /members/<slug> renders the public profile', async () => {
    const res = await fetch(`${t.url}/members/northwind-labs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<h1>Northwind Labs</h1>');
    expect(html).toContain('Builds evaluation harnesses for autonomous agents.');
    expect(html).toContain('May 2, 2023');
    expect(html).toContain('Lisbon, Portugal');
    expect(html).toContain('href="https://northwind.example"');
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes every member-supplied value', async () => {
    const html = await (await fetch(`${t.url}/members/xss-test`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Org');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;b&gt;tag&lt;/b&gt;');
    expect(html).toContain('href="https://xss.example/?a=1&amp;b=&quot;2&quot;"');
  });

  it.each(['/members/no-such-member', '/members/shadow-corp', '/members/NOT%20a%20slug', `/members/${'a'.repeat(150)}`])(
    '%s answers the HTML 404 page',
    async (path) => {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<h1>Not found</h1>');
    },
  );

  it('an uncategorized member still has a profile page', async () => {
    const res = await fetch(`${t.url}/members/quill-collective`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Not yet categorized');
  });

  it('GET /globe and /globe.js are served self-contained', async () => {
    const page = await fetch(`${t.url}/globe`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<script src="/globe.js" defer></script>');
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const script = await fetch(`${t.url}/globe.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await script.text()).toContain("fetch('/api/v1/globe'");
    // A static file: cacheable, revalidated by its ETag, and allowed by the strict CSP's script-src 'self'.
    expect(script.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = script.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const again = await fetch(`${t.url}/globe.js`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('GET /docs lists every page and /docs/<path> renders its Markdown', async () => {
    const index = await (await fetch(`${t.url}/docs`)).text();
    for (const name of ['overview', 'api-reference', 'mcp-server', 'docs-mcp', 'agent-onboarding', 'dmv', 'recall', 'broker']) {
      expect(index).toContain(`href="/docs/${name}"`);
    }
    const res = await fetch(`${t.url}/docs/api-reference`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>API Reference</h1>');
    expect(html).toMatch(/<table>/);
    expect(html).not.toContain('title: API Reference'); // front matter is not rendered
    expect(html).not.toMatch(/href="[a-z-]+\.md/); // sibling links point at /docs/<name>
    expect(html).toContain('aria-current="page"');
  });

  it('GET /docs/<unknown> answers the HTML 404 page', async () => {
    const res = await fetch(`${t.url}/docs/not-a-page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>Not found</h1>');
  });

  it('the home page links the directory surfaces', async () => {
    const html = await (await fetch(`${t.url}/`)).text();
    for (const href of ['/globe', '/api/v1/members', '/docs', '/openapi.json']) expect(html).toContain(`href="${href}"`);
  });
});
