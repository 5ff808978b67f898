import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { call, connect, errorCode, newCredential, ok, writer } from './recall-helpers.js';

const OPERATOR = 'mco_recall_operator_token_for_tests_4567_00000000';
const TOOLS = [
  'register_agent',
  'create_category',
  'list_categories',
  'list_topics',
  'read_messages',
  'publish_message',
  'search_memory',
  'find_similar_agents',
];

const write = (args: Record<string, unknown>) => ({ ...args, public_ack: true, request_id: randomUUID() });

describe('recall: MCP server at /recall/mcp with the official SDK client', () => {
  let t: TestApp;
  let reader: Client;
  const credentials: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_RECALL_WRITE: 'off', OPERATOR_BOOTSTRAP_TOKEN: OPERATOR },
    });
    reader = await connect(t);
  });
  afterAll(async () => {
    await reader?.close();
    await t.close();
  });

  it('lists exactly the eight tools with closed schemas, annotations and the untrusted-data warning', async () => {
    const { tools } = await reader.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      const writes = ['register_agent', 'create_category', 'publish_message'].includes(tool.name);
      expect(tool.annotations).toMatchObject(
        writes
          ? { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true }
          : { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      );
      if (!writes) expect(tool.description).toMatch(/untrusted/i);
      else expect(tool.description).toMatch(/X-AgentRecall-Write/);
    }
  });

  it('offers the operating guide and the API reference as resources', async () => {
    const { resources } = await reader.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['recall://docs/AGENTS.md', 'recall://docs/API.md']);
    const guide = await reader.readResource({ uri: 'recall://docs/AGENTS.md' });
    const text = (guide.contents[0] as { text: string; mimeType: string }).text;
    expect(guide.contents[0].mimeType).toBe('text/markdown');
    expect(text).toMatch(/untrusted/i);
    expect(text).toMatch(/cite/i);
  });

  it('registers, creates a category, publishes, reads, searches and finds similar agents end to end', async () => {
    for (const [handle, profile] of [
      ['pg-fixer', 'I fix PostgreSQL performance problems.'],
      ['pool-tuner', 'Connection pools and PostgreSQL tuning.'],
      ['css-artist', 'Frontend layout and CSS grids.'],
    ]) {
      credentials[handle] = newCredential();
      const client = await writer(t, credentials[handle]);
      const agent = ok(await call(client, 'register_agent', write({ handle, profile })));
      expect(agent).toEqual({ agent_id: expect.any(String), handle, created_at: expect.any(String) });
      expect(JSON.stringify(agent)).not.toContain(credentials[handle]);
      await client.close();
    }

    const pg = await writer(t, credentials['pg-fixer']);
    const category = ok(
      await call(pg, 'create_category', write({ slug: 'databases', title: 'Databases', description: 'SQL and friends' })),
    );
    expect(category).toMatchObject({ slug: 'databases', created_by: 'pg-fixer' });
    ok(await call(pg, 'create_category', write({ slug: 'frontend', title: 'Frontend' })));

    const published = ok(
      await call(
        pg,
        'publish_message',
        write({
          category: 'databases',
          topic: 'postgresql',
          title: 'PostgreSQL statement timeout in migrations',
          body: 'Long migrations hit statement_timeout; set it per transaction with SET LOCAL statement_timeout.',
        }),
      ),
    );
    expect(published).toMatchObject({ author: 'pg-fixer', category: 'databases', trust: 'untrusted_public', flags: [] });
    ok(
      await call(
        pg,
        'publish_message',
        write({
          category: 'databases',
          topic: 'postgresql',
          title: 'Vacuum and index bloat',
          body: 'Autovacuum thresholds matter for PostgreSQL index bloat on busy tables.',
        }),
      ),
    );
    await pg.close();

    const pool = await writer(t, credentials['pool-tuner']);
    ok(
      await call(
        pool,
        'publish_message',
        write({
          category: 'databases',
          topic: 'postgresql',
          title: 'Pool exhaustion causes timeout errors',
          body: 'PostgreSQL connection pool exhaustion shows up as timeout errors; tune the pool size and statement_timeout.',
        }),
      ),
    );
    await pool.close();
    const css = await writer(t, credentials['css-artist']);
    ok(
      await call(
        css,
        'publish_message',
        write({ category: 'frontend', topic: 'css', title: 'Grid gaps in Safari', body: 'Use gap instead of grid-gap for layout grids.' }),
      ),
    );
    await css.close();

    const categories = ok(await call(reader, 'list_categories', {}));
    expect((categories.categories as Array<{ slug: string }>).map((c) => c.slug)).toEqual(['databases', 'frontend']);
    const topics = ok(await call(reader, 'list_topics', { category: 'databases' }));
    expect(topics.topics).toEqual([{ topic: 'postgresql', message_count: 3, latest_at: expect.any(String) }]);

    const read = ok(await call(reader, 'read_messages', { category: 'databases', topic: 'postgresql', limit: 2 }));
    expect((read.messages as unknown[]).length).toBe(2);
    expect(read).toMatchObject({ page: 1, has_more: true });
    expect((read.messages as Array<{ title: string }>)[0].title).toBe('Pool exhaustion causes timeout errors');

    const search = ok(await call(reader, 'search_memory', { q: 'postgresql statement timeout' }));
    const results = search.results as Array<{ message: { id: string; trust: string }; score: number; snippet: string }>;
    expect(results[0].message.id).toBe(published.id);
    expect(results[0].message.trust).toBe('untrusted_public');
    expect(results[0].snippet.length).toBeGreaterThan(0);

    const typo = ok(await call(reader, 'search_memory', { q: 'postgrse timeout' }));
    const typoTitles = (typo.results as Array<{ message: { title: string } }>).map((r) => r.message.title);
    expect(typoTitles.slice(0, 2)).toEqual(
      expect.arrayContaining(['PostgreSQL statement timeout in migrations', 'Pool exhaustion causes timeout errors']),
    );

    // The last word is a prefix (search as you type), and typos are tolerated on every word.
    const prefix = ok(await call(reader, 'search_memory', { q: 'postgresql statem' }));
    expect((prefix.results as Array<{ message: { id: string } }>)[0].message.id).toBe(published.id);
    const typos = ok(await call(reader, 'search_memory', { q: 'postgressql statment timeuot' }));
    expect((typos.results as Array<{ message: { id: string } }>)[0].message.id).toBe(published.id);

    const similar = ok(await call(reader, 'find_similar_agents', { handle: 'pg-fixer' }));
    const agents = similar.agents as Array<{ handle: string; score: number; shared_terms: string[] }>;
    expect(agents[0].handle).toBe('pool-tuner');
    expect(agents[0].shared_terms).toContain('postgresql');
    expect(agents.map((a) => a.handle)).not.toContain('pg-fixer');
    const cssIndex = agents.findIndex((a) => a.handle === 'css-artist');
    if (cssIndex >= 0) expect(agents[cssIndex].score).toBeLessThan(agents[0].score);
  });

  describe('write refusals are isError results with a specific code', () => {
    const msg = { category: 'databases', topic: 'refusals', title: 'A title', body: 'A body.' };

    it('without X-AgentRecall-Write', async () => {
      const client = await connect(t, { authorization: `Bearer ${credentials['pg-fixer']}` });
      expect(errorCode(await call(client, 'publish_message', write(msg)))).toBe('missing_write_header');
      await client.close();
    });

    it('without a credential, with a malformed one, with an unknown one', async () => {
      const none = await connect(t, { 'x-agentrecall-write': 'true' });
      expect(errorCode(await call(none, 'publish_message', write(msg)))).toBe('missing_credential');
      await none.close();
      const bad = await connect(t, { 'x-agentrecall-write': 'true', authorization: 'Bearer not-a-credential' });
      expect(errorCode(await call(bad, 'publish_message', write(msg)))).toBe('invalid_credential');
      await bad.close();
      const unknown = await writer(t, newCredential());
      expect(errorCode(await call(unknown, 'publish_message', write(msg)))).toBe('invalid_credential');
      await unknown.close();
    });

    it('without public_ack or request_id', async () => {
      const client = await writer(t, credentials['pg-fixer']);
      expect(errorCode(await call(client, 'publish_message', { ...msg, request_id: randomUUID() }))).toBe('public_ack_required');
      expect(errorCode(await call(client, 'publish_message', { ...msg, public_ack: false, request_id: randomUUID() }))).toBe(
        'public_ack_required',
      );
      expect(errorCode(await call(client, 'publish_message', { ...msg, public_ack: true }))).toBe('invalid_request_id');
      expect(errorCode(await call(client, 'publish_message', { ...msg, public_ack: true, request_id: '42' }))).toBe('invalid_request_id');
      await client.close();
    });

    it('replays the same request_id and refuses it with different arguments', async () => {
      const client = await writer(t, credentials['pg-fixer']);
      const args = write({ ...msg, topic: 'replays' });
      const first = ok(await call(client, 'publish_message', args));
      const second = ok(await call(client, 'publish_message', args));
      expect(second).toEqual(first);
      expect(errorCode(await call(client, 'publish_message', { ...args, title: 'Different' }))).toBe('request_id_conflict');
      const rows = await t.sql(`SELECT id FROM memory_message WHERE topic = 'replays'`);
      expect(rows).toHaveLength(1);
      await client.close();
    });

    it('refuses secret-bearing content and exact duplicates', async () => {
      const client = await writer(t, credentials['pg-fixer']);
      const key = `AKIA${'Q7RZ4MXK2P9WJ3TB'}`;
      expect(errorCode(await call(client, 'publish_message', write({ ...msg, body: `aws key ${key} works` })))).toBe('content_rejected');
      const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----';
      expect(errorCode(await call(client, 'publish_message', write({ ...msg, body: pem })))).toBe('content_rejected');
      const first = ok(await call(client, 'publish_message', write({ ...msg, topic: 'dups' })));
      const dup = await call(client, 'publish_message', write({ ...msg, topic: 'dups' }));
      expect(errorCode(dup)).toBe('duplicate');
      expect(JSON.parse(dup.content[0].text)).toMatchObject({ duplicate_of: first.id });
      await client.close();
    });

    it('refuses a suspended agent and a revoked credential', async () => {
      const handle = 'to-suspend';
      credentials[handle] = newCredential();
      const client = await writer(t, credentials[handle]);
      ok(await call(client, 'register_agent', write({ handle })));
      const adminHeaders = { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' };
      await fetch(`${t.url}/admin/recall/agents/${handle}/suspend`, {
        method: 'POST',
        headers: adminHeaders,
        body: JSON.stringify({ reason: 'test' }),
      });
      expect(errorCode(await call(client, 'publish_message', write(msg)))).toBe('agent_suspended');
      const similar = ok(await call(reader, 'find_similar_agents', { handle: 'pg-fixer' }));
      expect((similar.agents as Array<{ handle: string }>).map((a) => a.handle)).not.toContain(handle);
      await fetch(`${t.url}/admin/recall/agents/${handle}/restore`, {
        method: 'POST',
        headers: adminHeaders,
        body: JSON.stringify({ reason: 'test over' }),
      });
      const revoke = await fetch(`${t.url}/recall/api/v1/credentials/revoke`, {
        method: 'POST',
        headers: { authorization: `Bearer ${credentials[handle]}`, 'x-agentrecall-write': 'true' },
      });
      expect(revoke.status).toBe(200);
      expect(errorCode(await call(client, 'publish_message', write(msg)))).toBe('credential_revoked');
      await client.close();
    });

    it('refuses bad search input without a server error', async () => {
      expect(errorCode(await call(reader, 'search_memory', { q: '   ' }))).toBe('invalid_argument');
      const stop = ok(await call(reader, 'search_memory', { q: 'the of and' }));
      expect(stop).toMatchObject({ results: [], has_more: false, notice: expect.any(String) });
      expect(errorCode(await call(reader, 'search_memory', { q: 'x', limit: 51 }))).toMatch(/invalid_argument|validation_failed/);
      expect(errorCode(await call(reader, 'find_similar_agents', { handle: 'nobody-here' }))).toBe('not_found');
    });
  });

  describe('pagination is stable across pages', () => {
    beforeAll(async () => {
      // 45 messages, many sharing a timestamp, so the id tie-break is exercised.
      await t.sql(`
        INSERT INTO memory_message (category_id, topic, title, body, author_id, created_at, content_hash)
        SELECT c.id, 'paging', 'Paging note ' || g, 'kubernetes ingress timeout number ' || g, a.id,
               timestamptz '2026-01-01' + ((g / 5) || ' minutes')::interval, md5(g::text) || md5('p' || g)
        FROM generate_series(1, 45) g, memory_category c, memory_agent a
        WHERE c.slug = 'databases' AND a.handle = 'css-artist'`);
    });

    it('read_messages pages neither overlap nor skip', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = ok(await call(reader, 'read_messages', { topic: 'paging', page, limit: 10 }));
        seen.push(...(res.messages as Array<{ id: string }>).map((m) => m.id));
        expect(res.has_more).toBe(page < 5);
      }
      expect(seen).toHaveLength(45);
      expect(new Set(seen).size).toBe(45);
      const all = ok(await call(reader, 'read_messages', { topic: 'paging', limit: 50 }));
      expect((all.messages as Array<{ id: string }>).map((m) => m.id)).toEqual(seen);
    });

    it('search_memory pages neither overlap nor skip', async () => {
      const seen: string[] = [];
      let page = 1;
      for (;;) {
        const res = ok(await call(reader, 'search_memory', { q: 'kubernetes ingress', page, limit: 7 }));
        seen.push(...(res.results as Array<{ message: { id: string } }>).map((r) => r.message.id));
        if (!res.has_more) break;
        page++;
      }
      expect(seen).toHaveLength(45);
      expect(new Set(seen).size).toBe(45);
      const again = ok(await call(reader, 'search_memory', { q: 'kubernetes ingress', limit: 50 }));
      expect((again.results as Array<{ message: { id: string } }>).map((r) => r.message.id)).toEqual(seen);
    });
  });
});
