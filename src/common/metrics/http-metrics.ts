import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Counter, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

/**
 * The process's Prometheus registry. Module-level because the HTTP hooks are set up with the
 * Fastify instances, before dependency injection; one process serves one registry.
 */
export const metricsRegistry = new Registry();
// Process metrics: CPU, memory, GC, and event-loop delay (perf_hooks.monitorEventLoopDelay).
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

/** Upper bounds (seconds) of agentry_http_request_duration_seconds. */
export const LATENCY_BUCKETS: readonly number[] = Object.freeze([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);

// Requests are counted in plain fields here (a few additions per request) and handed to
// prom-client when the registry is read: prom-client's own inc/observe hash the label set and
// allocate on every call, a measurable share of a cheap MCP call (docs/benchmarks.md).

/** One label set of the request counter: answered requests not yet handed to prom-client. */
interface CountCell {
  readonly labels: { surface: string; method: string; status: string };
  pending: number;
}

/** One surface's latency histogram: per-bucket counts (the last one past every bound), sum and count. */
interface LatencyCell {
  readonly surface: string;
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

const countCells: CountCell[] = [];
const latencyCells = new Map<string, LatencyCell>();

// agentry_http_requests_total: registered, and brought up to date from the cells when the registry is read.
new Counter({
  name: 'agentry_http_requests_total',
  help: 'HTTP requests answered, per surface, method and status code.',
  labelNames: ['surface', 'method', 'status'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const cell of countCells) {
      if (cell.pending === 0) continue;
      this.inc(cell.labels, cell.pending);
      cell.pending = 0;
    }
  },
});

type HistogramValue = {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName: string;
  /** null on bucket samples and undefined on the others, as prom-client gives them (no exemplars here). */
  exemplar: null | undefined;
};

/**
 * agentry_http_request_duration_seconds: a Prometheus histogram labelled by surface, read by the
 * registry exactly as a prom-client Histogram is (same samples, names, label order and values),
 * but observed with a bucket search and three additions instead of prom-client's per-call label
 * hashing.
 */
class LatencyHistogram {
  readonly name = 'agentry_http_request_duration_seconds';
  readonly help = 'Time to answer an HTTP request, per surface (until the response ends).';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly labelNames = ['surface'];

  cell(surface: string): LatencyCell {
    let cell = latencyCells.get(surface);
    if (cell === undefined) {
      cell = { surface, buckets: new Float64Array(LATENCY_BUCKETS.length + 1), sum: 0, count: 0 };
      latencyCells.set(surface, cell);
    }
    return cell;
  }

  /** The samples with the surface as a shared label, as prom-client's Histogram gives them to the text format. */
  getForPromString(): { name: string; help: string; type: string; values: HistogramValue[]; aggregator: string } {
    const values: HistogramValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const cell of latencyCells.values()) {
      const shared = { surface: cell.surface };
      let cumulative = 0;
      for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
        cumulative += cell.buckets[i];
        values.push({
          labels: { le: LATENCY_BUCKETS[i] },
          sharedLabels: shared,
          value: cumulative,
          metricName: bucketName,
          exemplar: null,
        });
      }
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: shared, value: cell.count, metricName: bucketName, exemplar: null },
        { labels: {}, sharedLabels: shared, value: cell.sum, metricName: `${this.name}_sum`, exemplar: undefined },
        { labels: {}, sharedLabels: shared, value: cell.count, metricName: `${this.name}_count`, exemplar: undefined },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (getMetricsAsJSON): the shared label folded into each sample's labels. */
  get(): ReturnType<LatencyHistogram['getForPromString']> {
    const data = this.getForPromString();
    data.values = data.values.map(({ labels, sharedLabels, ...sample }) => ({ ...sample, labels: { ...labels, ...sharedLabels } }));
    return data;
  }

  reset(): void {
    for (const cell of latencyCells.values()) {
      cell.buckets.fill(0);
      cell.sum = 0;
      cell.count = 0;
    }
  }
}

const latency = new LatencyHistogram();
metricsRegistry.registerMetric(latency as unknown as Metric);

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

function observe(cell: LatencyCell, seconds: number): void {
  let i = 0;
  while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
  cell.buckets[i]++;
  cell.sum += seconds;
  cell.count++;
}

function countCell(surface: string, method: string, status: number): CountCell {
  const cell: CountCell = { labels: { surface, method, status: String(status) }, pending: 0 };
  countCells.push(cell);
  return cell;
}

/**
 * Counts the answers of one surface and method (a route that knows both up front, such as the raw
 * MCP POST path): no label lookup per request but the status's.
 */
export class RequestRecorder {
  /** Taken at the first answer: a surface appears in the exposition once it has answered, as with prom-client. */
  private latency: LatencyCell | undefined;
  private readonly byStatus = new Map<number, CountCell>();

  constructor(
    private readonly surface: string,
    private readonly method: string,
  ) {}

  record(status: number, seconds: number): void {
    let cell = this.byStatus.get(status);
    if (cell === undefined) {
      cell = cellFor(this.surface, this.method, status);
      this.byStatus.set(status, cell);
    }
    cell.pending++;
    observe((this.latency ??= latency.cell(this.surface)), seconds);
  }
}

const cellsByKey = new Map<string, CountCell>();

function cellFor(surface: string, method: string, status: number): CountCell {
  const key = `${surface} ${method} ${status}`;
  let cell = cellsByKey.get(key);
  if (cell === undefined) {
    cell = countCell(surface, method, status);
    cellsByKey.set(key, cell);
  }
  return cell;
}

/** Counts one answered request. */
export function recordRequest(surface: string, method: string, status: number, seconds: number): void {
  cellFor(surface, method, status).pending++;
  observe(latency.cell(surface), seconds);
}

/** The onResponse hook both Fastify instances (the app's and the MCP front's) add. Callback style, like the access log. */
export function metricsHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  recordRequest(surfaceOf(request.url), request.method, reply.statusCode, reply.elapsedTime / 1000);
  done();
}
