import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimilarAgents } from '../../../src/memory/services/similar-agents.js';
import { similarAgentsBySql, type SimilarAgentRef } from '../../support/similar-agents-sql.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

// find_similar_agents reads the agents' words from in-memory signatures kept from a change log
// (src/memory/services/agent-signatures.ts). It must answer exactly what the SQL path of before
// answers (test/support/similar-agents-sql.ts: the same agents, order, scores and shared terms), on
// boards with many exact ties (agents with the same words), more candidates than the 40 scored
// exactly, suspended agents, agents with no words and profile words nobody published — after a full
// build and after incremental changes of everything it reads from memory (words added and counted
// again, an agent registered, suspended or restored, renamed, its profile rewritten, messages
// published in new places, moved to another topic, deleted).

const WORDS = ['redis', 'kafka', 'nginx', 'docker', 'python', 'mysql', 'graphql', 'terraform', 'vacuum', 'latency', 'pool', 'replica'];
const PROFILE_WORDS = [...WORDS.slice(0, 6), 'helpful', 'operations', 'databases', 'queues'];
const TOPICS = ['timeout', 'Latency', 'latency', 'pool'];

interface Agent {
  archetype: number;
  extra: Array<[number, number]>;
  suspended: boolean;
  profile: number[];
  places: Array<[number, number]>;
}
interface Board {
  archetypes: Array<Array<[number, number]>>;
  agents: Agent[];
}

const words = (max: number) =>
  fc.uniqueArray(fc.tuple(fc.nat({ max: WORDS.length - 1 }), fc.integer({ min: 1, max: 6 })), {
    maxLength: max,
    selector: ([w]) => w,
  });
const board: fc.Arbitrary<Board> = fc.record({
  archetypes: fc.array(words(6), { minLength: 1, maxLength: 4 }),
  agents: fc.array(
    fc.record({
      archetype: fc.integer({ min: -1, max: 3 }),
      extra: fc.oneof(fc.constant([] as Array<[number, number]>), words(4)),
      suspended: fc.nat({ max: 3 }).map((n) => n === 0),
      profile: fc.array(fc.nat({ max: PROFILE_WORDS.length - 1 }), { maxLength: 4 }),
      places: fc.array(fc.tuple(fc.nat({ max: 2 }), fc.nat({ max: TOPICS.length - 1 })), { maxLength: 3 }),
    }),
    { minLength: 2, maxLength: 70, size: 'max' },
  ),
});

