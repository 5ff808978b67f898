import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { directoryError } from '../directory.errors.js';
import { ANCHOR_STEP, MEMBER_PAGE_QUERIES, type AnchorRow, type ChangeSeqRow, type MemberRow } from '../queries/member.queries.js';

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
  throw directoryError('validation_failed', 'cursor is not valid: pass the next_cursor of a previous page unchanged', {
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
  async byOffset(limit: number, offset: number): Promise<{ rows: MemberRow[]; total: number }> {
    const anchors = await this.current();
    if (offset >= anchors.total) return { rows: [], total: anchors.total };
    const at = Math.floor(offset / ANCHOR_STEP);
    const rows = await this.db.query<MemberRow[]>(MEMBER_PAGE_QUERIES.fromAnchor, [limit, offset - at * ANCHOR_STEP, anchors.slugs[at]]);
    return { rows, total: anchors.total };
  }

  /** Page rows after a cursor's slug, and the total. */
  async afterCursor(limit: number, cursor: string): Promise<{ rows: MemberRow[]; total: number }> {
    const after = decodeCursor(cursor);
    const [rows, anchors] = await Promise.all([this.db.query<MemberRow[]>(MEMBER_PAGE_QUERIES.after, [limit, after]), this.current()]);
    return { rows, total: anchors.total };
  }

  private async current(): Promise<Anchors> {
    const [{ seq }] = await this.db.query<ChangeSeqRow[]>(MEMBER_PAGE_QUERIES.changeSeq);
    if (this.anchors?.seq === seq) return this.anchors;
    // Concurrent requests share one computation.
    this.computing ??= this.compute(seq).finally(() => (this.computing = undefined));
    return this.computing;
  }

  private async compute(seq: string): Promise<Anchors> {
    const rows = await this.db.query<AnchorRow[]>(MEMBER_PAGE_QUERIES.anchors);
    const anchors = { seq, slugs: rows.map((r) => r.slug), total: rows[0]?.total ?? 0 };
    this.anchors = anchors;
    return anchors;
  }
}
