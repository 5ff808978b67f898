// A test-only MCP server mounted next to the real ones (through MCP_EXTRA_PROFILES), so the protocol
// tests do not depend on the feature tools other modules register.
import { SiteLinks } from '../../../src/common/http/site-links.js';
import { AppError } from '../../../src/common/errors/app-error.js';
import { MCP_EXTRA_PROFILES } from '../../../src/mcp/endpoints/profile.js';
import type { McpProfile } from '../../../src/mcp/protocol/server-profile.js';
import { LEGACY_REVISIONS, MODERN_REVISIONS } from '../../../src/mcp/protocol/revisions.js';
import { defineResource, defineTool } from '../../../src/mcp/registry/define-tool.js';
import type { TestingModuleBuilder } from '@nestjs/testing';
import { MCP_POST_HEADERS } from '../../support/json-rpc.js';

export const FIXTURE_PATH = '/mcp/_fixture';
export const FIXTURE_ALIAS = '/mcp/_fixture/alt';
export const FIXTURE_BODY_LIMIT = 4096;
export const FIXTURE_MAX_BATCH = 3;

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const echoTool = defineTool<SiteLinks, { text: string; count?: number }, { text: string; count: number }>({
  name: 'echo',
  title: 'Echo',
  description: 'Returns its input.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', minLength: 1 }, count: { type: 'integer', minimum: 1 } },
    required: ['text'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { text: { type: 'string' }, count: { type: 'integer' } },
    required: ['text', 'count'],
    additionalProperties: false,
  },
  annotations: readOnly,
  service: SiteLinks,
  testInput: { text: 'hello' },
  // Synchronous on purpose: the engine answers tools that return at once without a promise.
  run: (_links, input) => ({ text: input.text, count: input.count ?? 1 }),
});

export const contextTool = defineTool<SiteLinks, Record<string, never>, Record<string, unknown>>({
  name: 'context',
  title: 'Context',
  description: 'Reports what the engine told the tool about the request, and sets a response header.',
  inputSchema: { type: 'object', additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: {
      server: { type: 'string' },
      source: { type: 'string' },
      era: { type: 'string' },
      protocolVersion: { type: 'string' },
      ip: { type: 'string' },
    },
    required: ['server', 'source', 'era', 'protocolVersion', 'ip'],
    additionalProperties: false,
  },
  annotations: readOnly,
  service: SiteLinks,
  testInput: {},
  run: async (_links, _input, ctx) => {
    ctx.setHeader('X-Fixture-Header', 'set-by-tool');
    return { server: ctx.server, source: ctx.source, era: ctx.era, protocolVersion: ctx.protocolVersion, ip: ctx.ip };
  },
});

function failure(mode: string): never {
  switch (mode) {
    case 'not_found':
      throw new AppError('member_not_found', 'No such member.', { status: 404, details: { query: 'x' } });
    case 'rate_limited':
      throw new AppError('rate_limited', 'Registration budget exhausted; retry later.', {
        status: 429,
        headers: { 'Retry-After': '7', 'RateLimit-Policy': '2;w=60' },
        details: { budget: 'register' },
      });
    case 'database':
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    default:
      throw new Error('internal detail that must not leak');
  }
}

export const failTool = defineTool<SiteLinks, { mode: string; sync?: boolean }, Record<string, never>>({
  name: 'fail',
  title: 'Fail',
  description: 'Fails in the requested way: by a rejected promise, or by throwing synchronously with sync: true.',
  inputSchema: {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: ['not_found', 'rate_limited', 'database', 'crash'] },
      sync: { type: 'boolean' },
    },
    required: ['mode'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', additionalProperties: false },
  annotations: readOnly,
  service: SiteLinks,
  run: (_links, input) => (input.sync ? failure(input.mode) : Promise.resolve().then(() => failure(input.mode))),
});

/**
 * What `snapshot` and `live` answer. `snapshot` declares memoizeResult: tests replace its answer
 * object (never mutate it) to change the answer, as a service caching its answer does. `live`
 * declares nothing: tests mutate its object in place.
 */
/** A snapshot answer: a string, and optionally nested data (the engine freezes that too). */
export interface SnapshotAnswer {
  value: string;
  nested?: { list: number[] };
}

export const snapshotState: { current: SnapshotAnswer; mutable: SnapshotAnswer } = {
  current: { value: 'first "quoted" \\ answer' },
  mutable: { value: 'plain' },
};

const valueOutput = {
  type: 'object',
  properties: { value: { type: 'string' }, nested: { type: 'object' } },
  required: ['value'],
  additionalProperties: false,
} as const;

export const snapshotTool = defineTool<SiteLinks, Record<string, never>, SnapshotAnswer>({
  name: 'snapshot',
  title: 'Snapshot',
  description: 'Returns the current snapshot answer (the same object until it changes).',
  inputSchema: { type: 'object', additionalProperties: false },
  outputSchema: valueOutput,
  annotations: readOnly,
  service: SiteLinks,
  testInput: {},
  memoizeResult: true,
  run: () => snapshotState.current,
});

export const liveTool = defineTool<SiteLinks, Record<string, never>, SnapshotAnswer>({
  name: 'live',
  title: 'Live',
  description: 'Returns the live answer, an object changed in place.',
  inputSchema: { type: 'object', additionalProperties: false },
  outputSchema: valueOutput,
  annotations: readOnly,
  service: SiteLinks,
  testInput: {},
  run: () => snapshotState.mutable,
});

export const fixtureResources = [
  defineResource({
    uri: 'fixture://readme',
    name: 'readme',
    title: 'Fixture readme',
    mimeType: 'text/markdown',
    read: () => '# Fixture\n',
  }),
  defineResource({
    uri: 'ui://fixture/view.html',
    name: 'view',
    mimeType: 'text/html;profile=mcp-app',
    listed: false,
    _meta: { ui: { prefersBorder: true } },
    read: () => '<!doctype html><html><body>view</body></html>',
  }),
];

export function fixtureProfile(overrides: Partial<McpProfile> = {}): McpProfile {
  return {
    name: 'fixture',
    mounts: [
      { path: FIXTURE_PATH, source: 'mcp' },
      { path: FIXTURE_ALIAS, source: 'chatgpt' },
    ],
    modernRevisions: [...MODERN_REVISIONS],
    legacyRevisions: [...LEGACY_REVISIONS],
    maxBatch: FIXTURE_MAX_BATCH,
    getStream: 'sse',
    bodyLimit: FIXTURE_BODY_LIMIT,
    allowMissingContentType: false,
    strictAccept: false,
    serverInfo: { name: 'fixture', version: '9.9.9' },
    instructions: 'Fixture server for protocol tests.',
    advertise: false,
    auth: { type: 'none' },
    tools: [echoTool, contextTool, failTool, snapshotTool, liveTool],
    resources: fixtureResources,
    ...overrides,
  };
}

/** createTestApp override that mounts the fixture server(s). */
export function withFixture(profiles: McpProfile[] = [fixtureProfile()]) {
  return (builder: TestingModuleBuilder) => builder.overrideProvider(MCP_EXTRA_PROFILES).useValue(profiles);
}

export const MODERN = '2026-07-28';

export const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'e2e', version: '1.0.0' },
};

/** Headers of a well-formed modern request. */
export function modernHeaders(method: string, name?: string): Record<string, string> {
  const h: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
  };
  if (name !== undefined) h['mcp-name'] = name;
  return h;
}

export const legacyHeaders = MCP_POST_HEADERS;

export const initializeParams = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'e2e', version: '1.0.0' },
};
