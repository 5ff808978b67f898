// The building blocks controllers use to describe their operations in /openapi.json beyond what
// @nestjs/swagger derives from DTO classes: named component schemas written as JSON Schema, the
// shared error responses an operation really sends, and security schemes a feature contributes.
import { applyDecorators } from '@nestjs/common';
import type { DocumentBuilder } from '@nestjs/swagger';
import { ApiExtension, ApiOperation } from './swagger.js';

export type SecuritySchemeObject = Parameters<DocumentBuilder['addSecurity']>[1];

export type JsonSchema = Record<string, unknown>;
export interface SchemaRef {
  $ref: string;
}

const schemas = new Map<string, JsonSchema>();
const securitySchemes = new Map<string, (publicBaseUrl: string) => SecuritySchemeObject>();

/**
 * A named schema in `components.schemas` (written once, referenced everywhere): returns the `$ref`.
 * Objects are closed (`additionalProperties: false`) unless the schema says otherwise.
 */
export function apiSchema(name: string, schema: JsonSchema): SchemaRef {
  const known = schemas.get(name);
  if (known && JSON.stringify(known) !== JSON.stringify(schema)) throw new Error(`Two different OpenAPI schemas are named ${name}`);
  schemas.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

/** Every schema declared with {@link apiSchema} (the document builder adds them to its components). */
export function declaredSchemas(): ReadonlyMap<string, JsonSchema> {
  return schemas;
}

/** A security scheme a feature contributes (e.g. the broker's oauth2 flow), built from PUBLIC_BASE_URL. */
export function apiSecurityScheme(name: string, build: (publicBaseUrl: string) => SecuritySchemeObject): void {
  securitySchemes.set(name, build);
}

export function declaredSecuritySchemes(): ReadonlyMap<string, (publicBaseUrl: string) => SecuritySchemeObject> {
  return securitySchemes;
}

// ---- compact JSON Schema helpers (OpenAPI 3.1 = JSON Schema 2020-12)

export const str = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const int = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
export const num = (extra: JsonSchema = {}): JsonSchema => ({ type: 'number', ...extra });
export const bool = (extra: JsonSchema = {}): JsonSchema => ({ type: 'boolean', ...extra });
export const uuid = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', format: 'uuid', ...extra });
export const dateTime = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', format: 'date-time', ...extra });
export const arr = (items: JsonSchema | SchemaRef, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });
export const enumOf = (values: readonly string[], extra: JsonSchema = {}): JsonSchema => ({ type: 'string', enum: [...values], ...extra });
/** `T | null` */
export function nullable(schema: JsonSchema | SchemaRef): JsonSchema {
  if ('$ref' in schema) return { anyOf: [schema, { type: 'null' }] };
  const type = schema.type;
  if (typeof type === 'string') {
    const out: JsonSchema = { ...schema, type: [type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...(schema.enum as unknown[]), null];
    return out;
  }
  return { anyOf: [schema, { type: 'null' }] };
}
/** A string-keyed map of one value type. */
export const mapOf = (values: JsonSchema | SchemaRef, extra: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  additionalProperties: values,
  ...extra,
});

/**
 * A closed object: every key in `required` must be present; `optional` keys may be.
 * `obj({ id: uuid() }, { optional: { note: str() } })`
 */
export function obj(
  required: Record<string, JsonSchema | SchemaRef>,
  options: { optional?: Record<string, JsonSchema | SchemaRef>; description?: string; open?: boolean } = {},
): JsonSchema {
  const out: JsonSchema = {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties: { ...required, ...(options.optional ?? {}) },
    required: Object.keys(required),
    additionalProperties: options.open === true,
  };
  if (!Object.keys(required).length) delete out.required;
  return out;
}

// ---- operation decorators

/** The statuses of the shared error responses in `components.responses`. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

export const ERROR_EXTENSION_PREFIX = 'x-agentry-error-';

/**
 * Attaches the shared error responses (`#/components/responses/…`) the operation really sends. On a
 * class it applies to every handler; a response the operation documents itself (with its own
 * content) wins.
 */
export function ApiErrors(...statuses: ApiErrorStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiExtension(`${ERROR_EXTENSION_PREFIX}${status}`, true)));
}

/** `@ApiOperation` with the fields the contract requires: a stable camelCase operationId, a summary and a description. */
export function ApiOp(operationId: string, summary: string, description: string, extra: { deprecated?: boolean } = {}): MethodDecorator {
  return ApiOperation({ operationId, summary, description, ...extra });
}
