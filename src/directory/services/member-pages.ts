import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { directoryError } from '../directory.errors.js';
import { ANCHOR_STEP, MEMBER_PAGE_QUERIES, PROFILE_PAGE_QUERIES, type AnchorRow, type MemberRow } from '../queries/member.queries.js';
import { MemberChangeKeyed } from './member-change-keyed.js';

interface Anchors {
  slugs: string[];
  total: number;
}

/** A list's statements (member.queries.ts, slugPageQueries). */
type SlugPageQueries = typeof MEMBER_PAGE_QUERIES;

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
  throw directoryError('validation_failed', 'cursor is not valid: pass the next_cursor of a previous page unchanged', {
    details: { field: 'cursor' },
  });
}

/**
 * One list of members in slug order, by offset and by cursor. Offsets are served as keyset scans
 * from the nearest remembered slug (every 1,000th), recomputed after a change to `member` (seen in its
 * change log), so a page 900,000 rows deep costs what a page 999 rows deep costs, and the total is
 * read from the same pass instead of a count per request.
 */
export class AnchoredPages {
  private readonly anchors: MemberChangeKeyed<Anchors>;

  constructor(
    private readonly db: DataSource,
    private readonly queries: SlugPageQueries,
  ) {
    this.anchors = new MemberChangeKeyed(db, async () => {
      const rows = await db.query<AnchorRow[]>(queries.anchors);
      return { slugs: rows.map((r) => r.slug), total: rows[0]?.total ?? 0 };
    });
  }

  /** Page rows (`$limit` of them) by offset, and the total at that moment. */
  async byOffset(limit: number, offset: number): Promise<{ rows: MemberRow[]; total: number }> {
    const anchors = await this.anchors.get();
    if (offset >= anchors.total) return { rows: [], total: anchors.total };
    const at = Math.floor(offset / ANCHOR_STEP);
    const rows = await this.db.query<MemberRow[]>(this.queries.fromAnchor, [limit, offset - at * ANCHOR_STEP, anchors.slugs[at]]);
    return { rows, total: anchors.total };
  }

  /** Page rows after a cursor's slug, and the total. */
  async afterCursor(limit: number, cursor: string): Promise<{ rows: MemberRow[]; total: number }> {
    const after = decodeCursor(cursor);
    const [rows, anchors] = await Promise.all([this.db.query<MemberRow[]>(this.queries.after, [limit, after]), this.anchors.get()]);
    return { rows, total: anchors.total };
  }
}

/** The directory's paged lists: the public members (categorized) and the map's profiles (with a location). */
@Injectable()
export class MemberPages {
  readonly members: AnchoredPages;
  readonly profiles: AnchoredPages;

  constructor(@InjectDataSource() db: DataSource) {
    this.members = new AnchoredPages(db, MEMBER_PAGE_QUERIES);
    this.profiles = new AnchoredPages(db, PROFILE_PAGE_QUERIES);
  }
}
