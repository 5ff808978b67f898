import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import { safeError } from './safe-error.js';

/** A request as logged, by anyone: the path without its query string (tokens travel in query strings). */
function requestForLog(req: { method?: string; url?: string; id?: string }): { method?: string; path?: string; id?: string } {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return { method: req.method, path: q === -1 ? url : url.slice(0, q), id: req.id };
}

/**
 * One structured JSON logger for Fastify and Nest. Authorization, cookies, tokens and email fields are
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

/** Routes Nest's own log lines (boot, errors) into pino as JSON. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, text(message));
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
