// The MCP front's raw path for the hot request: a JSON-RPC POST to an ungated mount, answered on
// node:http's request and response without Fastify's request, reply, hooks, router or content-type
// parser, in one writeHead with the headers in a flat array. Everything it does not take — other
// methods, query strings, refused Host/Origin, another content type, no or oversized
// Content-Length, gated servers, a hop count to trust, a closing server — goes to the front's Fastify
// routes, which answer the whole wire ladder. What it writes is what those routes write for the
// same request, byte for byte: the same headers in the same order, the same access line and metrics.
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { HostOriginPolicy } from '../../common/http/host-origin-policy.js';
import { accessLogEnabled, writeAccessLine } from '../../common/http/request-hooks.js';
import { RequestRecorder, surfaceOf } from '../../common/metrics/http-metrics.js';
import type { AppConfig } from '../../config/app-config.js';
import type { McpServerRuntime } from './engine.js';
import type { HttpAnswer, McpRequest } from './exchange.js';
import { isJsonContentType, responseFormat } from './headers.js';
import { errorMessage } from './json-rpc.js';
import { RpcCode, type RpcCodeValue } from './rpc-errors.js';
import type { McpMount } from './server-profile.js';

const JSON_TYPE = 'application/json; charset=utf-8';

type Trust = (address: string, hop: number) => boolean;
/** proxy-addr (a dependency; it ships no types), which Fastify's request.ip uses too. */
const proxyAddr = createRequire(import.meta.url)('proxy-addr') as {
  all(req: IncomingMessage, trust: Trust): string[];
  compile(list: string[]): Trust;
};

/** The request as the engine sees it on the raw path (what a FastifyRequest offers it). */
class RawRequest implements McpRequest {
  constructor(
    readonly raw: IncomingMessage,
    readonly id: string,
    readonly log: FastifyBaseLogger,
    private readonly trust: Trust | undefined,
  ) {}

  /** The client address as Fastify's request.ip gives it: the peer, or the X-Forwarded-For hop the trusted proxies vouch for. */
  get ip(): string {
    if (this.trust === undefined) return this.raw.socket.remoteAddress as string;
    const addresses = proxyAddr.all(this.raw, this.trust);
    return addresses[addresses.length - 1];
  }

  get headers(): IncomingHttpHeaders {
    return this.raw.headers;
  }
}

/** One mount served on the raw path, with what its answers carry, computed once. */
interface RawRoute {
  runtime: McpServerRuntime;
  mount: McpMount;
  /** Counts its answers in agentry_http_requests_total and the latency histogram (surface and method known up front). */
  metrics: RequestRecorder;
  /** The runtime's policy headers and the JSON content type, as flat name/value pairs (lower-case names). */
  jsonHeaders: string[];
  /** The runtime's policy headers alone. */
  policyHeaders: string[];
  /**
   * A plain JSON answer's whole header list: x-request-id, the policy headers, the content type and
   * content-length, with the request id (index 1) and the length (last) left to fill in per request.
   */
  jsonAnswerHeaders: string[];
}

function pairs(headers: Record<string, string> | undefined): string[] {
  const flat: string[] = [];
  if (headers) for (const name of Object.keys(headers)) flat.push(name.toLowerCase(), headers[name]);
  return flat;
}

/**
 * Sets name/value pairs on a header list as Fastify's reply.header does: names lower-cased, an
 * existing name's value replaced where it stands.
 */
function setPairs(target: string[], headers: Record<string, string>): void {
  for (const key of Object.keys(headers)) {
    const name = key.toLowerCase();
    let at = -1;
    for (let i = 0; i < target.length; i += 2) {
      if (target[i] === name) {
        at = i;
        break;
      }
    }
    if (at === -1) target.push(name, headers[key]);
    else target[at + 1] = headers[key];
  }
}

function sseFrame(message: string): string {
  return `event: message\ndata: ${message}\n\n`;
}

export interface RawPostOptions {
  config: AppConfig;
  /** The front instance's logger (its hot POST route logs through it, not a per-request child). */
  log: FastifyBaseLogger;
  /** The front's request id function (fastifyServerOptions' genReqId). */
  genReqId: (req: IncomingMessage) => string;
  runtimes: readonly McpServerRuntime[];
}

