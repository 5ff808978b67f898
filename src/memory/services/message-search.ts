import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SearchReadiness } from '../../common/search/search-readiness.js';
import { SyncedTextIndex } from '../../common/search/synced-text-index.js';
import type { SearchOutcome } from '../../common/search/text-index.js';
import { INDEX_CHUNK_SQL, INDEX_ROWS_SQL, type IndexedMessageRow } from '../queries/messages.queries.js';

/** Field weights: title, topic, body. */
const FIELD_WEIGHTS = [4, 3, 1];
const FLAGGED = 1;

/**
 * search_memory's ranking: an in-process index of the visible messages (title, topic, body;
 * {@link SyncedTextIndex}), kept current through the `memory_search_change` log. Newer messages win ties.
 */
@Injectable()
export class MessageSearch implements OnApplicationBootstrap {
  private readonly index: SyncedTextIndex<IndexedMessageRow>;

  constructor(@InjectDataSource() db: DataSource, readiness: SearchReadiness) {
    this.index = new SyncedTextIndex(db, {
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
    });
    readiness.track('messages', this.index);
  }

  /** Ranked message ids for a query, after bringing the index up to date. */
  search(q: string, options: { limit: number; offset: number; includeFlagged: boolean }): Promise<SearchOutcome> {
    return this.index.search(q, { limit: options.limit, offset: options.offset, excludeFlags: options.includeFlagged ? 0 : FLAGGED });
  }

  /** Builds the index in the background at boot rather than on the first search (which waits for it). */
  onApplicationBootstrap(): void {
    this.index.buildInBackground();
  }
}
