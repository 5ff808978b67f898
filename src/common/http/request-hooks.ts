import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
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
    const url = request.url;
    const q = url.indexOf('?');
    // Fastify's per-request child logger already carries reqId; the MCP front's hot POST route
    // logs through the instance logger itself (no child), so only that line adds it.
    request.log.info(
      {
        ...(request.log === request.server.log ? { reqId: request.id } : {}),
        method: request.method,
        path: q === -1 ? url : url.slice(0, q),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  };
}
