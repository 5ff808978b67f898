import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { Type } from '@nestjs/common';
import type { ObjectSchema, ResourceDefinition, ToolDefinition } from './define-tool.js';

/** The MIME type MCP Apps hosts require on `ui://` resources. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

const TOOL_NAME = /^[A-Za-z0-9_./-]{1,64}$/;
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((formatsModule as unknown as { default?: AddFormats }).default ??
  (formatsModule as unknown as AddFormats)) as AddFormats;

/** A registration problem that must stop boot (duplicate name, invalid schema, …). */
export class ToolRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolRegistryError';
  }
}

export interface CompiledTool {
  definition: ToolDefinition<any, any, any>;
  validateInput: ValidateFunction;
  /** Absent for tools that answer with a text JSON payload only. */
  validateOutput?: ValidateFunction;
  service: unknown;
}

export interface CompiledResource {
  definition: ResourceDefinition<any>;
  service: unknown;
}

/** A server's tools and resources, checked and compiled once at boot. */
export interface Catalog {
  tools: Map<string, CompiledTool>;
  /** tools/list entries, in registration order. */
  toolList: Record<string, unknown>[];
  resources: Map<string, CompiledResource>;
  /** resources/list entries (resources with `listed !== false`). */
  resourceList: Record<string, unknown>[];
}

/** One Ajv (JSON Schema 2020-12 + formats) for every tool schema. */
export function createSchemaCompiler(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allErrors: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  // The 2026-07-28 header-mirroring annotation may appear in input schemas.
  ajv.addKeyword({ keyword: 'x-mcp-header', schemaType: ['string', 'boolean'] });
  return ajv;
}

function checkObjectSchema(tool: string, which: string, schema: ObjectSchema | undefined): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new ToolRegistryError(`Tool ${tool}: ${which} is missing`);
  }
  if (schema.type !== 'object') throw new ToolRegistryError(`Tool ${tool}: ${which} root must be "type": "object"`);
  if (schema.additionalProperties !== false) {
    throw new ToolRegistryError(`Tool ${tool}: ${which} must be closed ("additionalProperties": false)`);
  }
}

function compile(ajv: Ajv2020, tool: string, which: string, schema: ObjectSchema): ValidateFunction {
  try {
    return ajv.compile(schema);
  } catch (error) {
    throw new ToolRegistryError(`Tool ${tool}: ${which} is not a valid JSON Schema 2020-12: ${(error as Error).message}`);
  }
}

/**
 * Checks and compiles a server's tools and resources. Throws ToolRegistryError (which stops boot)
 * on a duplicate tool name or resource URI, an invalid or open schema, a bad name, missing
 * annotations, or a `ui://` resource with the wrong MIME type.
 */
export function compileCatalog(
  server: string,
  tools: readonly ToolDefinition<any, any, any>[],
  resources: readonly ResourceDefinition<any>[],
  ajv: Ajv2020,
  resolve: (type: Type<unknown>) => unknown,
): Catalog {
  const catalog: Catalog = { tools: new Map(), toolList: [], resources: new Map(), resourceList: [] };
  for (const definition of tools) {
    const name = definition?.name;
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
      throw new ToolRegistryError(`Server ${server}: invalid tool name ${JSON.stringify(name)} (1-64 of [A-Za-z0-9_./-])`);
    }
    if (catalog.tools.has(name)) throw new ToolRegistryError(`Server ${server}: duplicate tool name ${name}`);
    if (!definition.title || !definition.description) {
      throw new ToolRegistryError(`Tool ${name}: title and description are required`);
    }
    for (const hint of HINTS) {
      if (typeof definition.annotations?.[hint] !== 'boolean') {
        throw new ToolRegistryError(`Tool ${name}: annotations.${hint} must be stated (true or false)`);
      }
    }
    checkObjectSchema(name, 'inputSchema', definition.inputSchema);
    if (definition.outputSchema !== undefined) checkObjectSchema(name, 'outputSchema', definition.outputSchema);
    const validateInput = compile(ajv, name, 'inputSchema', definition.inputSchema);
    const validateOutput = definition.outputSchema === undefined ? undefined : compile(ajv, name, 'outputSchema', definition.outputSchema);
    if (typeof definition.run !== 'function' || typeof definition.service !== 'function') {
      throw new ToolRegistryError(`Tool ${name}: service and run are required`);
    }
    let service: unknown;
    try {
      service = resolve(definition.service);
    } catch (error) {
      throw new ToolRegistryError(
        `Tool ${name}: its service ${definition.service.name} is not available to McpModule (${(error as Error).message})`,
      );
    }
    catalog.tools.set(name, { definition, validateInput, validateOutput, service });
    const entry: Record<string, unknown> = {
      name,
      title: definition.title,
      description: definition.description,
      inputSchema: definition.inputSchema,
      ...(definition.outputSchema ? { outputSchema: definition.outputSchema } : {}),
      annotations: { title: definition.title, ...definition.annotations },
    };
    if (definition._meta) entry._meta = definition._meta;
    catalog.toolList.push(entry);
  }

  for (const definition of resources) {
    const uri = definition?.uri;
    if (typeof uri !== 'string' || !/^[a-z][a-z0-9+.-]*:/i.test(uri)) {
      throw new ToolRegistryError(`Server ${server}: invalid resource URI ${JSON.stringify(uri)}`);
    }
    if (catalog.resources.has(uri)) throw new ToolRegistryError(`Server ${server}: duplicate resource URI ${uri}`);
    if (!definition.name) throw new ToolRegistryError(`Resource ${uri}: name is required`);
    if (uri.startsWith('ui://') && definition.mimeType !== MCP_APP_MIME_TYPE) {
      throw new ToolRegistryError(`Resource ${uri}: ui:// resources must have mimeType ${MCP_APP_MIME_TYPE}`);
    }
    let service: unknown;
    if (definition.service) {
      try {
        service = resolve(definition.service);
      } catch (error) {
        throw new ToolRegistryError(`Resource ${uri}: its service is not available (${(error as Error).message})`);
      }
    }
    catalog.resources.set(uri, { definition, service });
    if (definition.listed === false) continue;
    const entry: Record<string, unknown> = { uri, name: definition.name };
    if (definition.title) entry.title = definition.title;
    if (definition.description) entry.description = definition.description;
    entry.mimeType = definition.mimeType;
    if (definition._meta) entry._meta = definition._meta;
    catalog.resourceList.push(entry);
  }
  return catalog;
}

/** The first schema failure as `{ field, message }`, naming the offending argument. */
export function describeSchemaFailure(errors: ErrorObject[] | null | undefined): { field: string; message: string } {
  const e = errors?.[0];
  if (!e) return { field: '(arguments)', message: 'The arguments do not match the input schema.' };
  let path = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  if (e.keyword === 'required' && params.missingProperty) path = [...path, params.missingProperty];
  if (e.keyword === 'additionalProperties' && params.additionalProperty) path = [...path, params.additionalProperty];
  const field = path.length ? path.join('.') : '(arguments)';
  let message: string;
  if (e.keyword === 'required') message = `Missing required argument "${field}".`;
  else if (e.keyword === 'additionalProperties') message = `Unknown argument "${field}".`;
  else message = `Invalid argument "${field}": ${e.message ?? 'does not match the schema'}.`;
  return { field, message };
}
