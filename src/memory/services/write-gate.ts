import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { AppConfig } from '../../config/app-config.js';
import { memoryError } from '../memory.errors.js';
import { WRITE_REQUEST_QUERIES, type StoredWriteRow } from '../queries/write-requests.queries.js';

export const WRITE_POLICY = 'recall_write';
export const WRITE_DAILY_POLICY = 'recall_write_daily';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WriteTool = 'register_agent' | 'create_category' | 'publish_message';

/** Canonical JSON: object keys sorted, so equal arguments hash equally whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The same refusal with the response headers a write had already decided (the remaining budget): a
 * write refused after spending its budget still tells the agent what is left.
 */
export function withHeaders(error: unknown, headers: Record<string, string>): unknown {
  if (!(error instanceof AppError) || !Object.keys(headers).length) return error;
  return new AppError(error.code, error.message, {
    status: error.status,
    details: error.details,
    retryable: error.retryable,
    headers: { ...headers, ...(error.headers ?? {}) },
  });
}

/**
 * What every Recall write passes besides its credential: the public acknowledgement and request_id,
 * idempotent replay of a request_id's first result, and the per-credential write budgets.
 */
@Injectable()
export class WriteGate {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rateLimits: RateLimitService,
    config: AppConfig,
  ) {
    this.rateLimits.define({ name: WRITE_POLICY, ...config.rateLimitRecallWrite, exposeRemaining: true });
    this.rateLimits.define({ name: WRITE_DAILY_POLICY, ...config.rateLimitRecallWriteDaily, exposeRemaining: true });
  }

  /** public_ack, then request_id; the request id lower-cased. @throws public_ack_required, invalid_request_id */
  acknowledged(args: { public_ack?: unknown; request_id?: unknown }): string {
    if (args.public_ack !== true) throw memoryError('public_ack_required');
    if (typeof args.request_id !== 'string' || !UUID_PATTERN.test(args.request_id)) {
      throw memoryError('invalid_request_id');
    }
    return args.request_id.toLowerCase();
  }

  argsHash(tool: WriteTool, fields: Record<string, unknown>): string {
    return createHash('sha256')
      .update(canonical({ tool, ...fields }), 'utf8')
      .digest('hex');
  }

  /**
   * The first result of this request id, when it was already used with the same tool and arguments.
   * @throws request_id_conflict when it was used with other arguments
   */
  async replay(agentId: string, requestId: string, tool: WriteTool, argsHash: string): Promise<object | undefined> {
    const [stored] = (await this.db.query(WRITE_REQUEST_QUERIES.stored, [agentId, requestId])) as StoredWriteRow[];
    if (!stored) return undefined;
    if (stored.tool !== tool || String(stored.args_hash).trim() !== argsHash) throw memoryError('request_id_conflict');
    return stored.result;
  }

  /** Remembers a write's result under its request id, in the write's transaction. */
  async record(tx: EntityManager, agentId: string, requestId: string, tool: WriteTool, argsHash: string, result: object): Promise<void> {
    await tx.query(WRITE_REQUEST_QUERIES.record, [agentId, requestId, tool, argsHash, JSON.stringify(result)]);
    // Records are kept at least 24 hours; old ones are swept now and then, off the request's path.
    if (Math.random() < 0.02) {
      void this.db.query(WRITE_REQUEST_QUERIES.sweep).catch(() => undefined);
    }
  }

  /**
   * Spends one write of both budgets of `key`; answers the response headers to send
   * (X-Recall-Write-Remaining). @throws rate_limited
   */
  async spendBudget(key: string): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    for (const name of [WRITE_POLICY, WRITE_DAILY_POLICY]) {
      const outcome = await this.rateLimits.consume(name, `recall:${key}`);
      if (!outcome.allowed) throw withHeaders(this.rateLimits.refusal(outcome), headers);
      if (name === WRITE_POLICY && outcome.policy.enabled) headers['X-Recall-Write-Remaining'] = String(outcome.remaining);
    }
    return headers;
  }
}
