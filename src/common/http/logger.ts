import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { safeError } from './safe-error.js';

/**
 * One structured JSON logger for Fastify and Nest. Authorization, cookies and tokens are redacted
 * wherever they appear; request logs carry the path without its query string.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'agentry' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.token',
        '*.password',
        '*.secret',
        '*.credential',
        '*.access_token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
    // pino's default serializer copies every field of an error: a driver error's query, parameters and
    // detail (emails, bodies, tokens) would reach the log.
    serializers: { err: safeError, error: safeError },
  });
}

/** Routes Nest's own log lines (boot, errors) into pino as JSON. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }

  error(message: unknown, stackOrContext?: string, context?: string): void {
    const hasStack = context !== undefined;
    this.logger.error({ context: hasStack ? context : stackOrContext, stack: hasStack ? stackOrContext : undefined }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
