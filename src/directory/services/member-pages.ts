import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { latestChangeSql } from '../../common/search/index-sync.js';
import { MEMBER_CHANGE_LOG } from './member-search.js';

/** Every ANCHOR_STEP-th slug of the public list is remembered, so an offset skips < ANCHOR_STEP index entries. */
export const ANCHOR_STEP = 1000;

const PUBLIC_MEMBERS = `status = 'active' AND category IS NOT NULL`;
const columns = (a: string): string =>
  `${a}slug, ${a}display_name, ${a}category, ${a}description, ${a}website, ${a}city, ${a}country, ${a}latitude,
   ${a}longitude, ${a}tags, ${a}member_since::text AS member_since`;

/** The statements of the members list, exported for the EXPLAIN tests. */
export const MEMBER_PAGE_QUERIES = {
  /**
   * $1 limit, $2 offset past the anchor, $3 the anchor slug. A deferred join: the page's slugs come
   * from an index-only scan of the partial index starting at the anchor.
   */
  fromAnchor: `SELECT ${columns('m.')}
         FROM (SELECT slug FROM member WHERE ${PUBLIC_MEMBERS} AND slug >= $3 ORDER BY slug LIMIT $1 OFFSET $2) AS page
         JOIN member m ON m.slug = page.slug
        ORDER BY m.slug`,
  /** $1 limit, $2 the last slug of the previous page (keyset pagination). */
  after: `SELECT ${columns('m.')}
         FROM (SELECT slug FROM member WHERE ${PUBLIC_MEMBERS} AND slug > $2 ORDER BY slug LIMIT $1) AS page
         JOIN member m ON m.slug = page.slug
        ORDER BY m.slug`,
  /** Every ANCHOR_STEP-th public slug with its position, and the total; one index-only pass. */
  anchors: `SELECT slug, n, total FROM (
          SELECT slug, (row_number() OVER (ORDER BY slug) - 1)::int AS n, (count(*) OVER ())::int AS total
            FROM member WHERE ${PUBLIC_MEMBERS}) AS s
        WHERE n % ${ANCHOR_STEP} = 0 ORDER BY n`,
} as const;

interface Anchors {
  seq: string;
  slugs: string[];
  total: number;
}

/** Opaque to clients: base64url of `{"after":"<slug>"}`. */
export function encodeCursor(slug: string): string {
  return Buffer.from(JSON.stringify({ after: slug }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof value.after === 'string' && value.after.length > 0 && value.after.length <= 100) return value.after;
  } catch {
    // fall through
  }
  throw new AppError('validation_failed', 'cursor is not valid: pass the next_cursor of a previous page unchanged', {
    details: { field: 'cursor' },
  });
}

/**
 * The public members list by slug, both by offset and by cursor. Offsets are served as keyset scans
 * from the nearest remembered slug (every 1,000th), recomputed after a change to `member` (seen in the
 * search change log), so a page 90,000 rows deep costs what a page 999 rows deep costs.
 */
@Injectable()
export class MemberPages {
  private anchors?: Anchors;
  private computing?: Promise<Anchors>;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Page rows (`$limit` of them) by offset, and the total at that moment. */
  async byOffset<Row>(limit: number, offset: number): Promise<{ rows: Row[]; total: number }> {
    const anchors = await this.current();
    if (offset >= anchors.total) return { rows: [], total: anchors.total };
    const at = Math.floor(offset / ANCHOR_STEP);
    const rows = await this.db.query<Row[]>(MEMBER_PAGE_QUERIES.fromAnchor, [limit, offset - at * ANCHOR_STEP, anchors.slugs[at]]);
    return { rows, total: anchors.total };
  }

  /** Page rows after a cursor's slug, and the total. */
  async afterCursor<Row>(limit: number, cursor: string): Promise<{ rows: Row[]; total: number }> {
    const after = decodeCursor(cursor);
    const [rows, anchors] = await Promise.all([this.db.query<Row[]>(MEMBER_PAGE_QUERIES.after, [limit, after]), this.current()]);
    return { rows, total: anchors.total };
  }

  private async current(): Promise<Anchors> {
    const [{ seq }] = await this.db.query<Array<{ seq: string }>>(latestChangeSql(MEMBER_CHANGE_LOG));
    if (this.anchors?.seq === seq) return this.anchors;
    // Concurrent requests share one computation.
    this.computing ??= this.compute(seq).finally(() => (this.computing = undefined));
    return this.computing;
  }

  private async compute(seq: string): Promise<Anchors> {
    const rows = await this.db.query<Array<{ slug: string; n: number; total: number }>>(MEMBER_PAGE_QUERIES.anchors);
    const anchors = { seq, slugs: rows.map((r) => r.slug), total: rows[0]?.total ?? 0 };
    this.anchors = anchors;
    return anchors;
  }
}
