import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus registry. Module-level because the HTTP hooks are set up with the
 * Fastify instances, before dependency injection; one process serves one registry.
 */
export const metricsRegistry = new Registry();
// Process metrics: CPU, memory, GC, and event-loop delay (perf_hooks.monitorEventLoopDelay).
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

const requests = new Counter({
  name: 'agentry_http_requests_total',
  help: 'HTTP requests answered, per surface, method and status code.',
  labelNames: ['surface', 'method', 'status'] as const,
  registers: [metricsRegistry],
});
const latency = new Histogram({
  name: 'agentry_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, per surface (until the response ends).',
  labelNames: ['surface'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/** Which public surface a path belongs to (a small, fixed set of label values). */
export function surfaceOf(url: string): string {
  if (url.startsWith('/mcp/docs')) return 'mcp_docs';
  if (url.startsWith('/recall/mcp')) return 'recall_mcp';
  if (url.startsWith('/mcp')) return 'mcp';
  if (url.startsWith('/recall/')) return 'recall_api';
  if (url.startsWith('/api/v1/dmv') || url.startsWith('/dmv')) return 'dmv';
  if (url.startsWith('/api/')) return 'api';
  if (url.startsWith('/admin')) return 'admin';
  if (url.startsWith('/healthz') || url.startsWith('/readyz') || url.startsWith('/metrics')) return 'ops';
  return 'pages';
}

type Child = { counter: ReturnType<typeof requests.labels>; histogram: ReturnType<typeof latency.labels> };
const children = new Map<string, Child>();

/** Counts one answered request (children are cached: no label lookups per request after the first). */
export function recordRequest(surface: string, method: string, status: number, seconds: number): void {
  const key = `${surface} ${method} ${status}`;
  let child = children.get(key);
  if (child === undefined) {
    child = { counter: requests.labels(surface, method, String(status)), histogram: latency.labels(surface) };
    children.set(key, child);
  }
  child.counter.inc();
  child.histogram.observe(seconds);
}

/** The onResponse hook both Fastify instances (the app's and the MCP front's) add. Callback style, like the access log. */
export function metricsHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  recordRequest(surfaceOf(request.url), request.method, reply.statusCode, reply.elapsedTime / 1000);
  done();
}
