// Walks every tool registered on every real server: the published definition is well-formed, and
// every tool that states a testInput succeeds in both eras with output that matches its own
// outputSchema and the structuredContent/text invariant.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHost } from '../../../src/mcp/mcp-host.service.js';
import { communityProfile } from '../../../src/mcp/endpoints/community.profile.js';
import { docsProfile } from '../../../src/mcp/endpoints/docs.profile.js';
import { recallProfile } from '../../../src/mcp/endpoints/recall.profile.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { legacyHeaders, modernHeaders, modernMeta } from './fixtures.js';
import { send, type Send } from '../../support/json-rpc.js';

const servers = [communityProfile(), docsProfile(), recallProfile()];

describe('every registered tool on every server', () => {
  let t: TestApp;
  let host: McpHost;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    host = t.app.get(McpHost);
  });
  afterAll(() => t?.close());

  it('each server directory lists every *.tool.ts file in its index', () => {
    for (const profile of servers) {
      const dir = path.resolve('src/mcp/tools', profile.name);
      const files = readdirSync(dir).filter((f) => f.endsWith('.tool.ts'));
      expect(profile.tools.length, `${profile.name}: ${files.join(', ')}`).toBe(files.length);
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
