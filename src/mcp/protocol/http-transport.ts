import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { AppConfig } from '../../config/app-config.js';
import { isHostAllowed, isOriginAllowed } from '../../common/http/host-guard.js';
import type { GateContext, McpMount } from '../endpoints/profile.js';
import type { HttpAnswer, McpServerRuntime } from './engine.js';
import { isJsonContentType, responseFormat } from './headers.js';
import { errorMessage, RpcCode } from './json-rpc.js';

/** Interval of the `: ping` comments on GET keepalive streams. */
export const KEEPALIVE_INTERVAL_MS = 15_000;

const JSON_TYPE = 'application/json; charset=utf-8';
const ALLOW = 'GET, POST';

interface RouteConfig {
  mcp: { runtime: McpServerRuntime; mount: McpMount };
}

/** Open GET keepalive streams, ended cleanly on shutdown. */
export class KeepaliveStreams {
  private readonly open = new Set<{ raw: ServerResponse; timer: NodeJS.Timeout }>();

  add(raw: ServerResponse, intervalMs: number): void {
    const entry = { raw, timer: setInterval(() => raw.write(': ping\n\n'), intervalMs) };
    entry.timer.unref();
    this.open.add(entry);
    raw.on('close', () => {
      clearInterval(entry.timer);
      this.open.delete(entry);
    });
  }

  get size(): number {
    return this.open.size;
  }

  /** Ends every open stream (called before the HTTP server closes). */
  closeAll(): void {
    for (const entry of this.open) {
      clearInterval(entry.timer);
      if (!entry.raw.writableEnded) entry.raw.end();
    }
    this.open.clear();
  }
}

export interface TransportOptions {
  runtimes: McpServerRuntime[];
  config: AppConfig;
  gate: GateContext;
  streams: KeepaliveStreams;
  keepaliveIntervalMs?: number;
}

function transportError(reply: FastifyReply, status: number, message: string, code: number = RpcCode.ServerError): FastifyReply {
  return reply.code(status).header('content-type', JSON_TYPE).send(errorMessage(null, code, message));
}

const principals = new WeakMap<FastifyRequest, unknown>();

function runtimeOf(request: FastifyRequest): RouteConfig['mcp'] {
  return (request.routeOptions.config as unknown as RouteConfig).mcp;
}

function sseFrame(message: string): string {
  return `event: message\ndata: ${message}\n\n`;
}

/** Writes an engine answer: JSON whenever the client accepts it, otherwise SSE. */
function write(reply: FastifyReply, runtime: McpServerRuntime, answer: HttpAnswer, accept: string | undefined): FastifyReply {
  reply.code(answer.status);
  const policy = runtime.policyHeaders;
  if (policy) reply.headers(policy);
  if (answer.headers) reply.headers(answer.headers);
  if (answer.body === null) return reply.send();
  if (answer.sse && responseFormat(accept) === 'sse') {
    reply.header('content-type', 'text/event-stream').header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
    return reply.send(answer.parts ? answer.parts.map(sseFrame).join('') : sseFrame(answer.body));
  }
  return reply.header('content-type', JSON_TYPE).send(answer.body);
}

/**
 * Mounts every profile's paths on the raw Fastify instance in one encapsulated plugin with its own
 * body parser, so the engine answers rows 1-11 of the wire ladder itself (403, 405, 406, 413, 415,
 * -32700) and the hot path stays on Fastify's request/reply.
 */
