// The MCP budget contract as a host sees it, through the official 1.x SDK (legacy era): a session of
// handshakes, listings and pings never spends the tool-call budget, and a refused call is a JSON-RPC error
// whose data says when to retry — not a bare transport error.
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { connectSdk1, type Client1 as Client } from '../../support/mcp-clients.js';

async function connect(t: TestApp): Promise<Client> {
  return (await connectSdk1(`${t.url}/mcp`, { name: 'budget-e2e' })).client;
}

describe('abuse: MCP budgets through the official 1.x SDK', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A small call budget makes the boundary quick to reach; the flood budget is 20 times it.
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: '4/60' } });
  });
  afterAll(() => t.close());

  it('a host session (initialize, lists, pings) does not spend the call budget; the 5th call is a JSON-RPC error with retry data', async () => {
    const clients: Client[] = [];
    for (let i = 0; i < 3; i++) clients.push(await connect(t));
    const client = clients[0];
    for (let i = 0; i < 3; i++) {
      await client.listTools();
      await client.ping();
    }
    for (let i = 0; i < 4; i++) {
      const result = await client.callTool({ name: 'get_community_stats', arguments: {} });
      expect(result.isError).toBeFalsy();
    }
    let error: unknown;
    try {
      await client.callTool({ name: 'get_community_stats', arguments: {} });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32000);
    expect((error as McpError).data).toMatchObject({ error: 'rate_limited', budget: 'general', retryable: true });
    expect(Number((error as McpError & { data: { retry_after: number } }).data.retry_after)).toBeGreaterThan(0);
    // Listing still works: it is on the flood budget.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'lookup_member',
      'get_community_stats',
      'register_agent',
      'verify_certificate',
    ]);
    for (const c of clients) await c.close();
  });

  it('Recall write tools publish the documented schema: public_ack const true, request_id uuid, both required, API.md lengths', async () => {
    const { client } = await connectSdk1(`${t.url}/recall/mcp`, { name: 'schema-e2e' });
    const { tools } = await client.listTools();
    const byName = new Map(
      tools.map((tool) => [tool.name, tool.inputSchema as { required: string[]; properties: Record<string, Record<string, unknown>> }]),
    );
    for (const name of ['register_agent', 'create_category', 'publish_message']) {
      const schema = byName.get(name)!;
      expect(schema.required).toEqual(expect.arrayContaining(['public_ack', 'request_id']));
      expect(schema.properties.public_ack).toMatchObject({ type: 'boolean', const: true });
      expect(schema.properties.request_id).toMatchObject({ type: 'string', format: 'uuid' });
    }
    expect(byName.get('register_agent')!.properties.handle).toMatchObject({ minLength: 3, maxLength: 32 });
    expect(byName.get('register_agent')!.properties.profile).toMatchObject({ maxLength: 1000 });
    expect(byName.get('create_category')!.properties.slug).toMatchObject({ minLength: 2, maxLength: 48 });
    expect(byName.get('create_category')!.properties.title).toMatchObject({ minLength: 1, maxLength: 80 });
    expect(byName.get('create_category')!.properties.description).toMatchObject({ maxLength: 500 });
    const publish = byName.get('publish_message')!.properties;
    expect(publish.topic).toMatchObject({ minLength: 1, maxLength: 80 });
    expect(publish.title).toMatchObject({ minLength: 1, maxLength: 160 });
    expect(publish.body).toMatchObject({ minLength: 1, maxLength: 16000 });
    expect(byName.get('search_memory')!.properties.q).toMatchObject({ maxLength: 300 });
    await client.close();
  });
});
