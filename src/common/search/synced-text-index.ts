import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { STATEMENT_TIMEOUT_MS } from '../../database/data-source-options.js';
import type { IndexBuilds } from './index-builds.js';
import { IndexSync, type RunSql } from './index-sync.js';
import type { TrackedIndex } from './search-readiness.js';
import {
  buildTextIndex,
  FIRST_ID,
  formatPhases,
  PhaseClock,
  textIndexJobName,
  type TextIndexBuildInput,
  type TextIndexSnapshot,
} from './text-index-build.js';
import { TextIndex, type IndexDocument, type SearchOptions, type SearchOutcome } from './text-index.js';

/** Keys put into a restored index's key map per turn of the event loop (tens of milliseconds). */
const KEY_FILL_STEP = 25_000;

/**
 * What one module's search indexes, and how its rows are read. A plain object in a module of its own
 * (no Nest, no TypeORM): the worker thread that builds large indexes (src/build-worker.ts) imports it too.
 */
export interface SyncedTextIndexSource<Row extends { id: string }> {
  /** Unique among the indexes: readiness reports it, and it names the index's worker build job. */
  name: string;
  /** The change log the table's triggers write (see index-sync.ts). */
  changeTable: string;
  /** Field weights of the {@link TextIndex}, in the order of {@link document}'s fields. */
  fieldWeights: readonly number[];
  /** $1 after this id (uuid), $2 limit: one chunk of an index build, ordered by id. */
  chunkSql: string;
  /** $1 uuid[]: the indexable rows among the ids changed since the last sync. */
  rowsSql: string;
  /** The document a row is indexed as (key: the row id). */
  document(row: Row): IndexDocument;
}

/**
 * The wiring every in-process search shares: a {@link TextIndex} over one table, kept current through
 * its change log by {@link IndexSync} (every instance polls it before a search, so all answer alike),
 * compacted after a build or when fragmented, and built in the background at boot rather than on the
 * first search. Holds keys and postings only; the caller reads the returned page's rows by id.
 *
 * A full build of a large table runs in a worker thread ({@link IndexBuilds}): the same steps
 * (text-index-build.ts) on a connection of its own, the finished index handed back as a snapshot.
 */
export class SyncedTextIndex<Row extends { id: string }> implements TrackedIndex {
  private readonly logger = new Logger('Search');
  private readonly index: TextIndex;
  private readonly sync: IndexSync<Row>;

  constructor(
    db: DataSource,
    private readonly source: SyncedTextIndexSource<Row>,
    builds?: IndexBuilds,
  ) {
    const index = new TextIndex(source.fieldWeights);
    const run: RunSql = (sql, params) => db.query(sql, params);
    const databaseUrl = (db.options as { url?: string }).url;
    this.index = index;
    this.sync = new IndexSync(run, {
      changeTable: source.changeTable,
      loadChunk: (q, after, limit) => q<Row>(source.chunkSql, [after ?? FIRST_ID, limit]),
      loadByIds: (q, ids) => q<Row>(source.rowsSql, [ids]),
      upsert: (row) => index.upsert(source.document(row)),
      remove: (id) => index.remove(id),
      clear: () => index.clear(),
      settled: () => {
        if (index.fragmented) index.compact();
      },
      build: async (q) => {
        const rows = builds?.workerRows ?? null;
        if (builds && databaseUrl && rows !== null && (rows === 0 || (await this.countsAtLeast(q, rows)))) {
          const input: TextIndexBuildInput = { databaseUrl, statementTimeoutMs: STATEMENT_TIMEOUT_MS };
          const started = performance.now();
          const { phases, sentAt, ...snapshot } = await builds.run<TextIndexSnapshot>(textIndexJobName(source), input);
          const main = new PhaseClock();
          if (phases && sentAt) phases.post = { wallMs: performance.timeOrigin + performance.now() - sentAt, cpuMs: 0 };
          index.restore(snapshot);
          main.lap('restore');
          // The key map (only changes use it) is filled in the idle time that follows, step by step.
          const fill = (): void => {
            if (!index.fillKeys(KEY_FILL_STEP)) setImmediate(fill);
          };
          setImmediate(fill);
          const worker = phases ? `${formatPhases(phases)}; ` : '';
          this.logger.log(
            `${source.name} index built in a worker thread in ${((performance.now() - started) / 1000).toFixed(1)} s: ${worker}main thread: ${formatPhases(main.phases)}`,
          );
        } else {
          await buildTextIndex(index, source, q);
        }
      },
    });
  }

  /** Complete: built, and no full rebuild in progress (readiness and searches wait for it). */
  get built(): boolean {
    return this.sync.built;
  }

  /** Brings the index up to date, waiting at most `waitMs` for a build in progress (see IndexSync.fresh). */
  fresh(waitMs?: number): Promise<void> {
    return this.sync.fresh(waitMs);
  }

  /** Ranked keys for a query, after bringing the index up to date. */
  async search(q: string, options: SearchOptions): Promise<SearchOutcome> {
    await this.sync.fresh();
    return this.index.search(q, options);
  }

  /** Starts the build at boot (no time limit); a failure is logged, and the first search retries. */
  buildInBackground(): void {
    this.sync
      .fresh(Infinity)
      .catch((error: unknown) => this.logger.warn(`Search index not built at boot (the first search retries): ${String(error)}`));
  }

  /** Whether the table has at least `rows` indexable rows (PostgreSQL counts them without sending them). */
  private async countsAtLeast(run: RunSql, rows: number): Promise<boolean> {
    const [row] = await run<{ n: number }>(`SELECT count(*)::int AS n FROM (${this.source.chunkSql}) AS build_rows`, [FIRST_ID, rows]);
    return row.n >= rows;
  }
}
