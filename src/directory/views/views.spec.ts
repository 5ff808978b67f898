import { runInNewContext } from 'node:vm';

import { describe, expect, it } from 'vitest';

import { renderHomePage } from '../../common/http/home-page.js';
import { COMMUNITY_STATS_VIEW_HTML } from './community-stats-view.js';
import { globeScriptAsset, renderGlobePage } from './globe-page.js';

/** assets/globe.js, as /globe.js serves it. */
const GLOBE_SCRIPT = globeScriptAsset().body;

const ABSOLUTE_URL = /\b(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i;

function expectWellFormedHtml(html: string): void {
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(html).toContain('<html lang="en">');
  expect(html).toContain('<meta charset="utf-8">');
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html.trimEnd().endsWith('</html>')).toBe(true);
  for (const tag of ['html', 'head', 'body', 'style', 'script', 'main']) {
    const opened = html.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
    const closed = html.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
    expect(closed, `<${tag}> balance`).toBe(opened);
  }
}

/** Minimal fake element: enough DOM surface for the two browser scripts. */
class FakeElement {
  textContent = '';
  hidden = false;
  width = 640;
  height = 640;
  style: Record<string, string> = {};
  dataset: Record<string, string> = {};
  readonly classes = new Set<string>();
  readonly listeners = new Map<string, Array<(event: unknown) => void>>();
  readonly classList = {
    add: (...names: string[]) => names.forEach((n) => this.classes.add(n)),
    remove: (...names: string[]) => names.forEach((n) => this.classes.delete(n)),
  };
  addEventListener(type: string, fn: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  getBoundingClientRect() {
    return { left: 0, top: 0, width: 640, height: 640 };
  }
  getContext(): unknown {
    // Every canvas method is a no-op; gradients only need addColorStop.
    return new Proxy(
      {},
      {
        get: (_target, prop) => (prop === 'createRadialGradient' ? () => ({ addColorStop: () => undefined }) : () => undefined),
        set: () => true,
      },
    );
  }
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

function runGlobeScript(fetchImpl: () => Promise<unknown>) {
  const elements: Record<string, FakeElement> = {
    globe: new FakeElement(),
    'globe-count': new FakeElement(),
    'globe-status': new FakeElement(),
    'globe-tooltip': new FakeElement(),
  };
  const body = new FakeElement();
  const frames: Array<(t: number) => void> = [];
  const errors: unknown[] = [];
  const window = {
    devicePixelRatio: 1,
    matchMedia: () => ({ matches: false }),
    fetch: fetchImpl,
    requestAnimationFrame: (fn: (t: number) => void) => frames.push(fn),
    addEventListener: () => undefined,
  };
  const context = {
    window,
    document: { getElementById: (id: string) => elements[id] ?? null, body },
    console: { error: (...args: unknown[]) => errors.push(args), log: () => undefined, warn: () => undefined },
  };
  runInNewContext(GLOBE_SCRIPT, context);
  let now = 0;
  const step = (n: number) => {
    for (let i = 0; i < n; i++) {
      const fn = frames.shift();
      now += 16;
      fn?.(now);
    }
  };
  return { elements, body, step, errors, pending: () => frames.length };
}

describe('globe page', () => {
  const { html } = renderGlobePage();

  it('is a complete HTML5 document', () => {
    expectWellFormedHtml(html);
  });

  it('loads behaviour only from /globe.js (no inline script under the CSP)', () => {
    expect(html).toContain('<script src="/globe.js" defer></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
  });

  it('has the canvas, status elements and accessibility affordances', () => {
    expect(html).toMatch(/<canvas id="globe"[^>]*aria-label="[^"]+"/);
    expect(html).toContain('id="globe-count"');
    expect(html).toContain('id="globe-status"');
    expect(html).toContain('<noscript>');
  });

  it('references no external hosts', () => {
    expect(html).not.toMatch(ABSOLUTE_URL);
    expect(GLOBE_SCRIPT).not.toMatch(ABSOLUTE_URL);
    expect(html).not.toMatch(/@import|url\(/);
  });

  it('ships a script that parses and uses the globe API', () => {
    expect(() => new Function(GLOBE_SCRIPT)).not.toThrow();
    expect(GLOBE_SCRIPT).toContain("'/api/v1/globe'");
    expect(GLOBE_SCRIPT).toContain('requestAnimationFrame');
    expect(GLOBE_SCRIPT).not.toMatch(/\beval\(|new Function/);
  });

  it('draws points, reports counts on <body> and keeps animating', async () => {
    const payload = {
      points: [
        { lat: 51.5, lon: -0.1, count: 12, label: 'London' },
        { lat: 48.9, lon: 2.35, count: 4, label: 'Paris' },
        { lat: -33.9, lon: 151.2, count: 3, label: 'Sydney' },
      ],
      total: 19,
    };
    const run = runGlobeScript(async () => ({ ok: true, status: 200, json: async () => payload }));
    run.step(1); // a frame before data arrives must not report
    expect(run.body.dataset.pointsRendered).toBeUndefined();
    await flush();
    run.step(3);

    expect(run.body.dataset.pointsTotal).toBe('3');
    const rendered = Number(run.body.dataset.pointsRendered);
    expect(rendered).toBeGreaterThanOrEqual(1); // the busiest place starts facing the viewer
    expect(rendered).toBeLessThan(3); // Sydney is on the far side of London
    expect(run.elements['globe-count']?.textContent).toBe('19 members on the map');
    expect(run.elements['globe-status']?.textContent).toBe('');
    expect(run.pending()).toBe(1);
    expect(run.errors).toEqual([]);
  });

  it('shows fetch failures in #globe-status without throwing', async () => {
    const failing = runGlobeScript(async () => ({ ok: false, status: 503, json: async () => ({}) }));
    await flush();
    failing.step(2);
    expect(failing.elements['globe-status']?.textContent).toContain('could not be loaded');
    expect(failing.elements['globe-status']?.classes.has('error')).toBe(true);
    expect(failing.pending()).toBe(1);

    const offline = runGlobeScript(() => Promise.reject(new Error('network down')));
    await flush();
    expect(offline.elements['globe-status']?.textContent).toContain('network down');

    const malformed = runGlobeScript(async () => ({ ok: true, status: 200, json: async () => ({ nope: 1 }) }));
    await flush();
    expect(malformed.elements['globe-status']?.textContent).toContain('unexpected response');
  });
});

function runStatsView() {
  const script = /<script>([\s\S]*?)<\/script>/.exec(COMMUNITY_STATS_VIEW_HTML)?.[1];
  if (!script) throw new Error('inline script not found');
  const elements: Record<string, FakeElement> = { 'member-count': new FakeElement(), note: new FakeElement() };
  elements['member-count']!.textContent = '—';
  const root = new FakeElement();
  const sent: unknown[] = [];
  const parent = { postMessage: (message: unknown, target: string) => sent.push({ message, target }) };
  const listeners: Array<(event: unknown) => void> = [];
  const window = {
    parent,
    addEventListener: (type: string, fn: (event: unknown) => void) => type === 'message' && listeners.push(fn),
  };
  runInNewContext(script, {
    window,
    document: { getElementById: (id: string) => elements[id] ?? null, documentElement: root },
  });
  const deliver = (data: unknown, source: unknown = parent) => listeners.forEach((fn) => fn({ data, source }));
  return { elements, root, sent, parent, deliver };
}

describe('community stats MCP Apps view', () => {
  it('is a complete, self-contained HTML5 document', () => {
    expectWellFormedHtml(COMMUNITY_STATS_VIEW_HTML);
    expect(COMMUNITY_STATS_VIEW_HTML).not.toMatch(ABSOLUTE_URL);
    expect(COMMUNITY_STATS_VIEW_HTML).not.toMatch(/<(?:script|link|img|iframe)[^>]*\s(?:src|href)=/i);
    expect(COMMUNITY_STATS_VIEW_HTML).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|EventSource|tools\/call/);
  });

  it('implements the ui/initialize handshake and tool-result handling', () => {
    expect(COMMUNITY_STATS_VIEW_HTML).toContain("method: 'ui/initialize'");
    expect(COMMUNITY_STATS_VIEW_HTML).toContain("'ui/notifications/initialized'");
    expect(COMMUNITY_STATS_VIEW_HTML).toContain("case 'ui/notifications/tool-result'");
    expect(COMMUNITY_STATS_VIEW_HTML).toContain('id="member-count"');
    expect(COMMUNITY_STATS_VIEW_HTML).toContain('id="note"');
  });

  it('handshakes with the host, applies its theme and renders the count', () => {
    const view = runStatsView();
    expect(view.sent[0]).toEqual({
      target: '*',
      message: {
        jsonrpc: '2.0',
        id: 1,
        method: 'ui/initialize',
        params: {
          appInfo: { name: 'community-stats', version: '1.0.0' },
          appCapabilities: {},
          protocolVersion: '2026-01-26',
        },
      },
    });
    expect(view.elements['member-count']?.textContent).toBe('—');

    view.deliver({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2026-01-26', hostContext: { theme: 'dark' } } });
    expect(view.sent[1]).toEqual({
      target: '*',
      message: { jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} },
    });
    expect(view.root.classes.has('theme-dark')).toBe(true);

    view.deliver({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: {} } });
    view.deliver({
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-result',
      params: {
        content: [{ type: 'text', text: '{"member_count":1,"note":"ignored"}' }],
        structuredContent: { member_count: 8421, note: 'Cached for up to 20 minutes.' },
      },
    });
    expect(view.elements['member-count']?.textContent).toBe('8,421');
    expect(view.elements.note?.textContent).toBe('Cached for up to 20 minutes.');
  });

  it('falls back to content[0].text and ignores malformed or foreign messages', () => {
    const view = runStatsView();
    const result = (params: unknown) => ({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params });

    view.deliver(result({ content: [{ type: 'text', text: '{"member_count":1234567,"note":"n"}' }] }));
    expect(view.elements['member-count']?.textContent).toBe('1,234,567');

    for (const bad of [
      result({ structuredContent: { member_count: -5 } }),
      result({ structuredContent: { member_count: '12' } }),
      result({ content: [{ type: 'text', text: 'not json' }] }),
      result({ content: [{ type: 'text', text: '{"member_count":1e400}' }] }),
      result(null),
      { method: 'ui/notifications/tool-result', params: { structuredContent: { member_count: 3 } } },
      'garbage',
      null,
    ]) {
      expect(() => view.deliver(bad)).not.toThrow();
    }
    view.deliver(result({ structuredContent: { member_count: 99 } }), { not: 'the host' });
    expect(view.elements['member-count']?.textContent).toBe('1,234,567');
  });

  it('answers teardown and ping requests', () => {
    const view = runStatsView();
    view.deliver({ jsonrpc: '2.0', id: 7, method: 'ui/resource-teardown', params: { reason: 'closed' } });
    expect(view.sent.at(-1)).toEqual({ target: '*', message: { jsonrpc: '2.0', id: 7, result: {} } });
  });
});

describe('home page', () => {
  it('lists every surface and escapes all values', () => {
    const html = renderHomePage(
      [
        { href: '/api/v1/members', label: 'Members API', description: 'Paginated <members> & more' },
        { href: '/mcp', label: 'MCP "community" server', description: "Four tools, one endpoint's worth" },
        { href: 'javascript:alert(1)', label: 'Bad', description: 'not linked' },
      ],
      'http://localhost:3000/<x>',
    );
    expectWellFormedHtml(html);
    expect(html).toContain('<a href="/api/v1/members">Members API</a>');
    expect(html).toContain('Paginated &lt;members&gt; &amp; more');
    expect(html).toContain('MCP &quot;community&quot; server');
    expect(html).toContain('one endpoint&#39;s worth');
    expect(html).toContain('http://localhost:3000/&lt;x&gt;');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('<members>');
  });
});
