// Walks every tool registered on every real server: the published definition is well-formed, and
// every tool that states a testInput succeeds in both eras with output that matches its own
// outputSchema and the structuredContent/text invariant.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHost } from '../../../src/mcp/mcp-host.service.js';
import { brokerProfile } from '../../../src/mcp/endpoints/broker.profile.js';
import { communityProfile } from '../../../src/mcp/endpoints/community.profile.js';
import { docsProfile } from '../../../src/mcp/endpoints/docs.profile.js';
import { recallProfile } from '../../../src/mcp/endpoints/recall.profile.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { legacyHeaders, modernHeaders, modernMeta } from './fixtures.js';
import { send, type Send } from '../../support/json-rpc.js';

const servers = [communityProfile(), docsProfile(), recallProfile()];

/** The published catalog of every server, by name: tools in tools/list order, resources as a set (no server has prompts). */
const CATALOG: Record<string, { tools: string[]; resources: string[] }> = {
  community: {
    tools: ['lookup_member', 'get_community_stats', 'register_agent', 'verify_certificate'],
    resources: ['ui://agentcommunity/community-stats.html'],
  },
  docs: {
    tools: ['search_docs', 'read_doc'],
    resources: [
      'agent-onboarding',
      'api-reference',
      'broker',
      'broker-error-recovery',
      'broker-policies',
      'broker-relying-parties',
      'broker-workflow',
      'dmv',
      'docs-mcp',
      'inbox',
      'mcp-server',
      'overview',
      'recall',
      'security',
    ].map((page) => `docs://agentry/${page}`),
  },
  recall: {
    tools: [
      'register_agent',
      'create_category',
      'list_categories',
      'list_topics',
      'read_messages',
      'publish_message',
      'search_memory',
      'find_similar_agents',
    ],
    resources: ['recall://docs/AGENTS.md', 'recall://docs/API.md'],
  },
  broker: {
    tools: [
      'identity_signup',
      'identity_register',
      'identity_whoami',
      'identity_prove',
      'identity_record_signup',
      'inbox_list',
      'inbox_read',
      'inbox_wait_for_email',
      'inbox_send',
    ],
    resources: ['workflow', 'error-recovery', 'relying-party-guide', 'policies'].map((doc) => `agentregistrar://docs/${doc}`),
  },
};

describe('every registered tool on every server', () => {
  let t: TestApp;
  let host: McpHost;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    host = t.app.get(McpHost);
  });
  afterAll(() => t?.close());

  it('each server directory lists every *.tool.ts file in its index', () => {
    for (const profile of [...servers, brokerProfile()]) {
      const dir = path.resolve('src/mcp/tools', profile.name);
      const files = readdirSync(dir).filter((f) => f.endsWith('.tool.ts'));
      const fromFiles = files.map((f) => f.slice(0, -'.tool.ts'.length).replace(/-/g, '_')).sort();
      expect([...profile.tools.map((tool) => tool.name)].sort(), profile.name).toEqual(fromFiles);
    }
  });

  it('every server publishes exactly its named tools and resources', () => {
    expect(Object.keys(CATALOG).sort()).toEqual(['broker', 'community', 'docs', 'recall']);
    for (const [server, expected] of Object.entries(CATALOG)) {
      const runtime = host.runtime(server)!;
      expect([...runtime.catalog.tools.keys()], server).toEqual(expected.tools);
      expect(runtime.catalog.resourceList.map((r) => r.uri).sort(), server).toEqual([...expected.resources].sort());
    }
  });

  for (const profile of servers) {
    it(`${profile.name}: definitions are complete and published as defined`, async () => {
      const runtime = host.runtime(profile.name)!;
      const legacy = profile.modernRevisions.length
        ? await send(t, {
            path: profile.mounts[0].path,
            headers: modernHeaders('tools/list'),
            body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
          })
        : await send(t, {
            path: profile.mounts[0].path,
            headers: legacyHeaders,
            body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          });
      const listed = legacy.json.result.tools as Record<string, unknown>[];
      expect(listed.map((x) => x.name)).toEqual(profile.tools.map((x) => x.name));
      for (const tool of listed) {
        const definition = runtime.catalog.tools.get(tool.name as string)!.definition;
        expect(tool.description).toBeTruthy();
        expect(tool.inputSchema).toEqual(definition.inputSchema);
        expect(tool.outputSchema).toEqual(definition.outputSchema);
        expect(tool.annotations).toMatchObject(definition.annotations);
      }
    });

    for (const tool of profile.tools) {
      if (tool.testInput === undefined) continue;
      it(`${profile.name}/${tool.name}: testInput succeeds in every served era and matches its outputSchema`, async () => {
        const runtime = host.runtime(profile.name)!;
        const compiled = runtime.catalog.tools.get(tool.name)!;
        expect(compiled.validateInput(tool.testInput), JSON.stringify(compiled.validateInput.errors)).toBe(true);
        const requests: Send[] = [
          {
            path: profile.mounts[0].path,
            headers: legacyHeaders,
            body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: tool.testInput } },
          },
        ];
        if (profile.modernRevisions.length) {
          requests.push({
            path: profile.mounts[0].path,
            headers: modernHeaders('tools/call', tool.name),
            body: {
              jsonrpc: '2.0',
              id: 2,
              method: 'tools/call',
              params: { name: tool.name, arguments: tool.testInput, _meta: modernMeta } as never,
            },
          });
        }
        for (const request of requests) {
          const reply = await send(t, request);
          expect(reply.status).toBe(200);
          const result = reply.json.result;
          expect(result, JSON.stringify(reply.json)).toBeDefined();
          expect(result.isError ?? false, result.content?.[0]?.text).toBe(false);
          expect(result.content[0].type).toBe('text');
          if (!compiled.validateOutput) {
            expect(result.structuredContent).toBeUndefined(); // a text-payload tool
            continue;
          }
          expect(compiled.validateOutput(result.structuredContent), JSON.stringify(compiled.validateOutput.errors)).toBe(true);
          expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
        }
      });
    }
  }
});
