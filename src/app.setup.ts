import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppConfig } from './config/app-config.js';
import { isHostAllowed, isOriginAllowed } from './common/http/host-guard.js';
import { computeSecurityHeaders } from './common/http/security-headers.js';
import { registerOpenApi } from './common/http/openapi.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Paths whose protocol layer answers its own Host/Origin failures (MCP servers). */
const SELF_GUARDED = /^\/(mcp|recall\/mcp|broker\/mcp)(\/|$|\?)/;

/** The Fastify adapter with the service's options; used by main and the tests alike. */
export function createFastifyAdapter(config: AppConfig, logger: Logger | false): FastifyAdapter {
  const options = {
    trustProxy: config.trustProxy,
    // No Nest middleware is used, so middie's per-request hook is not registered at all.
    skipMiddie: true,
    bodyLimit: 1024 * 1024,
    loggerInstance: logger || undefined,
    logger: logger ? undefined : false,
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
  return new FastifyAdapter(options as never);
}

/**
 * Everything about the HTTP layer that main and the e2e tests must share: request ids, access logs,
 * the DNS-rebinding guard, security headers.
 */
export async function configureApp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();

  const securityHeaders = computeSecurityHeaders();
  const accessLog = ['trace', 'debug', 'info'].includes(config.logLevel);
  // Callback-style hooks: they run on every request, and avoiding a promise per hook is measurable.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    // MCP endpoints guard Host/Origin themselves; their JSON-RPC POSTs (the hot path, read by programs)
    // skip the browser security headers, which every page and REST response carries.
    if (SELF_GUARDED.test(request.url)) {
      if (request.method !== 'POST') void reply.headers(securityHeaders);
      return done();
    }
    void reply.headers(securityHeaders);
    if (!isHostAllowed(config, request.headers.host)) {
      void reply.code(403).send({ error: 'forbidden_host', message: 'This Host is not served here.' });
      return;
    }
    const origin = request.headers.origin;
    const unsafe = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (unsafe && origin !== undefined && !isOriginAllowed(config, origin)) {
      void reply.code(403).send({ error: 'forbidden_origin', message: 'Cross-origin writes are not allowed.' });
      return;
    }
    done();
  });

  fastify.addHook('onResponse', (request, reply, done) => {
    if (accessLog) {
      const url = request.url;
      const q = url.indexOf('?');
      request.log.info(
        {
          reqId: request.id,
          method: request.method,
          path: q === -1 ? url : url.slice(0, q),
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
    }
    done();
  });


  // GET /openapi.json, built once from every controller when the server is ready.
  registerOpenApi(app, config);
}
