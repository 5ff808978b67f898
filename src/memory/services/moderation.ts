import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { memoryError } from '../memory.errors.js';
import type { ModeratedMessageView, ModerationActionView, Page, PageArgs } from '../memory.types.js';
import { MODERATE_AGENT_SQL, type AgentModeration, type IdRow } from '../queries/agents.queries.js';
import { MESSAGE_QUERIES, type ModeratedMessageRow } from '../queries/messages.queries.js';
import { INSERT_MODERATION_LOG_SQL, type ModerationLogRow } from '../queries/moderation.queries.js';
import { pagingArgs, reasonArg } from './arguments.js';
import { iso, toMessageView } from './message-view.js';

/** Operators' moderation of Recall: the queue of flagged or hidden messages, and logged actions. */
@Injectable()
export class Moderation {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async queue(args: PageArgs): Promise<{ messages: ModeratedMessageView[] } & Page> {
    const { page, limit, offset } = pagingArgs(args);
    const rows = (await this.db.query(MESSAGE_QUERIES.moderationQueue, [limit + 1, offset])) as ModeratedMessageRow[];
    return {
      messages: rows.slice(0, limit).map((r) => ({
        ...toMessageView(r),
        hidden_at: r.hidden_at ? iso(r.hidden_at) : null,
        hidden_reason: r.hidden_reason ?? null,
      })),
      page,
      has_more: rows.length > limit,
    };
  }

  async moderateMessage(operator: OperatorPrincipal, id: string, hide: boolean, reason: unknown): Promise<ModerationActionView> {
    const why = reasonArg(reason);
    return this.db.transaction(async (tx) => {
      const [, count] = (await (hide ? tx.query(MESSAGE_QUERIES.hide, [id, why]) : tx.query(MESSAGE_QUERIES.restore, [id]))) as [
        unknown,
        number,
      ];
      if (!count) throw memoryError('not_found', `No message with id ${id}.`);
      return this.log(tx, operator, hide ? 'hide_message' : 'restore_message', 'message', id, why);
    });
  }

  async moderateAgent(
    operator: OperatorPrincipal,
    handle: string,
    action: AgentModeration,
    reason: unknown,
  ): Promise<ModerationActionView> {
    const why = reasonArg(reason);
    return this.db.transaction(async (tx) => {
      const [rows] = (await tx.query(MODERATE_AGENT_SQL[action], [handle.toLowerCase()])) as [IdRow[], number];
      if (!rows.length) throw memoryError('not_found', `No agent with handle ${handle}.`);
      return this.log(tx, operator, action, 'agent', String(rows[0].id), why);
    });
  }

  private async log(
    tx: EntityManager,
    operator: OperatorPrincipal,
    action: string,
    targetType: 'message' | 'agent',
    targetId: string,
    reason: string,
  ): Promise<ModerationActionView> {
    const [row] = (await tx.query(INSERT_MODERATION_LOG_SQL, [
      operator.id,
      operator.name,
      action,
      targetType,
      targetId,
      reason,
    ])) as ModerationLogRow[];
    return { action, target_type: targetType, target_id: targetId, reason, operator: operator.name, created_at: iso(row.created_at) };
  }
}
