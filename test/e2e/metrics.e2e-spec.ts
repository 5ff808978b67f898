import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { postJsonRpc, rpcRequest } from '../support/json-rpc.js';

const OPERATOR = 'mco_metrics_test_operator_0123456789abcdef00000';
const SCRAPE = 'metrics-scrape-token-0123456789abcdef-xyz';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('operator visibility: Prometheus /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { OPERATOR_BOOTSTRAP_TOKEN: OPERATOR, METRICS_TOKEN: SCRAPE, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_GENERAL: '3/60' },
    });
  });
  afterAll(() => t?.close());

  let scrapes = 0;
  const scrape = (token?: string) =>
    fetch(`${t.url}/metrics`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': `192.0.2.${100 + scrapes++}` },
    });

  it('is closed without the scrape token or an operator token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('mco_not_a_real_operator_token_00000000000000000')).status).toBe(401);
    expect((await scrape('metrics-scrape-token-0123456789abcdef-xyy')).status).toBe(401);
  });

  it('reports requests and latency per surface, refusals, pool, outbox and event-loop delay', async () => {
    for (let i = 0; i < 4; i++) {
      await (await fetch(`${t.url}/api/v1/members`, { headers: { 'x-forwarded-for': '192.0.2.10' } })).arrayBuffer();
    }
    await (
      await postJsonRpc(`${t.url}/mcp`, rpcRequest('tools/list'), { accept: 'application/json', 'x-forwarded-for': '192.0.2.11' })
    ).arrayBuffer();

    const res = await scrape(SCRAPE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(sample(text, 'agentry_http_requests_total', { surface: 'api', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'agentry_http_requests_total', { surface: 'api', status: '429' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'agentry_http_requests_total', { surface: 'mcp', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'agentry_http_request_duration_seconds_count', { surface: 'mcp' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'agentry_rate_limit_refusals', { budget: 'general' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'agentry_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'agentry_outbox_messages', { status: 'queued' })).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);

    // An operator token works too.
    expect((await scrape(OPERATOR)).status).toBe(200);
  });
});
