import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { END_OWNER_SESSIONS_SQL, LIVE_SESSIONS_SQL, type LiveSessionRow } from '../queries/owner.queries.js';
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
    private readonly dataSource: DataSource,
    private readonly audit: BrokerAudit,
  ) {}

  /** Live sessions, most recently used first. */
  async list(owner: OwnerPrincipal): Promise<SessionView[]> {
    const rows = (await this.dataSource.query(LIVE_SESSIONS_SQL, [owner.ownerId, new Date()])) as LiveSessionRow[];
    const idleLimit = Date.now() - SESSION_IDLE_MS;
    return rows
      .filter((r) => r.last_seen_at.getTime() > idleLimit)
      .map((r) => ({
        id: r.id,
        created_at: r.created_at.toISOString(),
        last_seen_at: r.last_seen_at.toISOString(),
        current: r.id === owner.sessionId,
      }));
  }

  /** Ends every session of the owner, this one included. */
  async signOutEverywhere(owner: OwnerPrincipal): Promise<number> {
    const [, ended] = (await this.dataSource.query(END_OWNER_SESSIONS_SQL, [owner.ownerId, new Date()])) as [unknown[], number];
    await this.audit.record(`owner:${owner.ownerId}`, 'owner.signed_out_everywhere', 'owner', owner.ownerId, owner.ownerId, {
      sessions: ended,
    });
    return ended;
  }
}
