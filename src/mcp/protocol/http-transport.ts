import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { clientKey } from '../../common/http/client-ip.js';
import { HostOriginPolicy } from '../../common/http/host-origin-policy.js';
import { MCP_FLOOD_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import type { McpServerRuntime } from './engine.js';
import type { HttpAnswer } from './exchange.js';
import { isJsonContentType, responseFormat } from './headers.js';
import { KEEPALIVE_INTERVAL_MS, type KeepaliveStreams } from './keepalive-streams.js';
import { errorMessage } from './json-rpc.js';
import { RpcCode, type RpcCodeValue } from './rpc-errors.js';
import type { GateContext, GateOutcome, McpMount } from './server-profile.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const ALLOW = 'GET, POST';

export interface TransportOptions {
  runtimes: McpServerRuntime[];
  config: AppConfig;
  gate: GateContext;
  streams: KeepaliveStreams;
  keepaliveIntervalMs?: number;
}

function transportError(reply: FastifyReply, status: number, message: string, code: RpcCodeValue = RpcCode.ServerError): FastifyReply {
  return reply
    .code(status)
    .header('content-type', JSON_TYPE)
    .send(errorMessage(null, code, message));
}

const principals = new WeakMap<FastifyRequest, unknown>();

function sseFrame(message: string): string {
  return `event: message\ndata: ${message}\n\n`;
}

/** The headers of a JSON answer of each runtime (its policy headers and the content type), built once. */
const jsonHeaders = new WeakMap<McpServerRuntime, Record<string, string>>();

function jsonHeadersOf(runtime: McpServerRuntime): Record<string, string> {
  let headers = jsonHeaders.get(runtime);
  if (headers === undefined) {
    headers = { ...(runtime.policyHeaders ?? {}), 'content-type': JSON_TYPE };
    jsonHeaders.set(runtime, headers);
  }
  return headers;
}

/** Writes an engine answer: JSON whenever the client accepts it, otherwise SSE. */
function write(reply: FastifyReply, runtime: McpServerRuntime, answer: HttpAnswer, accept: string | undefined): FastifyReply {
  reply.code(answer.status);
  const sse = answer.body !== null && answer.sse === true && responseFormat(accept) === 'sse';
  if (answer.body !== null && !sse) {
    // The common answer: the policy headers and the content type in one call, the tool's own after them.
    reply.headers(jsonHeadersOf(runtime));
    if (answer.headers) reply.headers(answer.headers);
    return reply.send(answer.body);
  }
  const policy = runtime.policyHeaders;
  if (policy) reply.headers(policy);
  if (answer.headers) reply.headers(answer.headers);
  if (answer.body === null) return reply.send();
  reply.header('content-type', 'text/event-stream').header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
  return reply.send(answer.parts ? answer.parts.map(sseFrame).join('') : sseFrame(answer.body));
}

/**
 * Mounts every profile's paths on the raw Fastify instance in one encapsulated plugin with its own
 * body parser, so the engine answers rows 1-11 of the wire ladder itself (403, 405, 406, 413, 415,
 * ParseError) and the hot path stays on Fastify's request/reply.
 */
export function registerMcpTransport(fastify: FastifyInstance, options: TransportOptions): void {
  const { config, gate, streams } = options;
  const keepaliveMs = options.keepaliveIntervalMs ?? KEEPALIVE_INTERVAL_MS;
  // Rows 1-2 of the wire ladder: any disallowed Origin, then a Host not served here.
  const hostOrigin = new HostOriginPolicy(config, { check: 'every-method' });

  void fastify.register(async (instance) => {
    instance.removeAllContentTypeParsers();
    const keepText = (_request: FastifyRequest, body: string | Buffer, done: (error: null, body: string | Buffer) => void) =>
      done(null, body);
    // application/json is registered by name so Fastify's parser cache hits; the catch-all only
    // serves a missing Content-Type on profiles that allow it (the others were refused with 415).
    instance.addContentTypeParser('application/json', { parseAs: 'string' }, keepText);
    instance.addContentTypeParser('*', { parseAs: 'string' }, keepText);

    instance.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
      if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return transportError(reply, 413, "Payload Too Large: the request body exceeds this server's limit.");
      }
      if (error.statusCode === 415) return transportError(reply, 415, 'Unsupported Media Type: send Content-Type: application/json.');
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return transportError(reply, 400, 'Bad Request: the request could not be read.');
      }
      request.log.error({ err: error, reqId: request.id }, 'MCP transport failure');
      return transportError(reply, 500, 'Internal error.', RpcCode.InternalError);
    });

    /** The POST checks that precede reading the body (rows 5-6); true when a reply was sent. */
    const refusedBeforeBody = (request: FastifyRequest, reply: FastifyReply, runtime: McpServerRuntime): boolean => {
      if (request.method !== 'POST') return false;
      const contentType = request.headers['content-type'];
      if (!isJsonContentType(contentType) && !(contentType === undefined && runtime.profile.allowMissingContentType)) {
        transportError(reply, 415, 'Unsupported Media Type: send Content-Type: application/json.');
        return true;
      }
      if (runtime.profile.strictAccept && responseFormat(request.headers.accept) === 'none') {
        transportError(reply, 406, 'Not Acceptable: accept application/json and text/event-stream.');
        return true;
      }
      const length = request.headers['content-length'];
      if (length !== undefined && Number(length) > runtime.profile.bodyLimit) {
        transportError(reply, 413, "Payload Too Large: the request body exceeds this server's limit.");
        return true;
      }
      return false;
    };

    // Rows 1-2 (the Host/Origin policy), the auth gate, then rows 5-6: a route-level hook bound to its server
    // (no per-request lookup), callback style (no promise unless the gate is asynchronous).
    const guardFor = (runtime: McpServerRuntime) => (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const refusal = hostOrigin.refusal(request.method, request.url, request.headers.host, request.headers.origin);
      if (refusal === 'origin') {
        transportError(reply, 403, 'Forbidden: this Origin is not allowed.');
        return;
      }
      if (refusal === 'host') {
        transportError(reply, 403, 'Forbidden: this Host is not served here.');
        return;
      }
      const profileGate = runtime.profile.gate;
      if (!profileGate) {
        if (!refusedBeforeBody(request, reply, runtime)) done();
        return;
      }
      const decide = (outcome: GateOutcome): void => {
        if (!outcome.allow) {
          if (outcome.headers) reply.headers(outcome.headers);
          void reply
            .code(outcome.status)
            .header('content-type', JSON_TYPE)
            .send(errorMessage(null, outcome.code, outcome.message, outcome.data));
          return;
        }
        if (outcome.principal !== undefined) principals.set(request, outcome.principal);
        if (!refusedBeforeBody(request, reply, runtime)) done();
      };
      try {
        const outcome = profileGate(request, gate);
        if (outcome instanceof Promise) outcome.then(decide, (error: unknown) => done(error as Error));
        else decide(outcome);
      } catch (error) {
        done(error as Error);
      }
    };

    // Not an async function: when the engine answers synchronously the reply is written at once and
    // nothing is returned; otherwise Fastify waits for the returned promise.
    const postFor = (runtime: McpServerRuntime, mount: McpMount) => (request: FastifyRequest, reply: FastifyReply) => {
      const text = request.body;
      let body: unknown;
      try {
        if (typeof text !== 'string' || text.length === 0) throw new SyntaxError('empty body');
        body = JSON.parse(text);
      } catch {
        transportError(reply, 400, 'Parse error: the body is not valid JSON.', RpcCode.ParseError);
        return undefined;
      }
      const answer = runtime.handle(body, { request, source: mount.source, principal: principals.get(request) });
      if (answer instanceof Promise) return answer.then((settled) => write(reply, runtime, settled, request.headers.accept));
      write(reply, runtime, answer, request.headers.accept);
      return undefined;
    };

    const getFor = (runtime: McpServerRuntime) => async (request: FastifyRequest, reply: FastifyReply) => {
      const accept = request.headers.accept ?? '';
      const profile = runtime.profile;
      if (accept.includes('text/event-stream')) {
        if (profile.getStream !== 'sse') {
          reply.header('allow', 'POST');
          return transportError(reply, 405, 'Method Not Allowed: this server does not offer a GET event stream.');
        }
        const limited = await runtime.rateLimit(request.ip, 1, null, MCP_FLOOD_POLICY);
        if (limited) return write(reply, runtime, limited, undefined);
        const key = clientKey(request.ip);
        const admitted = streams.admit(key);
        if (admitted !== 'ok') {
          reply.header('retry-after', '60');
          return transportError(
            reply,
            admitted === 'client' ? 429 : 503,
            admitted === 'client'
              ? 'Too Many Requests: this address has the most open event streams allowed; close one first.'
              : 'Service Unavailable: the server has the most open event streams it allows; retry later.',
          );
        }
        return openStream(request, reply, key);
      }
      if (profile.htmlPage && accept.includes('text/html')) {
        return reply.code(200).header('content-type', 'text/html; charset=utf-8').send(profile.htmlPage(config));
      }
      if (profile.getStream === 'sse') {
        return transportError(reply, 406, 'Not Acceptable: GET needs Accept: text/event-stream.');
      }
      reply.header('allow', 'POST');
      return transportError(reply, 405, 'Method Not Allowed: send JSON-RPC messages with POST.');
    };

    const openStream = (request: FastifyRequest, reply: FastifyReply, key: string) => {
      reply.hijack();
      const raw = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(': keepalive stream open\n\n');
      streams.add(raw, keepaliveMs, key);
      request.raw.socket.setTimeout(0);
    };

    const other = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('allow', ALLOW);
      return transportError(reply, 405, 'Method Not Allowed: this server issues no sessions; use POST (or GET for the event stream).');
    };

    for (const runtime of options.runtimes) {
      for (const mount of runtime.profile.mounts) {
        const onRequest = guardFor(runtime);
        instance.route({
          method: 'POST',
          url: mount.path,
          bodyLimit: runtime.profile.bodyLimit,
          onRequest,
          // No per-request child logger on the hot path; the engine's log lines carry reqId themselves.
          childLoggerFactory: (logger: unknown) => logger,
          handler: postFor(runtime, mount),
        } as never);
        instance.route({ method: 'GET', url: mount.path, exposeHeadRoute: false, onRequest, handler: getFor(runtime) });
        instance.route({ method: ['DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'], url: mount.path, onRequest, handler: other });
      }
    }
  });
}