export class RawPostPath {
  private readonly routes = new Map<string, RawRoute>();
  private readonly hostOrigin: HostOriginPolicy;
  private readonly log: FastifyBaseLogger;
  private readonly genReqId: (req: IncomingMessage) => string;
  private readonly accessLog: boolean;
  private readonly enabled: boolean;
  /** @internal the trusted proxies (TRUST_PROXY addresses), undefined when none. */
  readonly trust: Trust | undefined;

  constructor(options: RawPostOptions) {
    this.log = options.log;
    this.genReqId = options.genReqId;
    this.accessLog = accessLogEnabled(options.config);
    this.hostOrigin = new HostOriginPolicy(options.config, { check: 'every-method' });
    // Trusted proxies named by address are compiled as Fastify compiles them (lib/request.js); a hop
    // count is left to Fastify's request, whose handling of it has changed between versions.
    const trustProxy = options.config.trustProxy;
    this.enabled = typeof trustProxy !== 'number';
    this.trust = Array.isArray(trustProxy) ? proxyAddr.compile(trustProxy) : undefined;
    for (const runtime of options.runtimes) {
      // A gated server decides before the body is read, possibly asynchronously and with its own headers.
      if (runtime.profile.gate || runtime.profile.strictAccept) continue;
      const policyHeaders = pairs(runtime.policyHeaders);
      for (const mount of runtime.profile.mounts) {
        this.routes.set(mount.path, {
          runtime,
          mount,
          metrics: new RequestRecorder(surfaceOf(mount.path), 'POST'),
          policyHeaders,
          jsonHeaders: [...policyHeaders, 'content-type', JSON_TYPE],
          jsonAnswerHeaders: ['x-request-id', '', ...policyHeaders, 'content-type', JSON_TYPE, 'content-length', ''],
        });
      }
    }
  }

  /** Answers the request here and returns true, or returns false having touched nothing. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled || req.method !== 'POST') return false;
    const route = this.routes.get(req.url as string);
    if (route === undefined) return false;
    const headers = req.headers;
    if (!isJsonContentType(headers['content-type'])) return false;
    const length = headers['content-length'];
    if (length === undefined || headers['transfer-encoding'] !== undefined) return false;
    const declared = Number(length);
    if (!(declared > 0 && declared <= route.runtime.profile.bodyLimit)) return false;
    if (this.hostOrigin.refusal('POST', req.url as string, headers.host, headers.origin) !== undefined) return false;
    new RawExchange(this, route, req, res).read(declared);
    return true;
  }

  /** @internal for RawExchange */
  requestId(req: IncomingMessage): string {
    return this.genReqId(req);
  }

  /** @internal the access line and the metrics of an answered request (Fastify's onResponse hooks). */
  answered(route: RawRoute, id: string, url: string, status: number, started: number): void {
    const elapsed = performance.now() - started;
    if (this.accessLog) writeAccessLine(this.log, id, 'POST', url, status, elapsed);
    route.metrics.record(status, elapsed / 1000);
  }

  get logger(): FastifyBaseLogger {
    return this.log;
  }
}

/** One request on the raw path: reads the body within the limit, runs the engine, writes the answer. */
class RawExchange {
  private readonly started = performance.now();
  private readonly id: string;
  /** The body as received: one chunk (what a small request is), or several. */
  private chunks: Buffer | Buffer[] | undefined;
  private length = 0;
  private declared = 0;
  /** Set once the body has ended or failed: a later 'error' (or 'end') finds the exchange done. */
  private finished = false;

  constructor(
    private readonly path: RawPostPath,
    private readonly route: RawRoute,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.id = path.requestId(req);
  }

  /**
   * Reads the body. Three listener closures per request, left on the request when it ends (it is
   * dropped with its answer), in place of one shared pair of functions that found the exchange in a
   * WeakMap (a runtime call per set) and three removeListener calls, whose property reads are
   * megamorphic in an app with many kinds of emitters (docs/benchmarks.md, "Issue 25: session 12").
   * The 'error' listener stays on for good, so an error after the end is never an unhandled one.
   */
  read(declared: number): void {
    const req = this.req;
    this.declared = declared;
    // Inline arrows: a named one would get the bundle's keepNames __name() call per request.
    req.on('data', (chunk: Buffer) => this.received(chunk));
    req.on('end', () => this.ended(undefined));
    req.on('error', (error: Error) => this.ended(error));
  }

