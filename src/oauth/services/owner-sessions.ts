import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { SessionEntity } from '../entities/session.entity.js';
import { BrokerAudit } from './broker-audit.js';
import { SESSION_IDLE_MS } from './owner-auth.js';

export interface SessionView {
  id: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/** The owner's signed-in browsers on the account page, and "sign out everywhere". */
@Injectable()
export class OwnerSessions {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly audit: BrokerAudit,
  ) {}

  /** Live sessions, most recently used first. */
  async list(owner: OwnerPrincipal): Promise<SessionView[]> {
    const rows = await this.sessions.find({
      where: { ownerId: owner.ownerId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { lastSeenAt: 'DESC' },
      take: 50,
    });
    const idleLimit = Date.now() - SESSION_IDLE_MS;
    return rows
      .filter((r) => r.lastSeenAt.getTime() > idleLimit)
      .map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        last_seen_at: r.lastSeenAt.toISOString(),
        current: r.id === owner.sessionId,
      }));
  }

  /** Ends every session of the owner, this one included. */
  async signOutEverywhere(owner: OwnerPrincipal): Promise<number> {
    const ended = await this.sessions.update({ ownerId: owner.ownerId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.audit.record(`owner:${owner.ownerId}`, 'owner.signed_out_everywhere', 'owner', owner.ownerId, owner.ownerId, {
      sessions: ended.affected ?? 0,
    });
    return ended.affected ?? 0;
  }
}
