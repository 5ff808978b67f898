/**
 * One full build of a {@link TextIndex} from its table — the same steps in the main thread and in a
 * worker thread (src/build-worker.ts), so both build the same index — and the worker job that runs
 * it on a connection of its own and hands the index back as a transferable snapshot.
 */
import pg from 'pg';
import type { WorkerJob } from '../worker/worker-jobs.js';
import type { FieldSnapshot } from './field-snapshot.js';
import { loadAll, type RunSql } from './index-sync.js';
import { TextIndex } from './text-index.js';
import type { SyncedTextIndexSource } from './synced-text-index.js';

/** The lowest UUID: where the first chunk of an index build starts. */
export const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** What the main thread sends a build job. */
export interface TextIndexBuildInput {
  databaseUrl: string;
  /** PostgreSQL statement_timeout of the job's connection (the app's, data-source-options.ts). */
  statementTimeoutMs: number;
}

/** The index as a build job returns it (the buffers travel in the transfer list). */
export type TextIndexSnapshot = Omit<FieldSnapshot, 'transfer'>;

/** The worker job's name for an index source. */
export const textIndexJobName = (source: { name: string }): string => `text-index:${source.name}`;

/** Empties `index` and fills it with every indexable row of the source, then compacts it. */
export async function buildTextIndex<Row extends { id: string }>(
  index: TextIndex,
  source: SyncedTextIndexSource<Row>,
  run: RunSql,
): Promise<void> {
  index.clear();
  await loadAll<Row>(
    run,
    (q, after, limit) => q<Row>(source.chunkSql, [after ?? FIRST_ID, limit]),
    (row) => index.upsert(source.document(row)),
  );
  index.compact();
}

/** The worker jobs building these sources' indexes, by {@link textIndexJobName}. */
export function textIndexBuildJobs(sources: ReadonlyArray<SyncedTextIndexSource<{ id: string }>>): Record<string, WorkerJob> {
  const jobs: Record<string, WorkerJob> = {};
  for (const source of sources) {
    jobs[textIndexJobName(source)] = async (input) => {
      const { databaseUrl, statementTimeoutMs } = input as TextIndexBuildInput;
      const client = new pg.Client({
        connectionString: databaseUrl,
        application_name: 'agentry-index-build',
        statement_timeout: statementTimeoutMs,
      });
      // A connection lost mid-build fails the query that was running; this only keeps the event handled.
      client.on('error', () => undefined);
      await client.connect();
      const index = new TextIndex(source.fieldWeights);
      try {
        await buildTextIndex(index, source, async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[]);
      } finally {
        await client.end().catch(() => undefined);
      }
      const { transfer, ...value } = index.snapshot();
      return { value, transfer };
    };
  }
  return jobs;
}
