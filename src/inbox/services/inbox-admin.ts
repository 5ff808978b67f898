import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { InboxAuditEntity } from '../entities/inbox-audit.entity.js';
import { MailboxEntity } from '../entities/mailbox.entity.js';
import { SuppressionEntity } from '../entities/suppression.entity.js';
import { inboxErrors } from '../inbox.errors.js';
import type { ViewerMessage } from '../../common/mail/mail-viewer.types.js';
import {
  COUNT_MAILBOXES_SQL,
  HELD_MESSAGES_SQL,
  LIST_USAGE_SQL,
  MAILBOX_USAGE_SQL,
  VIEWER_HELD_ONE_SQL,
  VIEWER_HELD_SQL,
  type HeldMessageRow,
  type MailboxCountRow,
  type UsageRow,
  type ViewerHeldRow,
} from '../queries/mailbox.queries.js';
import { LIST_AUDIT_SQL, type AuditRow } from '../queries/audit.queries.js';
import {
  COUNT_SUPPRESSIONS_SQL,
  INSERT_SUPPRESSION_IF_ABSENT_SQL,
  LIST_SUPPRESSIONS_SQL,
  type SuppressionCountRow,
  type SuppressionRow,
} from '../queries/suppression.queries.js';
import { Mailboxes } from './mailboxes.js';

export interface MailboxUsageView {
  handle: string;
  address: string;
  agent_id: string;
  owner_id: string;
  status: string;
  status_reason: string | null;
  inbound_messages: number;
  outbound_messages: number;
  stored_bytes: number;
  held_messages: number;
  suppressed_addresses: number;
  last_received_at: string | null;
}

