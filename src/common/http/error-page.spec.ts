import { describe, expect, it } from 'vitest';
import { prefersHtml, renderErrorPage } from './error-page.js';

describe('error pages', () => {
  it('gives HTML only to clients that ask for it ahead of JSON', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/html')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
    expect(prefersHtml('application/json;q=0.5, text/html')).toBe(true);
    expect(prefersHtml('application/json, text/event-stream')).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
  });

  it('says what happened, what to do, when to retry in plain words, and the request id', () => {
    const base = { requestId: 'req-123', method: 'GET', path: '/x', message: 'm' };
    const limited = renderErrorPage({ ...base, status: 429, code: 'rate_limited', retryAfterSeconds: 3502 });
    expect(limited).toContain('Too many requests');
    expect(limited).toContain('in about an hour');
    expect(limited).not.toContain('3502');
    expect(limited).toContain('req-123');
    const down = renderErrorPage({ ...base, status: 503, code: 'database_unavailable', retryAfterSeconds: 5 });
    expect(down).toContain('Temporarily unavailable');
    expect(down).toContain('in a few seconds');
    const broken = renderErrorPage({ ...base, status: 500, code: 'internal_error', message: 'An unexpected error occurred.' });
    expect(broken).toContain('Something went wrong on our side');
    const escaped = renderErrorPage({ ...base, status: 404, code: 'not_found', path: '/<script>' });
    expect(escaped).toContain('/&lt;script&gt;');
    expect(escaped).not.toContain('<script>');
  });
});
