// The official TypeScript SDK clients connect the way real users do: @modelcontextprotocol/sdk 1.32
// (legacy initialize handshake) and @modelcontextprotocol/client 2.4 with version negotiation
// 'auto' and pinned to 2026-07-28 (modern). Each connects to every mounted server that serves its
// era, lists tools and resources, reads a resource and calls every tool that states a testInput.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHost } from '../../../src/mcp/mcp-host.service.js';
import type { McpServerRuntime } from '../../../src/mcp/protocol/engine.js';
import { connectSdk1, connectSdk2 } from '../../support/mcp-clients.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { FIXTURE_PATH, MODERN, withFixture } from './fixtures.js';
import { postJsonRpc, rpcRequest } from '../../support/json-rpc.js';

interface Target {
  server: string;
  path: string;
}

const targets: Target[] = [
  { server: 'community', path: '/mcp' },
  { server: 'community', path: '/mcp/chatgpt' },
  { server: 'docs', path: '/mcp/docs' },
  { server: 'recall', path: '/recall/mcp' },
  { server: 'fixture', path: FIXTURE_PATH },
];

interface ToolLike {
  name: string;
  outputSchema?: unknown;
}

interface AnyClient {
  listTools(): Promise<{ tools: ToolLike[] }>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string }[] }>;
  readResource(p: { uri: string }): Promise<{ contents: { uri: string; text?: string }[] }>;
  callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  getServerCapabilities(): { resources?: unknown; tools?: unknown } | undefined;
  close(): Promise<void>;
}

/** What every client must manage on every server it connects to. */
async function exercise(client: AnyClient, runtime: McpServerRuntime): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual([...runtime.catalog.tools.keys()]);
  const capabilities = client.getServerCapabilities();
  expect(capabilities?.tools).toEqual({});
  if (runtime.hasResources) {
    expect(capabilities?.resources).toEqual({});
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(runtime.catalog.resourceList.map((r) => r.uri));
    const first = resources[0] ?? { uri: [...runtime.catalog.resources.keys()][0] };
    const read = await client.readResource({ uri: first.uri });
    expect(read.contents[0].uri).toBe(first.uri);
    expect(typeof read.contents[0].text).toBe('string');
  } else {
    expect(capabilities?.resources).toBeUndefined();
  }
  for (const [name, tool] of runtime.catalog.tools) {
    if (tool.definition.testInput === undefined) continue;
    const result = (await client.callTool({ name, arguments: tool.definition.testInput as Record<string, unknown> })) as {
      isError?: boolean;
      structuredContent?: unknown;
      content: { type: string; text: string }[];
    };
    expect(result.isError ?? false, `${name}: ${JSON.stringify(result.content)}`).toBe(false);
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  }
}

describe('official SDK clients against every mounted server', () => {
  let t: TestApp;
  let host: McpHost;
  beforeAll(async () => {
    t = await createTestApp({ override: withFixture(), env: { RATE_LIMIT_GENERAL: 'off' } });
    host = t.app.get(McpHost);
  });
  afterAll(() => t?.close());

  const runtimeOf = (server: string): McpServerRuntime => {
    const runtime = host.runtime(server);
    if (!runtime) throw new Error(`no runtime ${server}`);
    return runtime;
  };

  for (const target of targets) {
    describe(`${target.path}`, () => {
      it('@modelcontextprotocol/sdk 1.32 (legacy handshake)', async () => {
        const runtime = runtimeOf(target.server);
        const { client, transport } = await connectSdk1(`${t.url}${target.path}`, { name: 'sdk1-e2e' });
        try {
          expect(client.getServerVersion()?.name).toBe(runtime.profile.serverInfo.name);
          expect(transport.sessionId).toBeUndefined();
          expect(runtime.legacy.has(transport.protocolVersion ?? '')).toBe(true);
          await exercise(client as unknown as AnyClient, runtime);
          await client.ping();
        } finally {
          await client.close();
        }
      });

      it("@modelcontextprotocol/client 2.4 with versionNegotiation 'auto'", async () => {
        const runtime = runtimeOf(target.server);
        const { client } = await connectSdk2(`${t.url}${target.path}`, { name: 'sdk2-auto-e2e', versionNegotiation: { mode: 'auto' } });
        try {
          if (runtime.servesModern) {
            expect(client.getProtocolEra()).toBe('modern');
            expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
            expect(client.getDiscoverResult()?.supportedVersions).toEqual([MODERN]);
          } else {
            // Legacy-only servers answer the server/discover probe with -32601, so the client falls back.
            expect(client.getProtocolEra()).toBe('legacy');
            expect(runtime.legacy.has(client.getNegotiatedProtocolVersion() ?? '')).toBe(true);
          }
          expect(client.getServerVersion()?.name).toBe(runtime.profile.serverInfo.name);
          await exercise(client as unknown as AnyClient, runtime);
        } finally {
          await client.close();
        }
      });

      it('@modelcontextprotocol/client 2.4 pinned to 2026-07-28', async () => {
        const runtime = runtimeOf(target.server);
        const connecting = connectSdk2(`${t.url}${target.path}`, { name: 'sdk2-pin-e2e', versionNegotiation: { mode: { pin: MODERN } } });
        if (!runtime.servesModern) {
          await expect(connecting).rejects.toThrow(); // the failed connect closed the client
          return;
        }
        const { client } = await connecting;
        try {
          expect(client.getProtocolEra()).toBe('modern');
          expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
          await exercise(client as unknown as AnyClient, runtime);
        } finally {
          await client.close();
        }
      });
    });
  }

  it('the broker endpoint refuses the SDK without a token with 401 and a bearer challenge', async () => {
    await expect(connectSdk1(`${t.url}/broker/mcp`, { name: 'sdk1-e2e' })).rejects.toThrow();
    const res = await postJsonRpc(`${t.url}/broker/mcp`, rpcRequest('tools/list'));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${t.config.publicBaseUrl}/.well-known/oauth-protected-resource/broker/mcp", scope="identity:read"`,
    );
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
  });
});
