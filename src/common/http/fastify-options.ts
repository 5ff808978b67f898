import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config.js';
import { RequestIds } from './request-id.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The Fastify options every instance of the service uses: the Nest application's own instance and
 * the dedicated instance that serves the MCP endpoints on the same HTTP server (src/mcp). Same
 * proxy trust, request ids, router and logging, so a request looks the same whichever answers it.
 */
export function fastifyServerOptions(config: AppConfig, logger: Logger | FastifyBaseLogger | false): FastifyServerOptions {
  const ids = new RequestIds();
  return {
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client must send a whole request within this time (slow-body clients cannot hold sockets); idle
    // keep-alive connections close after 5 s. Open SSE streams are responses and not affected.
    requestTimeout: config.httpRequestTimeoutMs,
    keepAliveTimeout: 5_000,
    // Node checks request/headers timeouts on this interval (30 s by default, which would let a slow client
    // hold a socket for up to 30 s past its timeout).
    http: { connectionsCheckingInterval: Math.min(1000, config.httpRequestTimeoutMs) },
    loggerInstance: logger || undefined,
    logger: logger ? undefined : false,
    // One access line per request comes from accessLogHook; Fastify's own request logs are off.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // A sane incoming x-request-id is kept (tracing across services); anything else is replaced.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : ids.next();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  } as FastifyServerOptions;
}
