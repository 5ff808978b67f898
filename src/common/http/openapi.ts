import { Logger, type INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../config/app-config.js';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const routesByServer = new WeakMap<object, RegisteredRoute[]>();

/** Every route registered on this Fastify instance after registerOpenApi ran (Nest's and raw ones). */
export function registeredRoutes(fastify: FastifyInstance): readonly RegisteredRoute[] {
  return routesByServer.get(fastify) ?? [];
}

function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
    const parent = path.dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}

type Json = Record<string, unknown>;

/**
 * OpenAPI 3.0 → 3.1 where @nestjs/swagger still speaks 3.0: `nullable: true` becomes a `null`
 * member of the type (or an `anyOf` with `{type: 'null'}` for references).
 */
export function toOpenApi31(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi31);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = toOpenApi31(value);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    } else if (Array.isArray(out.type)) {
      if (!out.type.includes('null')) out.type = [...out.type, 'null'];
    } else if (typeof out.$ref === 'string' || Array.isArray(out.allOf)) {
      const target = typeof out.$ref === 'string' ? { $ref: out.$ref } : { allOf: out.allOf };
      delete out.$ref;
      delete out.allOf;
      out.anyOf = [target, { type: 'null' }];
    }
  } else if (out.nullable === false) {
    delete out.nullable;
  }
  return out;
}

/** Builds the OpenAPI 3.1 document from every controller and DTO (call after the app is initialised). */
export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const base = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Agentry API')
    .setDescription(
      'The public REST API of Agentry: the agent community member directory, community stats, the globe data and ' +
        'documentation search, plus the other public modules. Public endpoints need no key and are rate-limited per IP; ' +
        'operator endpoints under /admin need an operator bearer token. Errors are JSON: {"error": "<code>", "message": "…"}.',
    )
    .setVersion(packageVersion())
    .addServer(config.publicBaseUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An operator token (mco_…).' }, 'operator')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description: 'An OAuth 2.1 access token (mca_…) from the identity broker: see /.well-known/oauth-authorization-server.',
      },
      'oauth',
    )
    .build();
  const document = SwaggerModule.createDocument(app, base);
  const converted = toOpenApi31(document) as OpenAPIObject;
  converted.openapi = '3.1.0';
  return converted;
}

/**
 * Serves GET /openapi.json (public, readable cross-origin) and records the route table for the
 * completeness test. Call from configureApp, before the app is initialised; the document itself is
 * built once, when the server becomes ready (after every module has registered its routes).
 */
export function registerOpenApi(app: NestFastifyApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const routes: RegisteredRoute[] = [];
  routesByServer.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) routes.push({ method, url: route.url });
  });

  let document: OpenAPIObject | undefined;
  const get = (): OpenAPIObject => (document ??= buildOpenApiDocument(app, config));
  fastify.addHook('onReady', async () => {
    try {
      get();
    } catch (error) {
      new Logger('OpenAPI').error(`The OpenAPI document could not be built: ${(error as Error).message}`);
    }
  });
  fastify.get('/openapi.json', async (_request, reply) => {
    void reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Cache-Control', 'public, max-age=300')
      .type('application/json; charset=utf-8');
    return get();
  });
}
