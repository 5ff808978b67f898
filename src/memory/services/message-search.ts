import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IndexBuilds } from '../../common/search/index-builds.js';
import { SearchReadiness } from '../../common/search/search-readiness.js';
import { SyncedTextIndex } from '../../common/search/synced-text-index.js';
import type { SearchOutcome } from '../../common/search/text-index.js';
import type { IndexedMessageRow } from '../queries/messages.queries.js';
import { FLAGGED, MESSAGE_INDEX_SOURCE } from './message-index-source.js';

/**
 * search_memory's ranking: an in-process index of the visible messages (title, topic, body;
 * {@link SyncedTextIndex}), kept current through the `memory_search_change` log. Newer messages win ties.
 */
@Injectable()
export class MessageSearch implements OnApplicationBootstrap {
  private readonly index: SyncedTextIndex<IndexedMessageRow>;

  constructor(@InjectDataSource() db: DataSource, readiness: SearchReadiness, builds: IndexBuilds) {
    this.index = new SyncedTextIndex(db, MESSAGE_INDEX_SOURCE, builds);
    readiness.track(MESSAGE_INDEX_SOURCE.name, this.index);
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
