import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { registeredRoutes } from './openapi.js';

/** `/api/v1/members/:slug` → a regular expression matching the concrete paths of that route. */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * A request that matched no route but whose path is served with other methods answers 405 with an
 * Allow header (RFC 9110 §15.5.6) instead of 404: the error goes through the global exception filter
 * like every other (the JSON error body, or the error page for browsers).
 */
export function registerMethodNotAllowed(fastify: FastifyInstance): void {
  let table: Array<{ pattern: RegExp; methods: Set<string> }> | undefined;
  const build = () => {
    const byUrl = new Map<string, Set<string>>();
    for (const route of registeredRoutes(fastify)) {
      if (!byUrl.has(route.url)) byUrl.set(route.url, new Set());
      byUrl.get(route.url)!.add(route.method.toUpperCase());
    }
    return [...byUrl].map(([url, methods]) => ({ pattern: routePattern(url), methods }));
  };
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!request.is404) {
      done();
      return;
    }
    table ??= build();
    const path = request.url.split('?')[0];
    const allowed = new Set<string>();
    for (const route of table) if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m);
    if (allowed.size === 0 || allowed.has(request.method)) {
      done();
      return;
    }
    const allow = [...allowed].sort().join(', ');
    done(
      new AppError('method_not_allowed', `${request.method} is not supported on ${path.slice(0, 200)}; use ${allow}.`, {
        headers: { Allow: allow },
      }),
    );
  });
}
