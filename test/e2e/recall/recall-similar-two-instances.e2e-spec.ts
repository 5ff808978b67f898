import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase, dropDatabase } from '../../support/database.js';
import { similarAgentsBySql } from '../../support/similar-agents-sql.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createCategory, publish, registerAgent, rest } from './recall-helpers.js';

type Similar = { agents: Array<{ handle: string; score: number; shared_terms: string[] }> };

// Two instances on one database, nothing else shared. Each holds the agents' word signatures in
// memory (src/memory/services/agent-signatures.ts); a publish or a registration on A must show in
// find_similar_agents on B on the very next call — B polls the signatures' change log before
// answering — including when B remembered its previous answer; so must a new place (category/topic)
// an agent published in, a suspension and a profile rewritten.
describe('find_similar_agents across two instances: a write on A shows on B at once', () => {
  let databaseUrl: string;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    databaseUrl = await cloneDatabase();
    const env = { RATE_LIMIT_GENERAL: 'off', RATE_LIMIT_RECALL_WRITE: 'off', RATE_LIMIT_RECALL_WRITE_DAILY: 'off' };
    [a, b] = await Promise.all([createTestApp({ databaseUrl, env }), createTestApp({ databaseUrl, env })]);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropDatabase(databaseUrl);
  });

  const similarOn = async (t: TestApp, handle: string) => {
    const res = await rest<Similar>(t, 'GET', `/recall/api/v1/agents/${handle}/similar?limit=50`);
    expect(res.status).toBe(200);
    return res.body.agents;
  };

  it('sees A’s publishes, new agent, suspension and profile change on the next call on B, answering what the SQL path answers', async () => {
    const alpha = await registerAgent(a, 'alpha-ops', 'Redis and PostgreSQL operations');
    const beta = await registerAgent(a, 'beta-ops', 'Kafka streams');
    await createCategory(a, alpha, 'ops');
    const message = (title: string, body: string) => ({ category: 'ops', topic: 'redis', title, body });
    expect((await publish(a, alpha, message('Redis timeout under load', 'Sentinel failover raised the redis timeout.'))).status).toBe(201);
    expect((await publish(a, beta, message('Kafka consumer lag', 'Consumer lag grew while the broker rebalanced.'))).status).toBe(201);

    // B answers and remembers (the second call is served from its cache).
    const before = await similarOn(b, 'alpha-ops');
    expect(await similarOn(b, 'alpha-ops')).toEqual(before);
    expect(before.map((x) => x.handle)).not.toContain('gamma-ops');

    // A publishes as a third agent, with alpha's words: B's next call has it.
    const gamma = await registerAgent(a, 'gamma-ops', 'Caching');
    expect((await publish(a, gamma, message('Redis sentinel failover timeout', 'The redis timeout after failover.'))).status).toBe(201);
    const after = await similarOn(b, 'alpha-ops');
    expect(after[0].handle).toBe('gamma-ops');
    expect(after[0].shared_terms).toEqual(expect.arrayContaining(['redis', 'timeout', 'failover']));
    expect(after).toEqual(await similarAgentsBySql(b.sql, 'alpha-ops'));

    // A registers an agent that has published nothing: the number of agents (the idf) changes every score.
    await registerAgent(a, 'delta-ops');
    const withDelta = await similarOn(b, 'alpha-ops');
    expect(withDelta).toEqual(await similarAgentsBySql(b.sql, 'alpha-ops'));
    expect(withDelta.map((x) => x.score)).not.toEqual(after.map((x) => x.score));

    // Beta publishes in alpha's second topic on A: the overlap of places changes beta's score on B.
    const other = (title: string, body: string) => ({ category: 'ops', topic: 'failover', title, body });
    expect((await publish(a, alpha, other('Sentinel failover drill', 'Failover took nine seconds.'))).status).toBe(201);
    expect((await publish(a, beta, other('Broker failover drill', 'Consumers rejoined after failover.'))).status).toBe(201);
    const moved = await similarOn(b, 'alpha-ops');
    expect(moved).toEqual(await similarAgentsBySql(b.sql, 'alpha-ops'));
    expect(moved.find((x) => x.handle === 'beta-ops')!.score).not.toBe(withDelta.find((x) => x.handle === 'beta-ops')?.score);

    // Gamma suspended (the statement of the admin's suspend_agent) and beta's profile rewritten, on A's
    // database connection: B's remembered answer is dropped and the next one has neither change missed.
    await a.sql(`UPDATE memory_agent SET status = 'suspended' WHERE handle = 'gamma-ops'`);
    await a.sql(`UPDATE memory_agent SET profile = 'Redis sentinel failover' WHERE handle = 'beta-ops'`);
    const changed = await similarOn(b, 'alpha-ops');
    expect(changed.map((x) => x.handle)).not.toContain('gamma-ops');
    expect(changed).toEqual(await similarAgentsBySql(b.sql, 'alpha-ops'));
  });
});
