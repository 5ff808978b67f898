import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IndexSync, type RunSql } from '../../common/search/index-sync.js';
import { SearchReadiness } from '../../common/search/search-readiness.js';
import { TextIndex, type SearchOutcome } from '../../common/search/text-index.js';
import { FIRST_ID, INDEX_CHUNK_SQL, INDEX_ROWS_SQL, type IndexedMessageRow as IndexedMessage } from '../queries/messages.queries.js';

/** Field weights: title, topic, body. */
const FIELD_WEIGHTS = [4, 3, 1];
const FLAGGED = 1;

/**
 * search_memory's ranking: an in-process {@link TextIndex} of the visible messages (title, topic,
 * body), kept current through the `memory_search_change` log. Newer messages win ties.
 */
@Injectable()
export class MessageSearch implements OnApplicationBootstrap {
  private readonly logger = new Logger('Search');
  private readonly index = new TextIndex(FIELD_WEIGHTS);
  private readonly sync: IndexSync<IndexedMessage>;

  constructor(@InjectDataSource() db: DataSource, readiness: SearchReadiness) {
    const run: RunSql = (sql, params) => db.query(sql, params);
    this.sync = new IndexSync(run, {
      changeTable: 'memory_search_change',
      loadChunk: (q, after, limit) => q<IndexedMessage>(INDEX_CHUNK_SQL, [after ?? FIRST_ID, limit]),
      loadByIds: (q, ids) => q<IndexedMessage>(INDEX_ROWS_SQL, [ids]),
      upsert: (m) =>
        this.index.upsert({
          key: m.id,
          fields: [m.title, m.topic, m.body],
          exact: [m.title],
          flags: m.flagged ? FLAGGED : 0,
          order: new Date(m.created_at).getTime(),
        }),
      remove: (id) => this.index.remove(id),
      clear: () => this.index.clear(),
      settled: (full) => {
        if (full || this.index.fragmented) this.index.compact();
      },
    });
    readiness.track('messages', this.sync);
  }

  /** Ranked message ids for a query, after bringing the index up to date. */
  async search(q: string, options: { limit: number; offset: number; includeFlagged: boolean }): Promise<SearchOutcome> {
    await this.sync.fresh();
    return this.index.search(q, { limit: options.limit, offset: options.offset, excludeFlags: options.includeFlagged ? 0 : FLAGGED });
  }

  /** Builds the index in the background at boot rather than on the first search (which waits for it). */
  onApplicationBootstrap(): void {
    this.sync
      .fresh(Infinity)
      .catch((error: unknown) => this.logger.warn(`Search index not built at boot (the first search retries): ${String(error)}`));
  }
}
