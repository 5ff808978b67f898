import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import type { AppConfig } from '../../config/app-config.js';
import { OPENAPI_BASE_PLACEHOLDER, OPENAPI_DOCUMENT_FILE, openApiDocumentLive } from './openapi-file.js';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const routesByServer = new WeakMap<object, RegisteredRoute[]>();

/** Every route registered on this Fastify instance after registerOpenApi ran (Nest's and raw ones). */
export function registeredRoutes(fastify: FastifyInstance): readonly RegisteredRoute[] {
  return routesByServer.get(fastify) ?? [];
}

/** The build-time document (dist/openapi.json) as served: this deployment's PUBLIC_BASE_URL in place of the placeholder. */
export function readBuiltOpenApiDocument(file: string, publicBaseUrl: string): string {
  return readFileSync(file, 'utf8').replaceAll(OPENAPI_BASE_PLACEHOLDER, JSON.stringify(publicBaseUrl).slice(1, -1));
}

/**
 * Serves GET /openapi.json (public, readable cross-origin) and records the route table for the
 * completeness test. Call from configureApp, before the app is initialised. The document is the file
 * built at build time (read at the first request) or, when this process must build it itself
 * (openapi-file.ts), built once when the server becomes ready (after every module registered its routes).
 */
export function registerOpenApi(app: NestFastifyApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const routes: RegisteredRoute[] = [];
  routesByServer.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) routes.push({ method, url: route.url });
  });

  let document: string | undefined;
  let get: () => Promise<string>;
  if (openApiDocumentLive()) {
    get = async () => {
      const { buildOpenApiDocument } = await import('./openapi-document.js');
      return (document ??= JSON.stringify(buildOpenApiDocument(app, config)));
    };
    fastify.addHook('onReady', async () => {
      try {
        await get();
      } catch (error) {
        new Logger('OpenAPI').error(`The OpenAPI document could not be built: ${(error as Error).message}`);
      }
    });
  } else {
    const file = OPENAPI_DOCUMENT_FILE!;
    get = async () => (document ??= readBuiltOpenApiDocument(file, config.publicBaseUrl));
  }
  fastify.get('/openapi.json', async (_request, reply) => {
    const body = await get();
    return reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Cache-Control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(body);
  });
}
