import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { sendAppError } from '../errors/send-app-error.js';

/** Every route reads at most this much (Fastify's server-wide bodyLimit); a route may declare more. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** HTML form posts. */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** Media types beyond JSON that only routes declaring them accept (their parsers never run elsewhere). */
const SCOPED_MEDIA_TYPES = new Set(['application/x-ndjson', FORM_MEDIA_TYPE]);

export interface RouteBodyPolicy {
  /** Bytes this route reads at most (instead of {@link DEFAULT_BODY_LIMIT}). */
  bodyLimit?: number;
  /** Scoped media types (e.g. `application/x-ndjson`) this route accepts besides JSON. */
  accepts?: string[];
}

/** Declares a route's body policy; see {@link registerBodyPolicies}. */
export const BodyPolicy = (policy: RouteBodyPolicy): MethodDecorator => RouteConfig({ body: policy });

function mediaType(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  if (typeof header !== 'string') return undefined;
  const semicolon = header.indexOf(';');
  return (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * Scopes body parsing to the routes that need it. A route's declared limit becomes its own Fastify
 * `bodyLimit` (so a Content-Length above it is refused before a byte is read), and a scoped media type sent
 * to a route that does not accept it is refused with 415 in onRequest, before the body is read. Must run
 * before the application registers its routes (Nest does that in init()).
 */
export function registerBodyPolicies(fastify: FastifyInstance): void {
  // Form posts are parsed by the adapter's own urlencoded parser (a plain object of their fields); only
  // routes that accept them get that far.
  fastify.addHook('onRoute', (route) => {
    const policy = (route.config as { body?: RouteBodyPolicy } | undefined)?.body;
    if (policy?.bodyLimit) route.bodyLimit = policy.bodyLimit;
  });
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const type = mediaType(request);
    if (type === undefined || !SCOPED_MEDIA_TYPES.has(type)) {
      done();
      return;
    }
    const policy = (request.routeOptions.config as { body?: RouteBodyPolicy } | undefined)?.body;
    if (policy?.accepts?.includes(type)) {
      done();
      return;
    }
    sendAppError(reply, new AppError('unsupported_media_type', `This route does not accept ${type}; send application/json.`), request);
  });
}
