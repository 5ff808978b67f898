import type { FastifyBaseLogger, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';

type ResponseHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Whether the configured level writes access lines (info and below). */
export function accessLogEnabled(config: AppConfig): boolean {
  return ['trace', 'debug', 'info'].includes(config.logLevel);
}

/**
 * The onResponse hook that writes one access line per request (request id once, method, path without
 * the query string, status, duration); undefined when the log level drops those lines, so no hook
 * runs at all. Callback style: it runs on every request, and a promise per hook is measurable.
 */
export function accessLogHook(config: AppConfig): ResponseHook | undefined {
  if (!accessLogEnabled(config)) return undefined;
  return (request, reply, done) => {
    // Fastify's per-request child logger already carries reqId; the MCP front's hot POST route
    // logs through the instance logger itself (no child), so only that line adds it.
    const reqId = request.log === request.server.log ? request.id : undefined;
    writeAccessLine(request.log, reqId, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  };
}

/** The access line itself (also written by the MCP front's raw JSON-RPC path, src/mcp/protocol/raw-post.ts). */
export function writeAccessLine(
  log: FastifyBaseLogger,
  reqId: string | undefined,
  method: string,
  url: string,
  status: number,
  elapsedMs: number,
): void {
  const q = url.indexOf('?');
  log.info(
    {
      ...(reqId === undefined ? {} : { reqId }),
      method,
      path: q === -1 ? url : url.slice(0, q),
      status,
      durationMs: Math.round(elapsedMs * 10) / 10,
    },
    'request completed',
  );
}
