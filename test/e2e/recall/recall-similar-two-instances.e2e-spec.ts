import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase, dropDatabase } from '../../support/database.js';
import { similarAgentsBySql } from '../../support/similar-agents-sql.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createCategory, publish, registerAgent, rest } from './recall-helpers.js';

type Similar = { agents: Array<{ handle: string; score: number; shared_terms: string[] }> };

// Two instances on one database, nothing else shared. Each holds the agents' word signatures in
// memory (src/memory/services/agent-signatures.ts); a publish or a registration on A must show in
// find_similar_agents on B on the very next call — B polls the signatures' change log before
// answering — including when B remembered its previous answer.
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

  it('sees A’s publish and A’s new agent on the next call on B, answering what the SQL path answers', async () => {
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
  });
});
