import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TOPICS_SQL } from '../../../src/memory/queries/similar-agents.queries.js';
import { cloneDatabase, dropDatabase } from '../../support/database.js';

// find_similar_agents compares where agents published through AGENT_TOPICS_SQL, a skip scan of
// memory_message_author_topic_idx that visits one index entry per distinct (category, topic) pair
// instead of every message. It must answer exactly what `SELECT DISTINCT` over the messages answers,
// whatever the topics look like (case, accents, digits, spaces) and whatever the messages' state.

const TOPICS = ['redis', 'Redis', 'REDIS', 'äpfel', 'Ärger', 'zeta', 'Z', '10', '9', 'a b', 'a-b', 'ab', 'kafka lag', 'ßtraße'];
const REFERENCE = `SELECT DISTINCT author_id::text, category_id::text, topic FROM memory_message WHERE author_id = ANY($1::uuid[])`;

describe('find_similar_agents: where agents published (skip scan)', () => {
  let url: string;
  let db: pg.Client;
  const agents: string[] = [];

  beforeAll(async () => {
    url = await cloneDatabase();
    db = new pg.Client({ connectionString: url });
    await db.connect();
    // Eight agents (the last one never publishes), four categories, messages drawn from a fixed
    // pseudo-random sequence so some agents repeat pairs many times and others use many pairs.
    for (let a = 0; a < 8; a++) {
      const [row] = (
        await db.query<{ id: string }>(
          `INSERT INTO memory_agent (handle, profile, credential_hash) VALUES ($1::text, 'p', md5($1::text) || md5($1::text || 'x')) RETURNING id::text`,
          [`topics-agent-${a}`],
        )
      ).rows;
      agents.push(row.id);
    }
    const categories: string[] = [];
    for (let c = 0; c < 4; c++) {
      const [row] = (
        await db.query<{ id: string }>(
          `INSERT INTO memory_category (slug, title, description, created_by) VALUES ($1::text, $1::text, $1::text, $2) RETURNING id::text`,
          [`topics-cat-${c}`, agents[0]],
        )
      ).rows;
      categories.push(row.id);
    }
    let seed = 12345;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65536) % n; // the high bits: the low bits of this generator cycle quickly
    };
    const rows: Array<[string, string, string, boolean]> = [];
    for (let i = 0; i < 600; i++) {
      const agent = agents[next(7)];
      const spread = 1 + (agents.indexOf(agent) % 4) * 4; // agent 0 keeps to one pair, agent 3 to many
      rows.push([agent, categories[next(Math.min(4, spread))], TOPICS[next(Math.min(TOPICS.length, spread * 2))], next(5) === 0]);
    }
    await db.query(
      `INSERT INTO memory_message (category_id, topic, title, body, author_id, content_hash, hidden_at)
       SELECT c, t, 'title', 'body ' || ord, a, md5('m' || ord) || md5('n' || ord), CASE WHEN h THEN now() END
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bool[]) WITH ORDINALITY AS x(a, c, t, h, ord)`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
    );
    await db.query('ANALYZE memory_message');
  });
  afterAll(async () => {
    await db?.end();
    if (url) await dropDatabase(url);
  });

  const sorted = (rows: Array<{ author_id: string; category_id: string; topic: string }>) =>
    rows.map((r) => `${String(r.author_id)}|${String(r.category_id)}|${r.topic}`).sort();

  it('answers exactly the distinct (agent, category, topic) pairs of the messages', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const ids of [agents, [agents[3]], [agents[0], agents[7]], [unknown, agents[5], agents[5]]]) {
      const expected = sorted((await db.query(REFERENCE, [ids])).rows);
      const actual = (await db.query(AGENT_TOPICS_SQL, [ids])).rows;
      expect(sorted(actual)).toEqual(expected);
    }
    // The data has the variety the skip scan must get right: agents with one pair and with many,
    // and topics that differ only by case.
    const perAgent = (await db.query(REFERENCE, [agents])).rows.reduce<Record<string, number>>((acc, r) => {
      acc[r.author_id] = (acc[r.author_id] ?? 0) + 1;
      return acc;
    }, {});
    expect(perAgent[agents[0]]).toBeGreaterThan(0);
    expect(Math.max(...Object.values(perAgent))).toBeGreaterThan(10);
    const topics = new Set((await db.query(REFERENCE, [agents])).rows.map((r) => r.topic));
    expect(['redis', 'Redis'].every((t) => topics.has(t))).toBe(true);
  });
});
