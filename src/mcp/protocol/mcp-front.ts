import Fastify, { type FastifyBaseLogger, type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AppConfig } from '../../config/app-config.js';
import { fastifyServerOptions } from '../../common/http/fastify-options.js';
import { accessLogHook } from '../../common/http/request-hooks.js';
import { metricsHook } from '../../common/metrics/http-metrics.js';
import { computeSecurityHeaders } from '../../common/http/security-headers.js';
import type { McpServerRuntime } from './engine.js';
import { RawPostPath } from './raw-post.js';

type Inject = (dispatch: RequestListener, options: InjectOptions) => Promise<LightMyRequestResponse>;

/** light-my-request, the library Fastify's own inject runs (resolved from Fastify, whose dependency it is). */
const injectInto = createRequire(createRequire(import.meta.url).resolve('fastify'))('light-my-request') as Inject;

/**
 * The MCP endpoints' own Fastify instance, on the Nest application's HTTP server: a request whose
 * path is a mount path (/mcp, /recall/mcp …) is routed to it, every other request to Nest's
 * instance as before.
 *
 * Why a second instance: every route of Nest's instance runs its global hooks — the adapter's
 * seven `onRequest` hooks and `onResponse` hook, and the app's own — and Fastify cannot exempt a
 * route from global hooks. The MCP servers answer their own Host/Origin, CORS, 404/405 and error
 * cases (the wire ladder), so all they need from the app is what this instance sets itself: the
 * same Fastify options (request ids, proxy trust, logger), x-request-id, the browser security
 * headers on everything but JSON-RPC POSTs, and the access log. Measured with the server and the
 * load generator pinned to separate cores, this is worth 5–9 points of the bare-route ratio of
 * `npm run bench:mcp` (docs/benchmarks.md).
 */
export class McpFront {
  readonly instance: FastifyInstance;
  private readonly paths: ReadonlySet<string>;
  private attachedTo?: Server;
  private raw?: RawPostPath;
  private readonly config: AppConfig;
  private readonly genReqId: (req: IncomingMessage) => string;

  constructor(config: AppConfig, logger: FastifyBaseLogger | false, paths: Iterable<string>) {
    this.paths = new Set(paths);
    this.config = config;
    const options = fastifyServerOptions(config, logger);
    this.genReqId = options.genReqId as (req: IncomingMessage) => string;
    this.instance = Fastify(options);
    const securityHeaders = computeSecurityHeaders();
    this.instance.addHook('onRequest', (request, reply, done) => {
      void reply.header('x-request-id', request.id);
      // JSON-RPC POSTs are read by programs; pages and streams get the browser headers.
      if (request.method !== 'POST') void reply.headers(securityHeaders);
      done();
    });
    const accessLog = accessLogHook(config);
    if (accessLog) this.instance.addHook('onResponse', accessLog);
    this.instance.addHook('onResponse', metricsHook);
  }

  /**
   * Answers the hot request — a JSON-RPC POST to an ungated server — on the raw node:http request
   * (raw-post.ts) instead of this instance's routes; call once the routes are registered.
   */
  serveRawPosts(runtimes: readonly McpServerRuntime[]): void {
    this.raw = new RawPostPath({ config: this.config, log: this.instance.log, genReqId: this.genReqId, runtimes });
  }

  /** Whether a request target is one of the mount paths (query string and one trailing slash ignored). */
  serves(url: string | undefined): boolean {
    if (!url) return false;
    const q = url.indexOf('?');
    let path = q === -1 ? url : url.slice(0, q);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    return this.paths.has(path);
  }

  /**
   * Puts this instance in front of the HTTP server's request listener (Nest's Fastify): mount
   * paths come here, everything else goes on unchanged. Call once the instance is ready.
   */
  attach(server: Server): void {
    if (this.attachedTo) throw new Error('The MCP front is already attached to a server');
    const listeners = server.listeners('request') as RequestListener[];
    if (listeners.length !== 1) throw new Error(`Expected one request listener on the HTTP server, found ${listeners.length}`);
    const [app] = listeners;
    const front = this.dispatch;
    server.removeListener('request', app);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.serves(req.url)) front(req, res);
      else app(req, res);
    });
    this.attachedTo = server;
  }

  /** A request to a mount path: the raw path when it takes it, else this instance's routes. */
  private readonly dispatch = (req: IncomingMessage, res: ServerResponse): void => {
    if (this.raw === undefined || !this.raw.serve(req, res)) this.instance.routing(req, res);
  };

  /**
   * Fastify's inject (light-my-request) through the same dispatch as the server's requests, raw
   * path included (tests reach the MCP endpoints without a socket).
   */
  async inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    await this.instance.ready();
    return injectInto(this.dispatch, options);
  }

  async close(): Promise<void> {
    // A closing instance answers 503 to what still arrives: leave that to its routes.
    this.raw = undefined;
    await this.instance.close();
  }
}
