import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IndexBuilds } from '../../common/search/index-builds.js';
import { SearchReadiness } from '../../common/search/search-readiness.js';
import { SyncedTextIndex } from '../../common/search/synced-text-index.js';
import type { SearchOutcome } from '../../common/search/text-index.js';
import type { IndexedMemberRow } from '../queries/member.queries.js';
import { MEMBER_INDEX_SOURCE } from './member-index-source.js';

/**
 * Member search: an in-process index of the active members ({@link SyncedTextIndex}), kept current
 * through the `member_search_change` log. Holds ids, slugs and the postings only; the service reads
 * the returned page's rows by id.
 */
@Injectable()
export class MemberSearch implements OnApplicationBootstrap {
  private readonly index: SyncedTextIndex<IndexedMemberRow>;

  constructor(@InjectDataSource() db: DataSource, readiness: SearchReadiness, builds: IndexBuilds) {
    this.index = new SyncedTextIndex(db, MEMBER_INDEX_SOURCE, builds);
    readiness.track(MEMBER_INDEX_SOURCE.name, this.index);
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
