import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('foundation: HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz without dependencies and carries x-request-id', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a sane incoming x-request-id and replaces an unsafe one', async () => {
    const ok = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'trace-123' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-123');
    const bad = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers.get('x-request-id')).not.toBe('a b<script>');
  });

  it('reports readiness of the database', async () => {
    const res = await fetch(`${t.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'up' } });
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const res = await fetch(`${t.url}/api/does-not-exist?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.error).toBe('not_found');
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  });

  it('serves the home page as HTML with security headers', async () => {
    const res = await fetch(`${t.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBeTruthy();
    const html = await res.text();
    expect(html).toMatch(/<!doctype html>/i);
    expect(html).toContain('Agentry');
    expect(html).toContain('/healthz');
  });

  it('puts the same strict security headers on HTML pages, REST answers and the MCP endpoint pages', async () => {
    for (const [path, accept] of [
      ['/', 'text/html'],
      ['/api/v1/stats', 'application/json'],
      ['/recall/mcp', 'text/html'],
    ]) {
      const res = await fetch(`${t.url}${path}`, { headers: { accept } });
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'",
      );
      expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      await res.arrayBuffer();
    }
  });

  it('refuses a Host that is not allowed (DNS rebinding guard)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'evil.example.com' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden_host' });
  });

  it('refuses cross-origin writes from origins that are not allowed', async () => {
    const res = await fetch(`${t.url}/admin/operators`, {
      method: 'POST',
      headers: { origin: 'https://evil.example.com', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden_origin' });
  });

  it('renders invalid JSON bodies as a 400 error body without parser internals', async () => {
    // (Not an /admin route: those answer 401 before reading a body without an operator token.)
    const res = await fetch(`${t.url}/api/v1/dmv/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('validation_failed');
    expect(body.message).not.toMatch(/at |stack|SyntaxError/);
  });
});