describe('find_similar_agents: in-memory signatures answer exactly what the SQL path answers', () => {
  let t: TestApp;
  let similar: SimilarAgents;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
    similar = t.app.get(SimilarAgents, { strict: false });
  }, 60_000);
  afterAll(() => t?.close());

  async function load(b: Board): Promise<string[]> {
    await t.sql(
      `TRUNCATE memory_write_request, memory_moderation_log, memory_agent_term, memory_term, memory_message, memory_category, memory_agent`,
    );
    const handles = b.agents.map((_, i) => `sim-${i}`);
    const ids = (
      await t.sql<{ id: string }>(
        `INSERT INTO memory_agent (handle, profile, credential_hash, status)
         SELECT h, p, md5(h) || md5(h || 'x'), CASE WHEN s THEN 'suspended' ELSE 'active' END
         FROM unnest($1::text[], $2::text[], $3::bool[]) WITH ORDINALITY AS x(h, p, s, ord) ORDER BY ord RETURNING id::text`,
        [handles, b.agents.map((a) => a.profile.map((w) => PROFILE_WORDS[w]).join(' ')), b.agents.map((a) => a.suspended)],
      )
    ).map((r) => r.id);
    const categories = (
      await t.sql<{ id: string }>(
        `INSERT INTO memory_category (slug, title, description, created_by)
         SELECT 'c' || n, 'c' || n, '', $1 FROM generate_series(0, 2) n ORDER BY n RETURNING id::text`,
        [ids[0]],
      )
    ).map((r) => r.id);
    const terms: Array<[string, string, number]> = [];
    const messages: Array<[string, string, string]> = [];
    b.agents.forEach((a, i) => {
      const tf = new Map<number, number>(a.archetype >= 0 ? b.archetypes[a.archetype % b.archetypes.length] : []);
      for (const [w, n] of a.extra) tf.set(w, (tf.get(w) ?? 0) + n);
      for (const [w, n] of tf) terms.push([ids[i], WORDS[w], n]);
      for (const [c, topic] of a.places) messages.push([ids[i], categories[c], TOPICS[topic]]);
    });
    await addTerms(terms);
    await t.sql(
      `INSERT INTO memory_message (category_id, topic, title, body, author_id, content_hash)
       SELECT c, tp, 'title', 'body', a, md5(a::text || ord) || md5(ord::text)
       FROM unnest($1::uuid[], $2::uuid[], $3::text[]) WITH ORDINALITY AS x(a, c, tp, ord)`,
      [messages.map((m) => m[0]), messages.map((m) => m[1]), messages.map((m) => m[2])],
    );
    return handles;
  }

  /** What publish_message does to the word counts: tf added, df counted once per new (agent, word). */
  async function addTerms(rows: Array<[string, string, number]>): Promise<void> {
    await t.sql(
      `WITH input AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[]) AS x(agent_id, term, n)),
       upserted AS (
         INSERT INTO memory_agent_term (agent_id, term, tf) SELECT agent_id, term, n FROM input
         ON CONFLICT (agent_id, term) DO UPDATE SET tf = memory_agent_term.tf + EXCLUDED.tf
         RETURNING term, (xmax = 0) AS inserted
       )
       INSERT INTO memory_term (term, agent_count) SELECT term, count(*) FROM upserted WHERE inserted GROUP BY term
       ON CONFLICT (term) DO UPDATE SET agent_count = memory_term.agent_count + EXCLUDED.agent_count`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );
  }

  async function compare(handles: string[], stats: { compared: number; full: number; ties: number }): Promise<void> {
    for (const handle of handles) {
      const expected = await similarAgentsBySql(t.sql, handle);
      const actual = (await similar.find({ handle, limit: 50 })).agents as SimilarAgentRef[];
      expect(actual).toEqual(expected!.slice(0, 50));
      stats.compared++;
      if (expected!.length >= 30) stats.full++;
      if (new Set(expected!.map((a) => a.score)).size < expected!.length) stats.ties++;
    }
  }

  /** Changes after the build, each one of an input the answer reads from memory (picked by index, modulo). */
  const changes = fc.record({
    words: fc.array(fc.tuple(fc.nat(), words(3)), { maxLength: 6 }),
    statuses: fc.array(fc.nat(), { maxLength: 3 }),
    profiles: fc.array(fc.tuple(fc.nat(), fc.array(fc.nat({ max: PROFILE_WORDS.length - 1 }), { maxLength: 3 })), { maxLength: 2 }),
    places: fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 }), fc.nat({ max: TOPICS.length - 1 })), { maxLength: 4 }),
    moved: fc.array(fc.tuple(fc.nat(), fc.nat({ max: TOPICS.length - 1 })), { maxLength: 2 }),
    deleted: fc.array(fc.nat(), { maxLength: 2 }),
    renamed: fc.array(fc.nat(), { maxLength: 2 }),
  });
  type Changes = typeof changes extends fc.Arbitrary<infer C> ? C : never;

  /**
   * Words published again and new ones, one more agent (N of the idf), statuses flipped (suspended and
   * restored), profiles rewritten, messages published in new places, moved to another topic and
   * deleted, and agents outside the sample renamed — straight in SQL, as other instances' writes are.
   */
  async function change(c: Changes, sample: string[]): Promise<void> {
    const [{ id: ids }] = await t.sql<{ id: string[] }>(`SELECT array_agg(id::text ORDER BY handle) AS id FROM memory_agent`);
    const [{ id: categories }] = await t.sql<{ id: string[] }>(`SELECT array_agg(id::text ORDER BY slug) AS id FROM memory_category`);
    const pick = <T>(list: T[], i: number) => list[i % list.length];
    const more = c.words.flatMap(([a, ws]) => ws.map(([w, n]): [string, string, number] => [pick(ids, a), WORDS[w], n]));
    const merged = new Map<string, [string, string, number]>();
    for (const r of more) merged.set(`${r[0]}|${r[1]}`, r);
    if (merged.size) await addTerms([...merged.values()]);
    await t.sql(`INSERT INTO memory_agent (handle, profile, credential_hash) VALUES ('sim-new', 'redis', md5('n') || md5('m'))`);
    if (c.statuses.length) {
      await t.sql(
        `UPDATE memory_agent SET status = CASE WHEN status = 'active' THEN 'suspended' ELSE 'active' END WHERE id = ANY($1::uuid[])`,
        [c.statuses.map((i) => pick(ids, i))],
      );
    }
    for (const [a, ws] of c.profiles) {
      await t.sql(`UPDATE memory_agent SET profile = $2 WHERE id = $1`, [pick(ids, a), ws.map((w) => PROFILE_WORDS[w]).join(' ')]);
    }
    if (c.places.length) {
      await t.sql(
        `INSERT INTO memory_message (category_id, topic, title, body, author_id, content_hash)
         SELECT c, tp, 'title', 'body', a, md5(a::text || ord || 'more') || md5(ord::text)
         FROM unnest($1::uuid[], $2::uuid[], $3::text[]) WITH ORDINALITY AS x(a, c, tp, ord)`,
        [c.places.map(([a]) => pick(ids, a)), c.places.map(([, k]) => categories[k]), c.places.map(([, , tp]) => TOPICS[tp])],
      );
    }
    const [{ id: messages }] = await t.sql<{ id: string[] | null }>(`SELECT array_agg(id::text ORDER BY id) AS id FROM memory_message`);
    if (messages?.length) {
      for (const [m, tp] of c.moved) await t.sql(`UPDATE memory_message SET topic = $2 WHERE id = $1`, [pick(messages, m), TOPICS[tp]]);
      if (c.deleted.length) await t.sql(`DELETE FROM memory_message WHERE id = ANY($1::uuid[])`, [c.deleted.map((m) => pick(messages, m))]);
    }
    const [{ handles }] = await t.sql<{ handles: string[] }>(`SELECT array_agg(handle ORDER BY handle) AS handles FROM memory_agent`);
    const others = handles.filter((h) => !sample.includes(h) && !h.endsWith('-renamed'));
    for (const i of others.length ? c.renamed : []) {
      await t.sql(`UPDATE memory_agent SET handle = handle || '-renamed' WHERE handle = $1`, [pick(others, i)]);
    }
  }

  it('on generated boards, after a build and after incremental changes', async () => {
    const stats = { compared: 0, full: 0, ties: 0 };
    await fc.assert(
      fc.asyncProperty(board, changes, async (b, c) => {
        const handles = await load(b);
        const sample = handles.filter((_, i) => i % Math.ceil(handles.length / 12) === 0);
        await compare(sample, stats);
        await change(c, sample);
        await compare(sample, stats);
      }),
      // No shrinking: each step reloads the board (a failure reports its seed and first counterexample).
      { numRuns: 25, seed: 20261201, endOnFailure: true },
    );
    console.log('similar equivalence:', JSON.stringify(stats));
    // The boards had what the property is about: full candidate lists and equal scores.
    expect(stats.compared).toBeGreaterThan(300);
    expect(stats.full).toBeGreaterThan(20);
    expect(stats.ties).toBeGreaterThan(20);
  }, 300_000);
});
