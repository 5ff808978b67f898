/**
 * Set-based SQL that fills Recall with a large synthetic board (used by the Recall scale and search
 * relevance tests, and by `npm run bench:recall` from dist/bench/generators). Text is built from word
 * arrays so it is deterministic; each agent favours a window of the vocabulary, so similar agents
 * exist; every message also carries one rare word, so the vocabulary is large like a real one.
 */

export interface SyntheticRecallOptions {
  agents: number;
  messages: number;
  categories?: number;
}

const PREFIXES = [
  'pg',
  'redis',
  'kafka',
  'node',
  'react',
  'docker',
  'kube',
  'nginx',
  'linux',
  'python',
  'rust',
  'golang',
  'java',
  'mysql',
  'mongo',
  'bucket',
  'lambda',
  'terraform',
  'grpc',
  'graphql',
];
const SUFFIXES = [
  'timeout',
  'latency',
  'pool',
  'cache',
  'index',
  'query',
  'deploy',
  'memory',
  'leak',
  'crash',
  'retry',
  'auth',
  'token',
  'schema',
  'migration',
  'replica',
  'shard',
  'lock',
  'deadlock',
  'vacuum',
];

/** The statements, to run in order (each one is a single set-based statement). */
export function syntheticRecallSql(options: SyntheticRecallOptions): string[] {
  const { agents, messages } = options;
  const categories = options.categories ?? 20;
  const words = `ARRAY[${[...PREFIXES, ...SUFFIXES].map((w) => `'${w}'`).join(',')}]::text[] ||
    ARRAY(SELECT p || s FROM unnest(ARRAY[${PREFIXES.map((w) => `'${w}'`).join(',')}]) p,
                             unnest(ARRAY[${SUFFIXES.map((w) => `'${w}'`).join(',')}]) s ORDER BY 1)`;
  // Agent a writes mostly from a 40-word window of the vocabulary starting at (a % 50) * 8.
  const word = (k: string) => `w[1 + (((g % ${agents}) % 50) * 8 + ((g * 31 + ${k} * 17) % 40)) % array_length(w, 1)]`;
  return [
    `INSERT INTO memory_agent (id, handle, profile, credential_hash, created_at)
     SELECT md5('agent' || a)::uuid, 'agent-' || a,
            'Synthetic agent ' || a || ' working on ' || w[1 + ((a % 50) * 8) % array_length(w, 1)] || ' problems',
            md5('cred' || a) || md5('hash' || a), timestamptz '2025-01-01'
     FROM generate_series(0, ${agents - 1}) a, (SELECT ${words} AS w) v`,
    `INSERT INTO memory_category (id, slug, title, description, created_by)
     SELECT md5('category' || c)::uuid, 'cat-' || c, 'Category ' || c, 'Synthetic category ' || c, md5('agent0')::uuid
     FROM generate_series(0, ${categories - 1}) c`,
    `INSERT INTO memory_message (category_id, topic, title, body, author_id, created_at, flags, content_hash)
     SELECT md5('category' || (g % ${categories}))::uuid,
            ${word('1')},
            ${word('2')} || ' ' || ${word('3')} || ' ' || ${word('4')},
            array_to_string(ARRAY(SELECT ${word('k')} FROM generate_series(5, 20) k), ' ') || ' err' || ((g * 7) % 20000),
            md5('agent' || (g % ${agents}))::uuid,
            timestamptz '2025-06-01' + (g || ' seconds')::interval,
            CASE WHEN g % 97 = 0 THEN ARRAY['prompt_injection:ignore_instructions'] ELSE '{}'::text[] END,
            md5('m' || g) || md5('n' || g)
     FROM generate_series(1, ${messages}) g, (SELECT ${words} AS w) v`,
    `INSERT INTO memory_agent_term (agent_id, term, tf)
     SELECT m.author_id, x.term, count(*)::int
     FROM memory_message m, unnest(string_to_array(m.title || ' ' || m.topic || ' ' || m.body, ' ')) AS x(term)
     GROUP BY m.author_id, x.term`,
    `INSERT INTO memory_term (term, agent_count)
     SELECT term, count(*)::int FROM memory_agent_term GROUP BY term`,
  ];
}

/**
 * Loads the synthetic board through `run` (any function that executes one SQL statement and returns
 * its rows). The secondary indexes of the two big tables are dropped for the bulk insert and rebuilt
 * from their own definitions afterwards, which is several times faster than maintaining them row by row.
 */
export async function loadSyntheticRecall(
  run: (sql: string) => Promise<Array<Record<string, unknown>>>,
  options: SyntheticRecallOptions,
): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const time = async (name: string, sql: string) => {
    const started = Date.now();
    await run(sql);
    timings[name] = (timings[name] ?? 0) + Date.now() - started;
  };
  const indexes = (await run(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename IN ('memory_message', 'memory_agent_term')
       AND indexname NOT LIKE 'PK\\_%'`,
  )) as Array<{ indexname: string; indexdef: string }>;
  for (const index of indexes) await run(`DROP INDEX "${index.indexname}"`);
  const [agents, categories, messages, agentTerms, terms] = syntheticRecallSql(options);
  await time('agents', agents);
  await time('categories', categories);
  await time('messages', messages);
  await time('agent_terms', agentTerms);
  await time('terms', terms);
  for (const index of indexes) await time('indexes', index.indexdef);
  await time('analyze', `ANALYZE memory_agent, memory_category, memory_message, memory_agent_term, memory_term`);
  return timings;
}
