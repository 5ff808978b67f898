import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import type { AppConfig } from './config/app-config.js';
import { fastifyServerOptions } from './common/http/fastify-options.js';
import { HostOriginPolicy } from './common/http/host-origin-policy.js';
import { registerOpenApi } from './common/http/openapi.js';
import { registerMethodNotAllowed } from './common/http/method-not-allowed.js';
import { registerBodyPolicies } from './common/http/body-limits.js';
import { registerAdminGate } from './common/auth/admin-gate.js';
import { OperatorsService } from './common/auth/operators.service.js';
import { RateLimitService } from './common/rate-limit/rate-limit.service.js';
import { accessLogHook } from './common/http/request-hooks.js';
import { metricsHook } from './common/metrics/http-metrics.js';
import { computeSecurityHeaders } from './common/http/security-headers.js';
import { CORS_POST_PATHS } from './common/http/cors.js';
import { AppError } from './common/errors/app-error.js';
import { sendAppError } from './common/errors/send-app-error.js';

/** The Fastify adapter with the service's options; used by main and the tests alike. */
export function createFastifyAdapter(config: AppConfig, logger: Logger | false): FastifyAdapter {
  // No Nest middleware is used, so middie's per-request hook is not registered at all.
  return new FastifyAdapter({ ...fastifyServerOptions(config, logger), skipMiddie: true } as never);
}

/**
 * Everything about the HTTP layer that main and the e2e tests must share: request ids, access logs,
 * the Host/Origin policy, security headers. (The MCP endpoints are served by their own Fastify
 * instance on the same HTTP server, which sets its own and applies the same Host/Origin policy;
 * see src/mcp/protocol/mcp-front.ts.)
 */
export async function configureApp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();

  // Headers must arrive within a third of the request timeout (Node's default is 60 s).
  fastify.server.headersTimeout = Math.max(1000, Math.floor(config.httpRequestTimeoutMs / 3));

  const securityHeaders = computeSecurityHeaders();
  // The OAuth token, registration and revocation endpoints serve browser-based hosts (CORS).
  const hostOrigin = new HostOriginPolicy(config, { check: 'writes', crossOriginWritePaths: CORS_POST_PATHS });
  // Callback-style hooks: they run on every request, and avoiding a promise per hook is measurable.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id).headers(securityHeaders);
    const refusal = hostOrigin.refusal(request.method, request.url, request.headers.host, request.headers.origin);
    // A person in a browser gets an HTML page (sendAppError reads Accept); API clients the JSON body.
    if (refusal === 'host') {
      sendAppError(reply, new AppError('forbidden_host', 'This Host is not served here.', { status: 403 }), request);
      return;
    }
    if (refusal === 'origin') {
      sendAppError(reply, new AppError('forbidden_origin', 'Cross-origin writes are not allowed.', { status: 403 }), request);
      return;
    }
    done();
  });
  // Body limits per route and the operator gate: both answer before a request body is read.
  registerBodyPolicies(fastify);
  registerAdminGate(fastify, app.get(OperatorsService), app.get(RateLimitService));
  const accessLog = accessLogHook(config);
  if (accessLog) fastify.addHook('onResponse', accessLog);
  fastify.addHook('onResponse', metricsHook);

  // GET /openapi.json, built once from every controller when the server is ready.
  registerOpenApi(app, config);
  // A known path with a method it does not serve: 405 with Allow (after registerOpenApi, which records the routes).
  registerMethodNotAllowed(fastify);
}
