import type { EntityManager } from 'typeorm';
import { MEMBER_QUERIES, type MemberRow, type UpsertResultRow } from '../queries/member.queries.js';

export interface UpsertOutcome {
  created: number;
  /** Every slug the statement touched, in order, and whether each was newly inserted. */
  slugs: string[];
  inserted: boolean[];
}

/**
 * Writes validated member rows in one statement, inside the caller's transaction. On a known slug
 * `keep` leaves the stored profile as it is, `replace` overwrites it (status and id unchanged).
 */
export async function upsertMembers(tx: EntityManager, rows: MemberRow[], onConflict: 'keep' | 'replace'): Promise<UpsertOutcome> {
  const sql = onConflict === 'replace' ? MEMBER_QUERIES.upsertReplace : MEMBER_QUERIES.upsertKeep;
  const result = await tx.query<UpsertResultRow[]>(sql, [JSON.stringify(rows)]);
  return {
    created: result.filter((r) => r.inserted).length,
    slugs: result.map((r) => r.slug),
    inserted: result.map((r) => r.inserted),
  };
}
