/**
 * Keeps an in-process search index in step with its PostgreSQL table through a change log: triggers
 * on the table append the id of every inserted, updated or deleted row (a NULL id after TRUNCATE) to
 * `<change table>(seq, ref_id, created_at)`, serialised by a transaction-level advisory lock so
 * sequence order is commit order. Before answering, a search asks for the newest `seq` (one index
 * probe); when it moved, the rows named since are read again and re-indexed. Every instance does the
 * same, so all of them answer from the same data without talking to each other, and a search always
 * sees the writes committed before it started.
 *
 * A search never reads a half-built index: while a full (re)build runs the index counts as not built,
 * and a search waits at most {@link BUILD_WAIT_MS} for it before it is refused with a retryable 503
 * (`service_unavailable`, Retry-After) — at a million rows a build takes tens of seconds, too long to
 * hold a request. A build that fails leaves the index not built, and the next search starts another.
 */

import { AppError } from '../errors/app-error.js';

export type RunSql = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface IndexSyncTarget<Row extends { id: string }> {
  /** The change log table. */
  changeTable: string;
  /** Up to `limit` indexable rows with id > `after` (null: from the start), ordered by id. */
  loadChunk(run: RunSql, after: string | null, limit: number): Promise<Row[]>;
  /** The indexable rows among these ids (rows not returned are removed from the index). */
  loadByIds(run: RunSql, ids: string[]): Promise<Row[]>;
  upsert(row: Row): void;
  remove(id: string): void;
  clear(): void;
  /** After a full build or a batch of changes. */
  settled?(full: boolean): void;
  /**
   * A full build done another way (in a worker thread, say) after {@link clear}, instead of reading the
   * chunks here: resolves once the index is complete, or throws (the index then stays not built).
   */
  build?(run: RunSql): Promise<void>;
}

/** Pending changes above this many are applied by rebuilding instead. */
const REBUILD_THRESHOLD = 20_000;
const CHUNK = 5_000;
/** Rows per chunk of a full build. */
export const BUILD_CHUNK = 10_000;
/** Change rows older than this are deleted; an instance idle for longer rebuilds. */
export const CHANGE_RETENTION_HOURS = 24;
const STALE_AFTER_MS = (CHANGE_RETENTION_HOURS - 1) * 3600_000;
/** How long a search waits for a (re)build in progress before it is refused (503, retryable). */
export const BUILD_WAIT_MS = 2_000;
/** Retry-After (seconds) of a search refused while the index is being built. */
const BUILD_RETRY_AFTER_S = 5;

/** The refusal of a search that arrived while its index is being built (no partial answers). */
export function indexBuildingError(): AppError {
  return new AppError('service_unavailable', 'The search index is being built; retry in a few seconds.', {
    status: 503,
    retryable: true,
    headers: { 'Retry-After': String(BUILD_RETRY_AFTER_S) },
  });
}

/** The newest change (0 when the log is empty). */
export const latestChangeSql = (table: string): string =>
  `SELECT coalesce((SELECT seq FROM ${table} ORDER BY seq DESC LIMIT 1), 0)::text AS seq`;

/** Changes after $1 up to $2 (at most $3 of them), oldest first. */
export const changesSinceSql = (table: string): string =>
  `SELECT seq::text AS seq, ref_id FROM ${table} WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3`;

export class IndexSync<Row extends { id: string }> {
  /** The newest change applied; null before the first build. */
  private applied: bigint | null = null;
  private appliedAt = 0;
  private running?: Promise<void>;
  private pruning = 0;
  private probe?: Promise<bigint>;
  private nextProbe?: Promise<bigint>;

  constructor(
    private readonly run: RunSql,
    private readonly target: IndexSyncTarget<Row>,
  ) {}

  /** Whether the index is complete (built, and no full rebuild in progress). */
  get built(): boolean {
    return this.applied !== null;
  }

  /** Whether a full build or rebuild is running right now. */
  get building(): boolean {
    return this.running !== undefined && this.applied === null;
  }

  /**
   * Brings the index up to the newest committed change (one cheap query when nothing changed).
   * @param waitMs how long to wait for a full (re)build before refusing with {@link indexBuildingError}
   *   (the build goes on in the background); Infinity waits for it (the build at boot).
   */
  async fresh(waitMs = BUILD_WAIT_MS): Promise<void> {
    const latest = await this.latest();
    if (this.applied !== null && latest === this.applied && Date.now() - this.appliedAt < STALE_AFTER_MS) {
      this.appliedAt = Date.now();
      return;
    }
    const deadline = Date.now() + waitMs;
    // One sync at a time; a caller arriving meanwhile waits for it and then checks again.
    while (this.running) await this.wait(this.running, deadline, true);
    if (this.applied !== null && latest <= this.applied && Date.now() - this.appliedAt < STALE_AFTER_MS) return;
    const work = this.sync(latest);
    this.running = work;
    void work
      .finally(() => {
        if (this.running === work) this.running = undefined;
      })
      .catch(() => undefined);
    await this.wait(work, deadline, false);
  }

