import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SearchReadiness } from '../../common/search/search-readiness.js';
import { SyncedTextIndex } from '../../common/search/synced-text-index.js';
import type { SearchOutcome } from '../../common/search/text-index.js';
import { MEMBER_CHANGE_LOG, MEMBER_INDEX_QUERIES, type IndexedMemberRow } from '../queries/member.queries.js';

/**
 * Field weights: display name, slug, tags, category, place (city and country), description — a word
 * in the name counts eight times one in the description.
 */
const FIELD_WEIGHTS = [8, 6, 4, 3, 2, 1];

/**
 * Member search: an in-process index of the active members ({@link SyncedTextIndex}), kept current
 * through the `member_search_change` log. Holds ids, slugs and the postings only; the service reads
 * the returned page's rows by id.
 */
@Injectable()
export class MemberSearch implements OnApplicationBootstrap {
  private readonly index: SyncedTextIndex<IndexedMemberRow>;

  constructor(@InjectDataSource() db: DataSource, readiness: SearchReadiness) {
    this.index = new SyncedTextIndex(db, {
      changeTable: MEMBER_CHANGE_LOG,
      fieldWeights: FIELD_WEIGHTS,
      chunkSql: MEMBER_INDEX_QUERIES.chunk,
      rowsSql: MEMBER_INDEX_QUERIES.byIds,
      document: (m) => ({
        key: m.id,
        fields: [
          m.display_name,
          m.slug.replaceAll('-', ' '),
          m.tags.join(' '),
          m.category ?? '',
          `${m.city ?? ''} ${m.country ?? ''}`,
          m.description,
        ],
        exact: [m.display_name, m.slug.replaceAll('-', ' ')],
        sortKey: m.slug,
      }),
    });
    readiness.track('members', this.index);
  }

  /** Ranked member ids for a query, after bringing the index up to date. */
  search(q: string, limit: number): Promise<SearchOutcome> {
    return this.index.search(q, { limit });
  }

  /** Builds the index in the background at boot rather than on the first search (which waits for it). */
  onApplicationBootstrap(): void {
    this.index.buildInBackground();
  }
}
