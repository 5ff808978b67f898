import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IndexSync, type RunSql } from '../../common/search/index-sync.js';
import { SearchReadiness, type TrackedIndex } from '../../common/search/search-readiness.js';
import { AgentFactsStore, type AgentFactsRow } from '../domain/agent-facts.js';
import { SignatureStore } from '../domain/signature-store.js';
import {
  AGENT_TOPICS_SQL,
  SIGNATURE_CHUNK_SQL,
  SIGNATURE_ROWS_SQL,
  type AgentSignatureSqlRow,
  type AgentTopicRow,
} from '../queries/similar-agents.queries.js';

/** The lowest UUID: where the first chunk of a build starts. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

type AgentRow = AgentSignatureSqlRow & AgentFactsRow;

/** The agents' rows with the (category, topic) pairs of their messages (one skip scan for all of them). */
async function withPlaces(run: RunSql, rows: AgentSignatureSqlRow[]): Promise<AgentRow[]> {
  if (!rows.length) return [];
  const out = new Map<string, AgentRow>(rows.map((r) => [r.id, { ...r, categories: [], topics: [] }]));
  for (const p of await run<AgentTopicRow>(AGENT_TOPICS_SQL, [rows.map((r) => r.id)])) {
    const row = out.get(String(p.author_id))!;
    row.categories.push(p.category_id);
    row.topics.push(p.topic);
  }
  return [...out.values()];
}

/**
 * What find_similar_agents compares of every agent, in memory: its words ({@link SignatureStore}) and its
 * handle, status, profile and places ({@link AgentFactsStore}), kept current the way the search indexes
 * are: the `memory_agent_signature_change` log, written by triggers on `memory_agent_term`,
 * `memory_agent` and `memory_message` (migrations 1797001100000 and 1797001200000), is polled before
 * every use ({@link IndexSync}: one index probe when nothing changed, shared by concurrent callers), so
 * a write on any instance is seen by the next call on every instance. Built in the background at boot;
 * while it is built a call waits up to 2 s and is then refused with the retryable 503 of the search
 * indexes, never answered from part of the agents, and /readyz waits for it.
 */
@Injectable()
export class AgentSignatures implements TrackedIndex, OnApplicationBootstrap {
  private readonly logger = new Logger('Search');
  private readonly store = new SignatureStore();
  private readonly facts = new AgentFactsStore();
  private readonly sync: IndexSync<AgentRow>;
  private changes = 0;

  constructor(@InjectDataSource() db: DataSource, readiness: SearchReadiness) {
    const run: RunSql = (sql, params) => db.query(sql, params);
    const { store, facts } = this;
    this.sync = new IndexSync(run, {
      changeTable: 'memory_agent_signature_change',
      loadChunk: async (q, after, limit) => withPlaces(q, await q<AgentSignatureSqlRow>(SIGNATURE_CHUNK_SQL, [after ?? FIRST_ID, limit])),
      loadByIds: async (q, ids) => withPlaces(q, await q<AgentSignatureSqlRow>(SIGNATURE_ROWS_SQL, [ids])),
      upsert: (row) => {
        this.changes++;
        store.upsert(row);
        facts.upsert(row);
      },
      remove: (id) => {
        this.changes++;
        store.remove(id);
        facts.remove(id);
      },
      clear: () => {
        this.changes++;
        store.clear();
        facts.clear();
      },
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
   * The agents with every change committed before the call, and a generation that moves whenever
   * anything in them changes (an answer computed from them stands while it does not). Read them
   * without awaiting in between: another call's sync may change them at any await.
   */
  async current(): Promise<{ signatures: SignatureStore; facts: AgentFactsStore; generation: number }> {
    await this.sync.fresh();
    return { signatures: this.store, facts: this.facts, generation: this.changes };
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