export function registerMcpTransport(fastify: FastifyInstance, options: TransportOptions): void {
  const { config, gate, streams } = options;
  const keepaliveMs = options.keepaliveIntervalMs ?? KEEPALIVE_INTERVAL_MS;

  void fastify.register(async (instance) => {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    instance.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
      if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return transportError(reply, 413, 'Payload Too Large: the request body exceeds this server\'s limit.');
      }
      if (error.statusCode === 415) return transportError(reply, 415, 'Unsupported Media Type: send Content-Type: application/json.');
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return transportError(reply, 400, 'Bad Request: the request could not be read.');
      }
      request.log.error({ err: error }, 'MCP transport failure');
      return transportError(reply, 500, 'Internal error.', RpcCode.InternalError);
    });

    // Rows 1-2 (Host/Origin), the auth gate, then the POST checks that precede reading the body.
    instance.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !isOriginAllowed(config, origin)) {
        return transportError(reply, 403, 'Forbidden: this Origin is not allowed.');
      }
      if (!isHostAllowed(config, request.headers.host)) {
        return transportError(reply, 403, 'Forbidden: this Host is not served here.');
      }
      const { runtime } = runtimeOf(request);
      const profileGate = runtime.profile.gate;
      if (profileGate) {
        const outcome = await profileGate(request, gate);
        if (!outcome.allow) {
          if (outcome.headers) reply.headers(outcome.headers);
          return reply
            .code(outcome.status)
            .header('content-type', JSON_TYPE)
            .send(errorMessage(null, outcome.code, outcome.message, outcome.data));
        }
        if (outcome.principal !== undefined) principals.set(request, outcome.principal);
      }
      if (request.method !== 'POST') return;
      const contentType = request.headers['content-type'];
      if (!isJsonContentType(contentType) && !(contentType === undefined && runtime.profile.allowMissingContentType)) {
        return transportError(reply, 415, 'Unsupported Media Type: send Content-Type: application/json.');
      }
      if (runtime.profile.strictAccept && responseFormat(request.headers.accept) === 'none') {
        return transportError(reply, 406, 'Not Acceptable: accept application/json and text/event-stream.');
      }
      const length = request.headers['content-length'];
      if (length !== undefined && Number(length) > runtime.profile.bodyLimit) {
        return transportError(reply, 413, 'Payload Too Large: the request body exceeds this server\'s limit.');
      }
    });

    const post = async (request: FastifyRequest, reply: FastifyReply) => {
      const { runtime, mount } = runtimeOf(request);
      const text = request.body;
      let body: unknown;
      try {
        if (typeof text !== 'string' || text.length === 0) throw new SyntaxError('empty body');
        body = JSON.parse(text);
      } catch {
        return transportError(reply, 400, 'Parse error: the body is not valid JSON.', RpcCode.ParseError);
      }
      const answer = await runtime.handle(body, { request, source: mount.source, principal: principals.get(request) });
      return write(reply, runtime, answer, request.headers.accept);
    };

    const get = async (request: FastifyRequest, reply: FastifyReply) => {
      const { runtime } = runtimeOf(request);
      const accept = request.headers.accept ?? '';
      const profile = runtime.profile;
      if (accept.includes('text/event-stream')) {
        if (profile.getStream !== 'sse') {
          reply.header('allow', 'POST');
          return transportError(reply, 405, 'Method Not Allowed: this server does not offer a GET event stream.');
        }
        const limited = await runtime.rateLimit(request.ip, 1, null);
        if (limited) return write(reply, runtime, limited, undefined);
        return openStream(request, reply);
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

    const openStream = (request: FastifyRequest, reply: FastifyReply) => {
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
      streams.add(raw, keepaliveMs);
      request.raw.socket.setTimeout(0);
    };

    const other = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('allow', ALLOW);
      return transportError(reply, 405, 'Method Not Allowed: this server issues no sessions; use POST (or GET for the event stream).');
    };

    for (const runtime of options.runtimes) {
      for (const mount of runtime.profile.mounts) {
        // One config object per route: plugins (helmet) write into it.
        const config = (): RouteConfig => ({ mcp: { runtime, mount } });
        instance.route({
          method: 'POST',
          url: mount.path,
          bodyLimit: runtime.profile.bodyLimit,
          config: config(),
          // JSON-RPC answers carry no active content; the browser-facing GET keeps the headers.
          helmet: false,
          handler: post,
        } as never);
        instance.route({ method: 'GET', url: mount.path, exposeHeadRoute: false, config: config(), handler: get } as never);
        instance.route({
          method: ['DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'],
          url: mount.path,
          config: config(),
          handler: other,
        } as never);
      }
    }
  });
}
