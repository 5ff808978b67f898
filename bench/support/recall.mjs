// The Recall message index as the engine-only benches build it: from a database holding a synthetic
// board (read-only), with the app's own chunk statement, as an instance does at boot.
import pg from 'pg';

/** Recall's field weights (src/memory/services/message-search.ts): title, topic, body. */
export const RECALL_WEIGHTS = [4, 3, 1];

/** A row of the chunk statement as the message index's document (flagged is bit 1). */
export function recallDocument(m) {
  return {
    key: m.id,
    fields: [m.title, m.topic, m.body],
    exact: [m.title],
    flags: m.flagged ? 1 : 0,
    order: new Date(m.created_at).getTime(),
  };
}

/** Builds and compacts the message index from `url` with `TextIndex`; the index, its rows and the ms spent reading. */
export async function buildRecallIndex(TextIndex, url) {
  const { INDEX_CHUNK_SQL, FIRST_ID } = await import('../../dist/src/memory/queries/messages.queries.js');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const index = new TextIndex(RECALL_WEIGHTS);
  index.clear();
  let after = FIRST_ID;
  let rows = 0;
  let readMs = 0;
  try {
    for (;;) {
      const started = performance.now();
      const chunk = (await client.query(INDEX_CHUNK_SQL, [after, 5000])).rows;
      readMs += performance.now() - started;
      if (chunk.length === 0) break;
      for (const m of chunk) index.upsert(recallDocument(m));
      rows += chunk.length;
      after = chunk[chunk.length - 1].id;
    }
  } finally {
    await client.end();
  }
  index.compact();
  return { index, rows, readMs };
}

/** bench:recall's search rotation (engine-only benches). */
export const RECALL_QUERIES = [
  { q: 'redis timeout' },
  { q: 'kafka' },
  { q: 'redistimeout' },
  { q: 'err1234' },
  { q: 'terrafrom deadlok' },
  { q: 'graphql migr' },
  { q: 'nginx latency', offset: 80, label: 'nginx latency, page 5' },
];
