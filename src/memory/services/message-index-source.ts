import type { SyncedTextIndexSource } from '../../common/search/synced-text-index.js';
import { INDEX_CHUNK_SQL, INDEX_ROWS_SQL, type IndexedMessageRow } from '../queries/messages.queries.js';

/** Field weights: title, topic, body. */
const FIELD_WEIGHTS = [4, 3, 1];
/** The index flag of a flagged message (left out unless a search includes them). */
export const FLAGGED = 1;

/**
 * What search_memory indexes (the visible messages; newer ones win ties) and how it reads them. Plain
 * data and functions: the worker thread that builds a large index (src/build-worker.ts) imports it too.
 */
export const MESSAGE_INDEX_SOURCE: SyncedTextIndexSource<IndexedMessageRow> = {
  name: 'messages',
  changeTable: 'memory_search_change',
  fieldWeights: FIELD_WEIGHTS,
  chunkSql: INDEX_CHUNK_SQL,
  rowsSql: INDEX_ROWS_SQL,
  document: (m) => ({
    key: m.id,
    fields: [m.title, m.topic, m.body],
    exact: [m.title],
    flags: m.flagged ? FLAGGED : 0,
    order: new Date(m.created_at).getTime(),
  }),
};
