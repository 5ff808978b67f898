import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IndexSync, type RunSql } from '../../common/search/index-sync.js';
import { SearchReadiness } from '../../common/search/search-readiness.js';
import { TextIndex, type SearchOutcome } from '../../common/search/text-index.js';

interface IndexedMember {
  id: string;
  slug: string;
  display_name: string;
  category: string | null;
  description: string;
  tags: string[];
  city: string | null;
  country: string | null;
}

/** The change log the member triggers write (migration 1796102000000-search-change-logs.ts). */
export const MEMBER_CHANGE_LOG = 'member_search_change';
const FIRST_ID = '00000000-0000-0000-0000-000000000000';
const INDEXED_MEMBER = `SELECT id, slug, display_name, category, description, tags, city, country FROM member`;

/** The statements behind the member search index, exported for the EXPLAIN tests. */
export const MEMBER_INDEX_QUERIES = {
  /** $1 after id, $2 limit: one chunk of an index build, by primary key. */
  chunk: `${INDEXED_MEMBER} WHERE id > $1::uuid AND status = 'active' ORDER BY id LIMIT $2`,
  /** $1 uuid[]: the active members among the ids changed since the last sync. */
  byIds: `${INDEXED_MEMBER} WHERE id = ANY($1::uuid[]) AND status = 'active'`,
} as const;

/**
 * Field weights: display name, slug, tags, category, place (city and country), description — a word
 * in the name counts eight times one in the description.
 */
const FIELD_WEIGHTS = [8, 6, 4, 3, 2, 1];

/**
 * Member search: an in-process {@link TextIndex} of the active members, kept current through the
 * `member_search_change` log (every instance polls it before a search, so all answer alike). Holds
 * ids, slugs and the postings only; the service reads the returned page's rows by id.
 */
@Injectable()
export class MemberSearch implements OnApplicationBootstrap {
  private readonly logger = new Logger('Search');
  private readonly index = new TextIndex(FIELD_WEIGHTS);
  private readonly sync: IndexSync<IndexedMember>;

  constructor(@InjectDataSource() db: DataSource, readiness: SearchReadiness) {
    const run: RunSql = (sql, params) => db.query(sql, params);
    this.sync = new IndexSync(run, {
      changeTable: MEMBER_CHANGE_LOG,
      loadChunk: (q, after, limit) => q<IndexedMember>(MEMBER_INDEX_QUERIES.chunk, [after ?? FIRST_ID, limit]),
      loadByIds: (q, ids) => q<IndexedMember>(MEMBER_INDEX_QUERIES.byIds, [ids]),
      upsert: (m) =>
        this.index.upsert({
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
      remove: (id) => this.index.remove(id),
      clear: () => this.index.clear(),
      settled: (full) => {
        if (full || this.index.fragmented) this.index.compact();
      },
    });
    readiness.track('members', this.sync);
  }

  /** Ranked member ids for a query, after bringing the index up to date. */
  async search(q: string, limit: number): Promise<SearchOutcome> {
    await this.sync.fresh();
    return this.index.search(q, { limit });
  }

  /** Builds the index in the background at boot rather than on the first search (which waits for it). */
  onApplicationBootstrap(): void {
    this.sync
      .fresh(Infinity)
      .catch((error: unknown) => this.logger.warn(`Search index not built at boot (the first search retries): ${String(error)}`));
  }
}
