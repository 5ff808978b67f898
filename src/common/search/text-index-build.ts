/**
 * One full build of a {@link TextIndex} from its table — the same steps in the main thread and in a
 * worker thread (src/build-worker.ts), so both build the same index — and the worker job that runs
 * it on a connection of its own and hands the index back as a transferable snapshot.
 */
import { readFileSync } from 'node:fs';
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

/** The index as a build job returns it (the buffers travel in the transfer list), and where its time went. */
export type TextIndexSnapshot = Omit<FieldSnapshot, 'transfer'> & { phases?: BuildPhases; sentAt?: number };

/** Wall and CPU milliseconds of this thread, per phase of a build. */
export type BuildPhases = Record<string, { wallMs: number; cpuMs: number }>;

/**
 * CPU milliseconds of the calling thread (Linux: /proc/thread-self, 10 ms ticks), or of the whole
 * process elsewhere: a worker's build phases count its own thread, not the main thread's work.
 */
export function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** Adds the wall and thread CPU time since the previous {@link PhaseClock.lap} to a phase. */
export class PhaseClock {
  readonly phases: BuildPhases = {};
  private wall = performance.now();
  private cpu = threadCpuMs();

  lap(phase: string): void {
    const wall = performance.now();
    const cpu = threadCpuMs();
    const entry = (this.phases[phase] ??= { wallMs: 0, cpuMs: 0 });
    entry.wallMs += wall - this.wall;
    entry.cpuMs += cpu - this.cpu;
    this.wall = wall;
    this.cpu = cpu;
  }
}

/** One line for the log: `read 3.1 s (1.2 s CPU), index …`. */
export function formatPhases(phases: BuildPhases): string {
  return Object.entries(phases)
    .map(([name, { wallMs, cpuMs }]) => `${name} ${(wallMs / 1000).toFixed(1)} s (${(cpuMs / 1000).toFixed(1)} s CPU)`)
    .join(', ');
}

/** The worker job's name for an index source. */
export const textIndexJobName = (source: { name: string }): string => `text-index:${source.name}`;

/** Empties `index` and fills it with every indexable row of the source, then compacts it. */
export async function buildTextIndex<Row extends { id: string }>(
  index: TextIndex,
  source: SyncedTextIndexSource<Row>,
  run: RunSql,
  clock?: PhaseClock,
): Promise<void> {
  index.clear();
  await loadAll<Row>(
    run,
    (q, after, limit) => q<Row>(source.chunkSql, [after ?? FIRST_ID, limit]),
    (row) => index.upsert(source.document(row)),
    undefined,
    clock,
  );
  index.compact();
  clock?.lap('compact');
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
      const clock = new PhaseClock();
      await client.connect();
      const index = new TextIndex(source.fieldWeights);
      try {
        const run = async <T>(sql: string, params?: unknown[]): Promise<T[]> => (await client.query(sql, params)).rows as T[];
        await buildTextIndex(index, source, run, clock);
      } finally {
        await client.end().catch(() => undefined);
      }
      const { transfer, ...value } = index.snapshot();
      clock.lap('snapshot');
      const sentAt = performance.timeOrigin + performance.now();
      return { value: { ...value, phases: clock.phases, sentAt } satisfies TextIndexSnapshot, transfer };
    };
  }
  return jobs;
}
