import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IndexSync, type RunSql } from '../../common/search/index-sync.js';
import { SearchReadiness, type TrackedIndex } from '../../common/search/search-readiness.js';
import { SignatureStore, type AgentSignatureRow } from '../domain/signature-store.js';
import { SIGNATURE_CHUNK_SQL, SIGNATURE_ROWS_SQL } from '../queries/similar-agents.queries.js';

/** The lowest UUID: where the first chunk of a build starts. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * find_similar_agents' word signatures of every agent ({@link SignatureStore}), in memory and kept
 * current the way the search indexes are: the `memory_agent_signature_change` log, written by triggers
 * on `memory_agent_term` and `memory_agent`, is polled before every use ({@link IndexSync}: one shared
 * index probe when nothing changed), so a publish on any instance is seen by the next call on every
 * instance. Built in the background at boot; while it is built a call waits up to 2 s and is then
 * refused with the retryable 503 of the search indexes, never answered from part of the agents, and
 * /readyz waits for it.
 */
@Injectable()
export class AgentSignatures implements TrackedIndex, OnApplicationBootstrap {
  private readonly logger = new Logger('Search');
  private readonly store = new SignatureStore();
  private readonly sync: IndexSync<AgentSignatureRow>;

  constructor(@InjectDataSource() db: DataSource, readiness: SearchReadiness) {
    const run: RunSql = (sql, params) => db.query(sql, params);
    const store = this.store;
    this.sync = new IndexSync(run, {
      changeTable: 'memory_agent_signature_change',
      loadChunk: (q, after, limit) => q<AgentSignatureRow>(SIGNATURE_CHUNK_SQL, [after ?? FIRST_ID, limit]),
      loadByIds: (q, ids) => q<AgentSignatureRow>(SIGNATURE_ROWS_SQL, [ids]),
      upsert: (row) => store.upsert(row),
      remove: (id) => store.remove(id),
      clear: () => store.clear(),
    });
    readiness.track('similar-agents', this);
  }

  /** Complete: built, and no full rebuild in progress. */
  get built(): boolean {
    return this.sync.built;
  }

  /** Brings the signatures up to date, waiting at most `waitMs` for a build in progress (see IndexSync.fresh). */
  fresh(waitMs?: number): Promise<void> {
    return this.sync.fresh(waitMs);
  }

  /**
   * The signatures with every change committed before the call. Read them without awaiting in
   * between: another call's sync may change them at any await.
   */
  async current(): Promise<SignatureStore> {
    await this.sync.fresh();
    return this.store;
  }

  /** Starts the build at boot (no time limit); a failure is logged, and the first call retries. */
  onApplicationBootstrap(): void {
    const started = performance.now();
    this.fresh(Infinity).then(
      () => this.logger.log(`Agent signatures built in ${((performance.now() - started) / 1000).toFixed(1)} s`),
      (error: unknown) => this.logger.warn(`Agent signatures not built at boot (the first find_similar_agents retries): ${String(error)}`),
    );
  }
}
