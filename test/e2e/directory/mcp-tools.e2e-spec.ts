import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_STATS_VIEW_HTML } from '../../../src/directory/views/community-stats-view.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { insertMembers, SAMPLE_MEMBERS } from './directory-support.js';
import { connectSdk1, type Client1 as Client } from '../../support/mcp-clients.js';

type ToolResult = { isError?: boolean; structuredContent?: any; content: Array<{ type: string; text: string }> };

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

async function connect(t: TestApp, path: string): Promise<Client> {
  return (await connectSdk1(`${t.url}${path}`, { name: 'directory-e2e' })).client;
}

describe('directory: community MCP tools and the documentation MCP', () => {
  let t: TestApp;
  let community: Client;
  let docs: Client;

  const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> => {
    const result = (await client.callTool({ name, arguments: args })) as ToolResult;
    if (!result.isError) expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    return result;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    await insertMembers(t, SAMPLE_MEMBERS);
    community = await connect(t, '/mcp');
    docs = await connect(t, '/mcp/docs');
  });
  afterAll(async () => {
    await community?.close();
    await docs?.close();
    await t?.close();
  });

  describe('lookup_member', () => {
    it('is listed with its published contract', async () => {
      const { tools } = await community.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names.slice(0, 2)).toEqual(['lookup_member', 'get_community_stats']);
      const tool = tools.find((x) => x.name === 'lookup_member')!;
      expect(tool.title).toBe('Look up member');
      expect(tool.annotations).toMatchObject(READ_ONLY);
      expect(tool.inputSchema).toMatchObject({
        type: 'object',
        properties: { query: { type: 'string', minLength: 1, maxLength: 200 } },
        required: ['query'],
        additionalProperties: false,
      });
      expect(tool._meta?.ui).toBeUndefined();
      expect(tool._meta?.['openai/outputTemplate']).toBeUndefined();
    });

    it('finds one member by exact display name, ignoring case and extra whitespace', async () => {
      const r = await call(community, 'lookup_member', { query: '  northwind   LABS ' });
      expect(r.structuredContent).toEqual({
        status: 'member',
        matches: [{ display_name: 'Northwind Labs', member_since: '2023-05-02', profile_url: `${t.url}/members/northwind-labs` }],
      });
    });

    it('finds one member by slug', async () => {
      const r = await call(community, 'lookup_member', { query: 'Kestrel-Robotics' });
      expect(r.structuredContent.status).toBe('member');
      expect(r.structuredContent.matches[0].profile_url).toBe(`${t.url}/members/kestrel-robotics`);
    });

    it('reports ambiguous names with every match', async () => {
      const r = await call(community, 'lookup_member', { query: 'Meridian Systems' });
      expect(r.structuredContent.status).toBe('ambiguous');
      expect(r.structuredContent.matches).toEqual([
        { display_name: 'Meridian  Systems', member_since: '2023-11-30', profile_url: `${t.url}/members/meridian-systems` },
        { display_name: 'meridian systems', member_since: '2024-03-01', profile_url: `${t.url}/members/meridian-systems-eu` },
      ]);
    });

    it.each(['Northwind', 'northwind labs inc', 'robotics', 'shadow corp', 'shadow-corp', '%', 'Northwind_Labs'])(
      'is not a search: %j is not_found',
      async (query) => {
        const r = await call(community, 'lookup_member', { query });
        expect(r.structuredContent).toEqual({ status: 'not_found', matches: [] });
      },
    );

    it.each([
      [{ query: '' }, 'query'],
      [{ query: 'x'.repeat(201) }, 'query'],
      [{}, 'query'],
      [{ query: 42 }, 'query'],
      [{ query: 'ok', extra: true }, 'extra'],
    ])('refuses bad input %j naming the field', async (args, field) => {
      const r = await call(community, 'lookup_member', args);
      expect(r.isError).toBe(true);
      expect(r.content[0].text).toContain(field);
    });
  });

  describe('get_community_stats', () => {
    it('is bound to the one MCP Apps view', async () => {
      const { tools } = await community.listTools();
      const tool = tools.find((x) => x.name === 'get_community_stats')!;
      expect(tool.title).toBe('Get community stats');
      expect(tool.annotations).toMatchObject(READ_ONLY);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool._meta).toMatchObject({
        ui: { resourceUri: 'ui://agentcommunity/community-stats.html' },
        'openai/outputTemplate': 'ui://agentcommunity/community-stats.html',
      });
      const bound = tools.filter((x) => x._meta?.ui || x._meta?.['openai/outputTemplate']).map((x) => x.name);
      expect(bound).toEqual(['get_community_stats']);
    });

    it('counts every active member (categorized or not), approximately, and caches the count', async () => {
      const first = await call(community, 'get_community_stats', {});
      expect(first.structuredContent.member_count).toBe(6);
      expect(first.structuredContent.note).toMatch(/approximate/i);
      expect(first.structuredContent.note).toMatch(/20 minutes/);
      await insertMembers(t, [{ slug: 'late-joiner', display_name: 'Late Joiner' }]);
      const second = await call(community, 'get_community_stats', {});
      expect(second.structuredContent.member_count).toBe(6); // still the cached count
      expect((await call(community, 'get_community_stats', { extra: 1 })).isError).toBe(true);
    });

    it('says how old the cached count is, and the note follows the clock', async () => {
      const first = await call(community, 'get_community_stats', {});
      const countedAt = Date.parse(/\((\d{4}-[^)]+)\)/.exec(first.structuredContent.note as string)![1]);
      const later = countedAt + 7 * 60_000 + 5_000;
      const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
      try {
        const aged = await call(community, 'get_community_stats', {});
        expect(aged.structuredContent.member_count).toBe(first.structuredContent.member_count);
        expect(aged.structuredContent.note).toContain('counted 7 minutes ago');
        expect(aged.structuredContent.note).toContain(new Date(countedAt).toISOString());
      } finally {
        clock.mockRestore();
      }
    });

    it('serves exactly one view resource, as an MCP App without a CSP', async () => {
      const { resources } = await community.listResources();
      const views = resources.filter((r) => r.uri.startsWith('ui://'));
      expect(views.length).toBeLessThanOrEqual(1);
      const read = await community.readResource({ uri: 'ui://agentcommunity/community-stats.html' });
      expect(read.contents).toHaveLength(1);
      const content = read.contents[0] as { uri: string; mimeType: string; text: string; _meta?: { ui?: { csp?: unknown } } };
      expect(content.mimeType).toBe('text/html;profile=mcp-app');
      expect(content.text).toBe(COMMUNITY_STATS_VIEW_HTML);
      expect(content._meta?.ui?.csp).toBeUndefined();
    });
  });

  describe('the documentation server', () => {
    it('offers search_docs and read_doc, read-only', async () => {
      const { tools } = await docs.listTools();
      expect(tools.map((x) => x.name)).toEqual(['search_docs', 'read_doc']);
      for (const tool of tools) expect(tool.annotations).toMatchObject(READ_ONLY);
    });

    it('search_docs ranks pages with titles, paths and snippets', async () => {
      const r = await call(docs, 'search_docs', { query: 'lookup_member ambiguous', limit: 3 });
      expect(r.structuredContent.results.length).toBeGreaterThan(0);
      expect(r.structuredContent.results.length).toBeLessThanOrEqual(3);
      expect(r.structuredContent.results[0]).toMatchObject({ path: 'mcp-server', title: 'MCP Server', score: 1 });
      expect(r.structuredContent.results[0].snippet).toMatch(/lookup_member|ambiguous/i);
      // Typos on every word and a prefix as the last word (search as you type).
      const typos = await call(docs, 'search_docs', { query: 'lookup_membr ambigous', limit: 3 });
      expect(typos.structuredContent.results[0]).toMatchObject({ path: 'mcp-server' });
      const prefix = await call(docs, 'search_docs', { query: 'certificat verificat', limit: 3 });
      expect(prefix.structuredContent.results[0]).toMatchObject({ path: 'dmv' });
      const none = await call(docs, 'search_docs', { query: 'qqqzzzxxx' });
      expect(none.structuredContent.results).toEqual([]);
      expect((await call(docs, 'search_docs', { query: '' })).isError).toBe(true);
    });

    it('read_doc returns the Markdown of one page', async () => {
      const r = await call(docs, 'read_doc', { path: 'api-reference.md' });
      expect(r.structuredContent).toMatchObject({ path: 'api-reference', title: 'API Reference' });
      expect(r.structuredContent.markdown).toContain('# API Reference');
      const missing = await call(docs, 'read_doc', { path: 'nope' });
      expect(missing.isError).toBe(true);
      expect(missing.content[0].text).toContain('not_found');
    });

    it('publishes each page as a text/markdown resource', async () => {
      const { resources } = await docs.listResources();
      expect(resources.map((r) => r.uri)).toContain('docs://agentry/api-reference');
      for (const r of resources) expect(r.mimeType).toBe('text/markdown');
      const read = await docs.readResource({ uri: 'docs://agentry/overview' });
      expect((read.contents[0] as { text: string }).text).toContain('# Overview');
    });
  });
});
