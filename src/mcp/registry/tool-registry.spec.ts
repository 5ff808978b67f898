import { describe, expect, it } from 'vitest';
import { defineResource, defineTool, type ToolDefinition } from './define-tool.js';
import { compileCatalog, createSchemaCompiler, describeSchemaFailure, ToolRegistryError } from './tool-registry.js';

class FakeService {}
const resolve = () => new FakeService();

function tool(overrides: Partial<ToolDefinition<FakeService>> = {}): ToolDefinition<FakeService> {
  return defineTool<FakeService>({
    name: 'sample_tool',
    title: 'Sample',
    description: 'A sample.',
    inputSchema: {
      type: 'object',
      properties: { q: { type: 'string', format: 'email' }, n: { type: 'integer' } },
      required: ['q'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, additionalProperties: false },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    service: FakeService,
    run: async () => ({ ok: true }),
    ...overrides,
  });
}

const compile = (tools: ToolDefinition<FakeService>[], resources = []) =>
  compileCatalog('test', tools, resources, createSchemaCompiler(), resolve);

describe('compileCatalog', () => {
  it('compiles tools once and builds the tools/list entries', () => {
    const sut = compile([tool()]);
    const compiled = sut.tools.get('sample_tool')!;
    expect(compiled.validateInput({ q: 'a@example.com' })).toBe(true);
    expect(compiled.validateInput({ q: 'not-an-email' })).toBe(false);
    expect(compiled.service).toBeInstanceOf(FakeService);
    expect(sut.toolList[0]).toMatchObject({ name: 'sample_tool', title: 'Sample', annotations: { readOnlyHint: true } });
  });

  it('stops on a duplicate tool name', () => {
    expect(() => compile([tool(), tool()])).toThrow(/duplicate tool name sample_tool/);
  });

  it.each([
    ['a root that is not an object', { type: 'array', additionalProperties: false }, /root must be/],
    ['an open schema', { type: 'object', properties: {} }, /must be closed/],
    [
      'an invalid keyword value',
      { type: 'object', properties: { q: { type: 'strng' } }, additionalProperties: false },
      /not a valid JSON Schema/,
    ],
    ['an unknown keyword (typo)', { type: 'object', requried: ['q'], additionalProperties: false }, /not a valid JSON Schema/],
  ])('stops on %s', (_label, schema, message) => {
    expect(() => compile([tool({ inputSchema: schema as never })])).toThrow(message);
    expect(() => compile([tool({ outputSchema: schema as never })])).toThrow(ToolRegistryError);
  });

  it('accepts a tool without outputSchema (a text-payload tool) and does not publish one', () => {
    const catalog = compile([tool({ outputSchema: undefined })]);
    expect(catalog.toolList[0]).not.toHaveProperty('outputSchema');
    expect(catalog.tools.get('sample_tool')!.validateOutput).toBeUndefined();
  });

  it('stops on bad names and unstated annotations', () => {
    expect(() => compile([tool({ name: 'has space' })])).toThrow(/invalid tool name/);
    expect(() => compile([tool({ name: 'x'.repeat(65) })])).toThrow(/invalid tool name/);
    expect(() => compile([tool({ annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true } as never })])).toThrow(
      /openWorldHint/,
    );
  });

  it('stops when the service cannot be resolved', () => {
    expect(() =>
      compileCatalog('test', [tool()], [], createSchemaCompiler(), () => {
        throw new Error('not found');
      }),
    ).toThrow(/not available/);
  });

  it('checks resources: unique URIs, ui:// views with the MCP Apps MIME type, unlisted views', () => {
    const view = defineResource({
      uri: 'ui://x/view.html',
      name: 'view',
      mimeType: 'text/html;profile=mcp-app',
      listed: false,
      read: () => '',
    });
    const doc = defineResource({ uri: 'docs://x/a', name: 'a', mimeType: 'text/markdown', read: () => '' });
    const sut = compileCatalog('test', [], [view, doc], createSchemaCompiler(), resolve);
    expect(sut.resourceList.map((r) => r.uri)).toEqual(['docs://x/a']);
    expect(sut.resources.size).toBe(2);
    expect(() => compileCatalog('test', [], [doc, doc], createSchemaCompiler(), resolve)).toThrow(/duplicate resource URI/);
    const wrong = defineResource({ uri: 'ui://x/bad.html', name: 'bad', mimeType: 'text/html', read: () => '' });
    expect(() => compileCatalog('test', [], [wrong], createSchemaCompiler(), resolve)).toThrow(/text\/html;profile=mcp-app/);
  });
});

describe('describeSchemaFailure', () => {
  const validate = compile([tool()]).tools.get('sample_tool')!.validateInput;
  it.each([
    [{}, 'q', /Missing required argument "q"/],
    [{ q: 'a@example.com', extra: 1 }, 'extra', /Unknown argument "extra"/],
    [{ q: 'a@example.com', n: 'x' }, 'n', /Invalid argument "n"/],
  ])('names the field for %j', (input, field, message) => {
    expect(validate(input)).toBe(false);
    const failure = describeSchemaFailure(validate.errors);
    expect(failure.field).toBe(field);
    expect(failure.message).toMatch(message);
  });
});
