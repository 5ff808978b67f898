import type { SyncedTextIndexSource } from '../../common/search/synced-text-index.js';
import { MEMBER_CHANGE_LOG, MEMBER_INDEX_QUERIES, type IndexedMemberRow } from '../queries/member.queries.js';

/**
 * Field weights: display name, slug, tags, category, place (city and country), description — a word
 * in the name counts eight times one in the description.
 */
const FIELD_WEIGHTS = [8, 6, 4, 3, 2, 1];

/**
 * What member search indexes (the active members) and how it reads them. Plain data and functions:
 * the worker thread that builds a large index (src/build-worker.ts) imports it as well as MemberSearch.
 */
export const MEMBER_INDEX_SOURCE: SyncedTextIndexSource<IndexedMemberRow> = {
  name: 'members',
  changeTable: MEMBER_CHANGE_LOG,
  fieldWeights: FIELD_WEIGHTS,
  chunkSql: MEMBER_INDEX_QUERIES.chunk,
  rowsSql: MEMBER_INDEX_QUERIES.byIds,
  document: (m) => ({
    key: m.id,
    fields: [
      m.display_name,
      m.slug.replaceAll('-', ' '),
      m.tags_text,
      m.category ?? '',
      `${m.city ?? ''} ${m.country ?? ''}`,
      m.description,
    ],
    exact: [m.display_name, m.slug.replaceAll('-', ' ')],
    sortKey: m.slug,
  }),
};
