import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS, RequestRecorder, metricsRegistry, recordRequest } from './http-metrics.js';

/** The HTTP metrics' lines of a registry's text exposition. */
async function httpLines(registry: Registry): Promise<string[]> {
  const text = await registry.metrics();
  return text.split('\n').filter((line) => line.includes('agentry_http_request'));
}

describe('HTTP request metrics', () => {
  it('expose exactly what prom-client’s own Counter and Histogram expose for the same requests', async () => {
    // The reference: prom-client's metrics fed the same observations, one call per request.
    const reference = new Registry();
    const counter = new Counter({
      name: 'agentry_http_requests_total',
      help: 'HTTP requests answered, per surface, method and status code.',
      labelNames: ['surface', 'method', 'status'],
      registers: [reference],
    });
    const histogram = new Histogram({
      name: 'agentry_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, per surface (until the response ends).',
      labelNames: ['surface'],
      buckets: [...LATENCY_BUCKETS],
      registers: [reference],
    });
    const raw = new RequestRecorder('spec_raw', 'POST');
    const seen: [string, string, number, number][] = [
      ['spec_api', 'GET', 200, 0.0004],
      ['spec_api', 'GET', 200, 0.001], // on a bound: counted in that bucket
      ['spec_api', 'POST', 429, 0.03],
      ['spec_raw', 'POST', 200, 0.0021],
      ['spec_raw', 'POST', 400, 7.5], // past every bound: only +Inf, sum and count
      ['spec_raw', 'POST', 200, 0.26],
    ];
    for (const [surface, method, status, seconds] of seen) {
      if (surface === 'spec_raw') raw.record(status, seconds);
      else recordRequest(surface, method, status, seconds);
      counter.inc({ surface, method, status: String(status) });
      histogram.observe({ surface }, seconds);
    }
    const ours = (await httpLines(metricsRegistry)).filter((line) => line.startsWith('#') || line.includes('"spec_'));
    expect(ours).toEqual(await httpLines(reference));
    expect(ours).toContain('agentry_http_request_duration_seconds_bucket{le="0.001",surface="spec_api"} 2');
    expect(ours).toContain('agentry_http_request_duration_seconds_count{surface="spec_raw"} 3');

    // Read again: nothing is counted twice, and new requests add up.
    raw.record(200, 0.0021);
    counter.inc({ surface: 'spec_raw', method: 'POST', status: '200' });
    histogram.observe({ surface: 'spec_raw' }, 0.0021);
    const again = (await httpLines(metricsRegistry)).filter((line) => line.startsWith('#') || line.includes('"spec_'));
    expect(again).toEqual(await httpLines(reference));
    expect(again).toContain('agentry_http_requests_total{surface="spec_raw",method="POST",status="200"} 3');

    // The JSON form folds the surface into each sample's labels, as prom-client's does.
    const json = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === 'agentry_http_request_duration_seconds');
    const expected = (await reference.getMetricsAsJSON()).find((m) => m.name === 'agentry_http_request_duration_seconds');
    expect(json?.values.filter((v) => String(v.labels.surface).startsWith('spec_'))).toStrictEqual(expected?.values);
  });
});