/** Operators: usage per mailbox, held mail, suppressed addresses, suspension; every change audited. */
@Injectable()
export class InboxAdmin {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mailboxes: Mailboxes,
    @InjectRepository(SuppressionEntity) private readonly suppressions: Repository<SuppressionEntity>,
  ) {}

  private usage(row: UsageRow): MailboxUsageView {
    return {
      handle: row.handle,
      address: this.mailboxes.address(row.handle),
      agent_id: row.agent_id,
      owner_id: row.owner_id,
      status: row.status,
      status_reason: row.status_reason,
      inbound_messages: Number(row.inbound),
      outbound_messages: Number(row.outbound),
      stored_bytes: Number(row.bytes),
      held_messages: Number(row.held),
      suppressed_addresses: Number(row.suppressed),
      last_received_at: row.last_received_at ? row.last_received_at.toISOString() : null,
    };
  }

  async listMailboxes(
    limit: number,
    offset: number,
  ): Promise<{ mailboxes: MailboxUsageView[]; total: number; limit: number; offset: number }> {
    const rows: UsageRow[] = await this.dataSource.query(LIST_USAGE_SQL, [limit, offset]);
    const [{ total }] = (await this.dataSource.query(COUNT_MAILBOXES_SQL)) as MailboxCountRow[];
    return { mailboxes: rows.map((r) => this.usage(r)), total, limit, offset };
  }

  /** @throws not_found */
  async mailboxUsage(handle: string): Promise<MailboxUsageView> {
    const { agent } = await this.mailboxes.byHandle(handle);
    const [row] = (await this.dataSource.query(MAILBOX_USAGE_SQL, [agent.id])) as UsageRow[];
    return this.usage(row);
  }

  /** @throws not_found */
  async setStatus(operator: OperatorPrincipal, handle: string, suspend: boolean, reason: string | null): Promise<MailboxUsageView> {
    const { mailbox } = await this.mailboxes.byHandle(handle);
    await this.dataSource.transaction(async (tx) => {
      await tx
        .getRepository(MailboxEntity)
        .update(mailbox.agentId, { status: suspend ? 'suspended' : 'active', statusReason: reason?.slice(0, 300) ?? null });
      await tx.getRepository(InboxAuditEntity).save({
        actor: `operator:${operator.name}`,
        action: suspend ? 'suspend_mailbox' : 'restore_mailbox',
        agentId: mailbox.agentId,
        detail: { handle, reason },
      });
    });
    return this.mailboxUsage(handle);
  }

  async held(limit: number, offset: number) {
    const rows: HeldMessageRow[] = await this.dataSource.query(HELD_MESSAGES_SQL, [limit, offset]);
    return {
      held: rows.map((r) => ({
        id: r.id,
        mailbox: this.mailboxes.address(r.handle),
        to: r.to_addresses,
        subject: r.subject,
        created_at: r.received_at.toISOString(),
        note: r.delivery_note,
      })),
      limit,
      offset,
    };
  }

  /** Agents' held outbound mail (inbox_send without a relay) for the local mail viewer, newest first. */
  async viewerHeld(limit: number): Promise<ViewerMessage[]> {
    const rows: ViewerHeldRow[] = await this.dataSource.query(VIEWER_HELD_SQL, [limit]);
    return rows.map((r) => this.toViewerMessage(r));
  }

  async viewerHeldOne(id: string): Promise<ViewerMessage | undefined> {
    const [row] = (await this.dataSource.query(VIEWER_HELD_ONE_SQL, [id])) as ViewerHeldRow[];
    return row ? this.toViewerMessage(row) : undefined;
  }

  private toViewerMessage(r: ViewerHeldRow): ViewerMessage {
    return {
      id: r.id,
      to: r.to_addresses.join(', '),
      from: this.mailboxes.address(r.handle),
      subject: r.subject,
      text: r.text_body,
      html: null,
      status: 'held',
      localDelivery: false,
      note: r.delivery_note,
      messageId: r.message_id,
      createdAt: new Date(r.received_at),
      complete: true,
    };
  }

  async listSuppressions(handle: string | undefined, limit: number, offset: number) {
    const agentId = handle ? (await this.mailboxes.byHandle(handle)).agent.id : undefined;
    const rows = (await this.dataSource.query(LIST_SUPPRESSIONS_SQL, [agentId ?? null, limit, offset])) as SuppressionRow[];
    const [{ total }] = (await this.dataSource.query(COUNT_SUPPRESSIONS_SQL, [agentId ?? null])) as SuppressionCountRow[];
    return {
      suppressions: rows.map((r) => ({
        id: r.id,
        agent_id: r.agent_id,
        address: r.address,
        reason: r.reason,
        source_message_id: r.source_message_id,
        created_at: r.created_at.toISOString(),
      })),
      total,
      limit,
      offset,
    };
  }

  /** Adds (operator reason) a suppressed address to a mailbox. @throws not_found */
  async suppress(operator: OperatorPrincipal, handle: string, address: string) {
    const { agent } = await this.mailboxes.byHandle(handle);
    const clean = address.trim().toLowerCase();
    await this.dataSource.transaction(async (tx) => {
      await tx.query(INSERT_SUPPRESSION_IF_ABSENT_SQL, [agent.id, clean, 'operator', null]);
      await tx
        .getRepository(InboxAuditEntity)
        .save({ actor: `operator:${operator.name}`, action: 'add_suppression', agentId: agent.id, detail: { handle, address: clean } });
    });
    return this.listSuppressions(handle, 100, 0);
  }

  /** Lifts a suppression. @throws not_found */
  async unsuppress(operator: OperatorPrincipal, id: string): Promise<{ removed: true; id: string }> {
    const row = await this.suppressions.findOne({ where: { id } });
    if (!row) throw inboxErrors.suppressionNotFound();
    await this.dataSource.transaction(async (tx) => {
      await tx.getRepository(SuppressionEntity).delete(id);
      await tx.getRepository(InboxAuditEntity).save({
        actor: `operator:${operator.name}`,
        action: 'remove_suppression',
        agentId: row.agentId,
        detail: { address: row.address, reason: row.reason },
      });
    });
    return { removed: true, id };
  }

  async auditLog(handle: string | undefined, limit: number, offset: number) {
    const agentId = handle
      ? (
          await this.mailboxes.byHandle(handle).catch(() => {
            throw inboxErrors.notFound();
          })
        ).agent.id
      : undefined;
    const rows = (await this.dataSource.query(LIST_AUDIT_SQL, [agentId ?? null, limit, offset])) as AuditRow[];
    return {
      entries: rows.map((r) => ({
        id: r.id,
        actor: r.actor,
        action: r.action,
        agent_id: r.agent_id,
        detail: r.detail,
        created_at: r.created_at.toISOString(),
      })),
      limit,
      offset,
    };
  }
}
