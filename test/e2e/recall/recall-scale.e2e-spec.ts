import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestChangeSql } from '../../../src/common/search/index-sync.js';
import { loadSyntheticRecall } from '../../../bench/generators/synthetic-recall.js';
import {
  FIRST_ID,
  INDEX_CHUNK_SQL,
  INDEX_ROWS_SQL,
  LIST_TOPICS_SQL,
  MESSAGES_BY_ID_SQL,
  readMessagesSql,
  SNIPPETS_SQL,
} from '../../../src/memory/queries/messages.queries.js';
import { AGENT_TOPICS_SQL, SIGNATURE_CHUNK_SQL, SIGNATURE_ROWS_SQL } from '../../../src/memory/queries/similar-agents.queries.js';
import { explainPlan } from '../../support/explain.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createCategory, publish, registerAgent, rest } from './recall-helpers.js';

const AGENTS = 2_000;
const MESSAGES = 200_000;
const BIG_TABLES = new Set(['memory_message', 'memory_agent_term', 'memory_term', 'memory_search_change', 'memory_agent_signature_change']);

describe('recall at scale: 200,000 messages from 2,000 agents', () => {
  let t: TestApp;
  const timings: Record<string, number> = {};
  let categoryId: string;
  let agentId: string;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_RECALL_WRITE: 'off' } });
    const started = Date.now();
    Object.assign(timings, await loadSyntheticRecall((sql) => t.sql(sql), { agents: AGENTS, messages: MESSAGES }));
    timings.total = Date.now() - started;
    // A real message among the synthetic ones, published through the service.
    const credential = await registerAgent(t, 'needle-agent', 'PostgreSQL operations');
    await createCategory(t, credential, 'databases');
    const res = await publish(t, credential, {
      category: 'databases',
      topic: 'postgresql',
      title: 'PostgreSQL connection timeout behind PgBouncer',
      body: 'Clients saw timeout errors because server_idle_timeout was shorter than the application keepalive.',
    });
    expect(res.status).toBe(201);
    const [cat] = await t.sql<{ id: string }>(`SELECT id FROM memory_category WHERE slug = 'cat-3'`);
    categoryId = cat.id;
    const [agent] = await t.sql<{ id: string }>(`SELECT id FROM memory_agent WHERE handle = 'agent-7'`);
    agentId = agent.id;
    ids = (await t.sql<{ id: string }>(`SELECT id FROM memory_message ORDER BY created_at DESC LIMIT 20`)).map((r) => r.id);
    console.log('recall scale load (ms):', JSON.stringify(timings));
  }, 180_000);
  afterAll(() => t?.close());

  it('loaded the volume', async () => {
    const [{ n }] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM memory_message`);
    expect(n).toBe(MESSAGES + 1);
    const [{ a }] = await t.sql<{ a: number }>(`SELECT count(DISTINCT author_id)::int AS a FROM memory_message`);
    expect(a).toBe(AGENTS + 1);
  });

  const hot: Array<[string, () => [string, unknown[]]]> = [
    ['search index: freshness check', () => [latestChangeSql('memory_search_change'), []]],
    ['search index: build chunk', () => [INDEX_CHUNK_SQL, [FIRST_ID, 5000]]],
    ['search index: changed rows', () => [INDEX_ROWS_SQL, [ids]]],
    ['hydrate search page', () => [MESSAGES_BY_ID_SQL, [ids]]],
    ['snippets', () => [SNIPPETS_SQL, [ids, 'redis | timeout']]],
    ['read_messages, no filter', () => [readMessagesSql({ category: false, topic: false, includeFlagged: false }), [21, 0]]],
    ['read_messages by category', () => [readMessagesSql({ category: true, topic: false, includeFlagged: false }), [categoryId, 21, 200]]],
    [
      'read_messages by category and topic',
      () => [readMessagesSql({ category: true, topic: true, includeFlagged: false }), [categoryId, 'redis', 21, 0]],
    ],
    ['read_messages by topic', () => [readMessagesSql({ category: false, topic: true, includeFlagged: true }), ['kafkacache', 21, 0]]],
    ['list_topics', () => [LIST_TOPICS_SQL, [categoryId, 21, 0]]],
    ['similar: signatures freshness check', () => [latestChangeSql('memory_agent_signature_change'), []]],
    ['similar: signatures build chunk', () => [SIGNATURE_CHUNK_SQL, [FIRST_ID, 5000]]],
    ['similar: changed signatures', () => [SIGNATURE_ROWS_SQL, [[agentId]]]],
    ['similar: topics', () => [AGENT_TOPICS_SQL, [[agentId]]]],
  ];
  for (const [name, query] of hot) {
    it(`${name} uses indexes (no sequential scan on the big tables)`, async () => {
      const [sql, params] = query();
      const plan = await explainPlan(t.sql, sql, params);
      const seq = plan.filter((n) => n['Node Type'] === 'Seq Scan' && BIG_TABLES.has(n['Relation Name'] ?? ''));
      expect(seq.map((n) => n['Relation Name'])).toEqual([]);
      expect(plan.some((n) => /Index/.test(n['Node Type']))).toBe(true);
    });
  }

  it('similar: topics walks the author index (one probe per distinct pair, not every message)', async () => {
    const others = (await t.sql<{ id: string }>(`SELECT id FROM memory_agent ORDER BY handle LIMIT 40`)).map((r) => r.id);
    const plan = await explainPlan(t.sql, AGENT_TOPICS_SQL, [[agentId, ...others]]);
    const scans = plan.filter((n) => n['Relation Name'] === 'memory_message');
    expect(scans.length).toBeGreaterThan(0);
    expect(new Set(scans.map((n) => n['Index Name']))).toEqual(new Set(['memory_message_author_topic_idx']));
  });

  it('builds the search index of the whole board on the first search', async () => {
    const s = Date.now();
    // While the index is being built a search is refused with a retryable 503, never answered from
    // part of the board; the build goes on and the search answers once it is complete.
    let res = await rest<{ results: unknown[]; error?: string }>(t, 'GET', '/recall/api/v1/search?q=kafka');
    while (res.status === 503 && Date.now() - s < 120_000) {
      expect(res.body.error).toBe('service_unavailable');
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await rest<{ results: unknown[]; error?: string }>(t, 'GET', '/recall/api/v1/search?q=kafka');
    }
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(Date.now() - s).toBeLessThan(120_000);
  }, 150_000);

  it('finds the needle with a misspelled word, and answers quickly', async () => {
    const s = Date.now();
    const res = await rest<{ results: Array<{ message: { title: string } }> }>(
      t,
      'GET',
      `/recall/api/v1/search?q=${encodeURIComponent('postgrse timeout')}`,
    );
    const elapsed = Date.now() - s;
    expect(res.status).toBe(200);
    expect(res.body.results[0].message.title).toBe('PostgreSQL connection timeout behind PgBouncer');
    expect(elapsed).toBeLessThan(3000);
  });

  it('reads, searches and finds similar agents over the full volume', async () => {
    const read = await rest<{ messages: unknown[]; has_more: boolean }>(
      t,
      'GET',
      '/recall/api/v1/messages?category=cat-3&page=50&limit=50',
    );
    expect(read.body.messages).toHaveLength(50);
    expect(read.body.has_more).toBe(true);
    const search = await rest<{ results: unknown[]; has_more: boolean }>(t, 'GET', '/recall/api/v1/search?q=redis%20timeout&limit=50');
    expect(search.body.results).toHaveLength(50);
    const similar = await rest<{ agents: Array<{ handle: string; shared_terms: string[] }> }>(
      t,
      'GET',
      '/recall/api/v1/agents/agent-7/similar',
    );
    expect(similar.status).toBe(200);
    expect(similar.body.agents.length).toBeGreaterThan(0);
    // Agents 7, 57, 107, ... share agent 7's vocabulary window.
    expect(Number(similar.body.agents[0].handle.slice('agent-'.length)) % 50).toBe(7);
    expect(similar.body.agents[0].shared_terms.length).toBeGreaterThan(0);
  });
});
