import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { Repository } from 'typeorm';
import { BrokerAuditEntity } from '../entities/broker-audit.entity.js';

export interface AuditView {
  id: string;
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string;
  owner_id: string | null;
  detail: Record<string, unknown>;
  created_at: string;
}

/** Appends to the broker's audit trail (operator actions, consents, token events). */
@Injectable()
export class BrokerAudit {
  constructor(@InjectRepository(BrokerAuditEntity) private readonly rows: Repository<BrokerAuditEntity>) {}

  async record(
    actor: string,
    action: string,
    subjectType: string,
    subjectId: string,
    ownerId: string | null,
    detail: Record<string, unknown> = {},
    tx?: EntityManager,
  ): Promise<void> {
    const repo = tx ? tx.getRepository(BrokerAuditEntity) : this.rows;
    await repo.insert({ actor, action, subjectType, subjectId, ownerId, detail: detail as never });
  }

  async forOwner(ownerId: string, limit = 200): Promise<AuditView[]> {
    const rows = await this.rows.find({ where: { ownerId }, order: { createdAt: 'DESC' }, take: limit });
    return rows.map(toAuditView);
  }

  async recent(limit: number, offset: number): Promise<{ entries: AuditView[]; total: number }> {
    const [rows, total] = await this.rows.findAndCount({ order: { createdAt: 'DESC' }, take: limit, skip: offset });
    return { entries: rows.map(toAuditView), total };
  }
}

function toAuditView(r: BrokerAuditEntity): AuditView {
  return {
    id: r.id,
    actor: r.actor,
    action: r.action,
    subject_type: r.subjectType,
    subject_id: r.subjectId,
    owner_id: r.ownerId,
    detail: r.detail,
    created_at: r.createdAt.toISOString(),
  };
}
