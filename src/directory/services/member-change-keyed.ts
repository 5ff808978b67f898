import type { DataSource } from 'typeorm';
import { MEMBER_CHANGE_SEQ, type ChangeSeqRow } from '../queries/member.queries.js';

/**
 * A value computed from the member table (a list's anchors, the per-category counts, the globe), remembered
 * until the member change log moves. Every statement that writes `member` logs a change, in commit
 * order (migration 1796102000000-search-change-logs.ts), so each read costs one indexed probe of the
 * log's newest entry and never answers from before a change committed ahead of it — on any instance,
 * with no cache bus involved. Reads that find it stale share one computation.
 */
export class MemberChangeKeyed<T> {
  /** What the newest computation to finish found, with the change it was started for. */
  private cached?: { seq: bigint; started: number; value: T };
  private computing?: { seq: bigint; promise: Promise<T> };
  /** Computations started so far: a later one is never replaced by an earlier one that finishes after it. */
  private starts = 0;

  constructor(
    private readonly db: DataSource,
    private readonly compute: () => Promise<T>,
  ) {}

  async get(): Promise<T> {
    const [row] = await this.db.query<ChangeSeqRow[]>(MEMBER_CHANGE_SEQ);
    const seq = BigInt(row.seq);
    const cached = this.cached;
    // Equal, not newer: the log's pruning can empty it (the newest entry reads 0 then), and that
    // value is remembered like any other until the next change.
    if (cached !== undefined && cached.seq === seq) return cached.value;
    let computing = this.computing;
    if (computing === undefined || computing.seq !== seq) {
      // Started after the probe: it sees every change up to `seq` (and perhaps later ones, which
      // the next probe finds and recomputes).
      const started = ++this.starts;
      const entry = {
        seq,
        promise: this.compute().then((value) => {
          if (this.cached === undefined || this.cached.started < started) this.cached = { seq, started, value };
          return value;
        }),
      };
      this.computing = computing = entry;
      // A failure reaches the callers that wait for it; the next read computes again.
      entry.promise
        .finally(() => {
          if (this.computing === entry) this.computing = undefined;
        })
        .catch(() => undefined);
    }
    return computing.promise;
  }
}