  /**
   * Waits for a sync; a full (re)build (the index not built meanwhile) only until the deadline.
   * Another caller's failure is not this caller's: it checks again (and starts a build if needed).
   */
  private async wait(work: Promise<void>, deadline: number, others: boolean): Promise<void> {
    const settled = others ? work.catch(() => undefined) : work;
    if (deadline === Infinity) return settled;
    const done = settled.then(() => true);
    // Handled here too: a caller refused at the deadline no longer awaits the build's outcome.
    done.catch(() => undefined);
    // An incremental sync may turn into a rebuild after its first query, so this checks again and again.
    for (;;) {
      const left = deadline - Date.now();
      if (this.applied === null && left <= 0) throw indexBuildingError();
      let timer: NodeJS.Timeout | undefined;
      const tick = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(left, 50));
      });
      try {
        if (await Promise.race([done, tick])) return;
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /**
   * The newest change, probed after the caller arrived. Concurrent searches share probes: while one is
   * in flight (sent before they arrived, so it could miss a write committed since), they all wait for
   * the single next probe, which starts when it returns. Under load that is one probe per round trip
   * instead of one per search, and every search still sees what was committed before it started.
   */
  private latest(): Promise<bigint> {
    if (!this.probe) return this.startProbe();
    this.nextProbe ??= this.probe
      .catch(() => undefined)
      .then(() => {
        this.nextProbe = undefined;
        return this.startProbe();
      });
    return this.nextProbe;
  }

  private startProbe(): Promise<bigint> {
    const probe: Promise<bigint> = this.run<{ seq: string }>(latestChangeSql(this.target.changeTable))
      .then(([row]) => BigInt(row.seq))
      .finally(() => {
        if (this.probe === probe) this.probe = undefined;
      });
    this.probe = probe;
    return probe;
  }

  private async sync(latest: bigint): Promise<void> {
    const applied = this.applied;
    if (applied === null || latest < applied || Date.now() - this.appliedAt >= STALE_AFTER_MS) return this.rebuild(latest);
    const changes = await this.run<{ seq: string; ref_id: string | null }>(changesSinceSql(this.target.changeTable), [
      applied.toString(),
      latest.toString(),
      REBUILD_THRESHOLD + 1,
    ]);
    if (changes.length > REBUILD_THRESHOLD || changes.some((c) => c.ref_id === null)) return this.rebuild(latest);
    const ids = [...new Set(changes.map((c) => c.ref_id!))];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const batch = ids.slice(i, i + CHUNK);
      const rows = await this.target.loadByIds(this.run, batch);
      const present = new Set<string>();
      for (const row of rows) {
        present.add(row.id);
        this.target.upsert(row);
      }
      for (const id of batch) if (!present.has(id)) this.target.remove(id);
    }
    this.target.settled?.(false);
    this.done(latest);
  }

  private async rebuild(latest: bigint): Promise<void> {
    // Not built until the last chunk is in: nothing may read the index meanwhile, nor after a failure.
    this.applied = null;
    this.target.clear();
    if (this.target.build) {
      await this.target.build(this.run);
    } else {
      await loadAll(this.run, this.target.loadChunk.bind(this.target), (row) => this.target.upsert(row));
      this.target.settled?.(true);
    }
    this.done(latest);
  }

  private done(latest: bigint): void {
    this.applied = latest;
    this.appliedAt = Date.now();
    // Now and then (every 500th sync) drop change rows no instance needs any more.
    if (++this.pruning % 500 === 0) {
      void this.run(`DELETE FROM ${this.target.changeTable} WHERE created_at < now() - interval '${CHANGE_RETENTION_HOURS} hours'`).catch(
        () => undefined,
      );
    }
  }
}

/**
 * Reads every indexable row, chunk after chunk in id order, and hands each to `add`. The next chunk is
 * asked for before this one is indexed, so PostgreSQL reads and sends it (on another core) meanwhile.
 */
export async function loadAll<Row extends { id: string }>(
  run: RunSql,
  loadChunk: IndexSyncTarget<Row>['loadChunk'],
  add: (row: Row) => void,
  chunk = BUILD_CHUNK,
  clock?: { lap(phase: string): void },
): Promise<void> {
  let rows = await loadChunk(run, null, chunk);
  for (;;) {
    clock?.lap('read');
    const next = rows.length < chunk ? undefined : loadChunk(run, rows[rows.length - 1].id, chunk);
    // Awaited below; a failure while this chunk is indexed must not go unhandled meanwhile.
    next?.catch(() => undefined);
    for (const row of rows) add(row);
    clock?.lap('index');
    if (!next) return;
    rows = await next;
  }
}
