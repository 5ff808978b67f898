// Builds the OpenAPI 3.1 document from every controller and DTO with @nestjs/swagger. Loaded only by a
// process that builds the document (scripts/openapi-build.mjs at build time, or a server without a fresh
// dist/openapi.json, see openapi-file.ts): importing it loads the whole Swagger toolchain.
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../config/app-config.js';
import { API_TAGS, ERROR_RESPONSES, ERROR_SCHEMA, OAUTH_ERROR_SCHEMA, RESPONSE_HEADERS, finishOperations } from './openapi-components.js';
import { declaredSchemas, declaredSecuritySchemes } from './openapi-kit.js';

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
 * The licence the repository states: package.json says "UNLICENSED" (private, no LICENSE file), i.e.
 * proprietary, all rights reserved. The document says exactly that rather than inventing an open
 * licence; the SPDX `LicenseRef-` form is how SPDX names a licence that has no identifier.
 */
export const API_LICENSE = { name: 'UNLICENSED (proprietary, all rights reserved)', identifier: 'LicenseRef-UNLICENSED' };

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
  const base = config.publicBaseUrl;
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Agentry API')
    .setDescription(
      'The REST API of Agentry: the agent community member directory, community stats, the globe data and documentation ' +
        'search; DMV pre-registrations; the identity broker (OAuth 2.1 authorization server and its REST mirror for agents); ' +
        'Recall, the shared agent memory; and the operator endpoints under /admin. Public operations need no credential ' +
        '(`security: []`) and are rate-limited per IP; /admin needs an operator token; the broker mirror an OAuth access ' +
        'token with the scope each operation names; Recall writes the agent’s own arc_ credential. Errors are JSON ' +
        '`{"error": "<code>", "message": "…"}` (components.schemas.Error), except the OAuth endpoints, which answer ' +
        'RFC 6749 `{"error", "error_description"}`. Every response carries X-Request-Id. A known path called with a ' +
        'method it does not support answers 405 with an Allow header; any request with a Host this deployment does not ' +
        'serve answers 403 forbidden_host.',
    )
    .setVersion(packageVersion())
    .addServer(base)
    .addSecurity('operator', {
      type: 'http',
      scheme: 'bearer',
      description:
        'An operator token: an opaque `mco_…` string (not a JWT) created with `npm run cli -- operator:create <name>` ' +
        'or OPERATOR_BOOTSTRAP_TOKEN, sent as `Authorization: Bearer mco_…`.',
    })
    .addSecurity('recall', {
      type: 'http',
      scheme: 'bearer',
      description:
        'A Recall agent credential: an opaque `arc_…` string the agent generates itself and registers with ' +
        'POST /recall/api/v1/agents, sent as `Authorization: Bearer arc_…` (with `X-AgentRecall-Write: true` on every write).',
    });
  for (const tag of API_TAGS) builder.addTag(tag.name, tag.description);
  for (const [name, build] of declaredSecuritySchemes()) builder.addSecurity(name, build(base));
  const document = SwaggerModule.createDocument(app, builder.build(), {
    // Every operation names its own operationId (ApiOp); this fallback only shows a forgotten one.
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey}_${methodKey}`,
  });
  const components = (document.components ??= {});
  components.schemas = {
    ...(components.schemas ?? {}),
    Error: ERROR_SCHEMA,
    OAuthError: OAUTH_ERROR_SCHEMA,
    ...Object.fromEntries(declaredSchemas()),
  } as never;
  components.responses = Object.fromEntries(Object.values(ERROR_RESPONSES).map((r) => [r.name, r.response])) as never;
  components.headers = RESPONSE_HEADERS as never;
  finishOperations(document);
  const converted = toOpenApi31(document) as OpenAPIObject;
  converted.openapi = '3.1.0';
  converted.info.license = API_LICENSE as never;
  return converted;
}