  /** A chunk of the body. */
  private received(chunk: Buffer): void {
    this.length += chunk.length;
    const chunks = this.chunks;
    if (chunks === undefined) this.chunks = chunk;
    else if (Array.isArray(chunks)) chunks.push(chunk);
    else this.chunks = [chunks, chunk];
  }

  /** The body is complete ('end', no argument), or could not be read ('error'). */
  private ended(error: Error | undefined): void {
    if (this.finished) return;
    this.finished = true;
    // node's parser delivers exactly Content-Length bytes; a shortfall is an aborted request.
    if (error !== undefined || this.length !== this.declared) {
      this.fail(400, 'Bad Request: the request could not be read.', RpcCode.ServerError);
      return;
    }
    this.parsed();
  }

  private parsed(): void {
    const chunks = this.chunks as Buffer | Buffer[];
    const text = Array.isArray(chunks) ? Buffer.concat(chunks, this.length).toString('utf8') : chunks.toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      this.fail(400, 'Parse error: the body is not valid JSON.', RpcCode.ParseError);
      return;
    }
    const { runtime, mount } = this.route;
    let answer: ReturnType<McpServerRuntime['handle']>;
    try {
      answer = runtime.handle(body, {
        request: new RawRequest(this.req, this.id, this.path.logger, this.path.trust),
        source: mount.source,
      });
    } catch (error) {
      this.crashed(error);
      return;
    }
    if (answer instanceof Promise) {
      answer.then(
        (settled) => this.write(settled),
        (error: unknown) => this.crashed(error),
      );
    } else this.write(answer);
  }

  /** Writes an engine answer as http-transport's write() does: JSON whenever the client accepts it, otherwise SSE. */
  private write(answer: HttpAnswer): void {
    const route = this.route;
    if (
      answer.body !== null &&
      answer.headers === undefined &&
      (answer.sse !== true || responseFormat(this.req.headers.accept) !== 'sse')
    ) {
      // The common answer: JSON with no headers of its own, on the route's precomputed list.
      const headers = route.jsonAnswerHeaders.slice();
      headers[1] = this.id;
      this.send(answer.status, headers, answer.body);
      return;
    }
    const headers = ['x-request-id', this.id];
    let payload: string;
    const sse = answer.body !== null && answer.sse === true && responseFormat(this.req.headers.accept) === 'sse';
    if (answer.body !== null && !sse) {
      headers.push(...route.jsonHeaders);
      if (answer.headers) setPairs(headers, answer.headers);
      payload = answer.body;
    } else {
      headers.push(...route.policyHeaders);
      if (answer.headers) setPairs(headers, answer.headers);
      if (answer.body === null) payload = '';
      else {
        setPairs(headers, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
        payload = answer.parts ? answer.parts.map(sseFrame).join('') : sseFrame(answer.body);
      }
    }
    this.end(answer.status, headers, payload);
  }

  /** A transport error before the engine (http-transport's transportError). */
  private fail(status: number, message: string, code: RpcCodeValue): void {
    this.end(status, ['x-request-id', this.id, 'content-type', JSON_TYPE], errorMessage(null, code, message));
  }

  /** What the front's error handler answers an engine failure with (Fastify drops the headers set so far but x-request-id). */
  private crashed(error: unknown): void {
    this.path.logger.error({ err: error, reqId: this.id }, 'MCP transport failure');
    this.fail(500, 'Internal error.', RpcCode.InternalError);
  }

  private end(status: number, headers: string[], payload: string): void {
    // Fastify sends Content-Length on every answer but 1xx, 204 and 304 (none of which the engine gives).
    headers.push('content-length', '');
    this.send(status, headers, payload);
  }

  /** Writes the answer; `headers` ends with content-length, whose value is filled in here. */
  private send(status: number, headers: string[], payload: string): void {
    const length = Buffer.byteLength(payload);
    headers[headers.length - 1] = String(length);
    const res = this.res;
    // Fastify's onResponse hooks run when the response finishes (or fails); on a socket already
    // destroyed neither happens, so no access line and no count.
    const socket = res.socket;
    const gone = socket === null || socket.destroyed;
    res.writeHead(status, headers);
    if (length === 0) res.end();
    else res.end(payload);
    if (!gone) this.path.answered(this.route, this.id, this.req.url as string, status, this.started);
  }
}
