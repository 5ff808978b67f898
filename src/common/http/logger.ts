import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import { safeError } from './safe-error.js';

/** A request as logged, by anyone: the path without its query string (tokens travel in query strings). */
function requestForLog(req: { method?: string; url?: string; id?: string }): { method?: string; path?: string; id?: string } {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return { method: req.method, path: q === -1 ? url : url.slice(0, q), id: req.id };
}

/** Fields a readable line folds into its message, or drops (the JSON lines keep all of them). */
const PRETTY_IGNORE = 'pid,hostname,service,context,reqId,method,path,status,durationMs';

/**
 * A line for a person at a terminal: `[Context] message`, and access lines as
 * `GET /path 200 3.1 ms (request id)`.
 */
export function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  if (log.method && log.path && log.status !== undefined) {
    const id = typeof log.reqId === 'string' ? ` · ${log.reqId.slice(0, 8)}` : '';
    return `${String(log.method)} ${String(log.path)} ${String(log.status)} ${String(log.durationMs ?? '')} ms${id}`;
  }
  return log.context ? `[${String(log.context)}] ${message}` : message;
}

/** The readable stream for a terminal (pino-pretty, in process). */
export function prettyStream(): DestinationStream {
  // Loaded only for a terminal (a server logging JSON lines never loads pino-pretty and its colour code).
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pinoPretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: PRETTY_IGNORE,
    messageFormat: prettyMessage,
    singleLine: true,
    sync: true,
  });
}

/**
 * One structured logger for Fastify and Nest: JSON lines, or readable lines when `destination` is
 * prettyStream() (main picks that on a terminal). Authorization, cookies, tokens and email fields are
 * redacted wherever they appear; requests are logged by path, without the query string; errors keep
 * no driver detail (statement, parameters, values). Written to stdout unless `destination` is given.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'agentry' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'token',
        'email',
        '*.token',
        '*.password',
        '*.secret',
        '*.credential',
        '*.access_token',
        '*.refresh_token',
        '*.email',
        '*.authorization',
        '*.cookie',
      ],
      censor: '[redacted]',
    },
    // pino's default serializer copies every field of an error: a driver error's query, parameters and
    // detail (emails, bodies, tokens) would reach the log.
    serializers: { err: safeError, error: safeError, req: requestForLog },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A log message; an Error handed over as the message goes through the same filter as `err`. */
function text(message: unknown): string {
  return message instanceof Error ? safeError(message).message : String(message);
}

/** Nest's boot chatter (every module loaded, every route mapped): debug, not info. */
const BOOT_DETAIL_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/** Routes Nest's own log lines (boot, errors) into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    if (context && BOOT_DETAIL_CONTEXTS.has(context)) this.logger.debug({ context }, text(message));
    else this.logger.info({ context }, text(message));
  }

  error(message: unknown, stackOrContext?: string, context?: string): void {
    const hasStack = context !== undefined;
    const where = { context: hasStack ? context : stackOrContext, stack: hasStack ? stackOrContext : undefined };
    this.logger.error(message instanceof Error ? { ...where, err: message } : where, text(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, text(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, text(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, text(message));
  }
}
