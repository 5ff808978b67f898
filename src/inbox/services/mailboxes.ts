import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { countBoundedLru } from '../../common/cache/count-bounded-lru.js';
import { Repository } from 'typeorm';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { ChangeGenerations } from '../../common/cache/change-generations.js';
import { AppConfig } from '../../config/app-config.js';
import { IdentityService } from '../../identity/services/identity.service.js';
import { MailboxEntity } from '../entities/mailbox.entity.js';
import { inboxErrors } from '../inbox.errors.js';
import { ENSURE_MAILBOX_SQL } from '../queries/mailbox.queries.js';
import type { AgentView } from '../../identity/identity.types.js';

export interface MailboxRef {
  agentId: string;
  ownerId: string;
  handle: string;
  address: string;
  /** The bytes its messages held when it was looked up (lookupLocal); see MailboxEntity.usedBytes. */
  usedBytes?: number;
}

export type LocalLookup = { ok: true; mailbox: MailboxRef } | { ok: false; reason: 'foreign_domain' | 'no_such_mailbox' };

/**
 * Which mailbox an address or a token means. A mailbox exists for every active agent; its row is
 * created on first use and carries the operator's suspension.
 */
@Injectable()
export class Mailboxes {
  /**
   * Agents whose mailbox row exists and is active, with the `inbox_mailbox` change generation that
   * was current when it was read: used only while that generation is still the committed one (a
   * suspension or deletion gives it a new value at commit, on whichever instance it happens).
   */
  private readonly active = countBoundedLru<string, string>(10_000, { ttl: 5 * 60_000 });

  constructor(
    private readonly config: AppConfig,
    private readonly identity: IdentityService,
    @InjectRepository(MailboxEntity) private readonly mailboxes: Repository<MailboxEntity>,
    private readonly generations: ChangeGenerations,
  ) {}

  address(handle: string): string {
    return `${handle}@${this.config.mailDomain}`;
  }

  isLocal(address: string): boolean {
    return address.slice(address.lastIndexOf('@') + 1).toLowerCase() === this.config.mailDomain;
  }

  private ref(agent: AgentView): MailboxRef {
    return { agentId: agent.id, ownerId: agent.owner_id, handle: agent.handle, address: this.address(agent.handle) };
  }

  /** The mailbox of a local address (`handle@MAIL_DOMAIN`, `handle+tag@…` too) that accepts mail. */
  async lookupLocal(address: string): Promise<LocalLookup> {
    const at = address.lastIndexOf('@');
    if (at < 1 || !this.isLocal(address)) return { ok: false, reason: 'foreign_domain' };
    const local = address.slice(0, at).toLowerCase().split('+')[0];
    if (!/^[a-z0-9][a-z0-9._-]{0,63}$/.test(local)) return { ok: false, reason: 'no_such_mailbox' };
    const agent = await this.identity.findByHandle(local);
    if (!agent || agent.status !== 'active') return { ok: false, reason: 'no_such_mailbox' };
    // The row exists from here on: mail is only stored into a mailbox whose counter it can raise.
    const row = await this.ensure(agent);
    if (row.status === 'suspended') return { ok: false, reason: 'no_such_mailbox' };
    return { ok: true, mailbox: { ...this.ref(agent), usedBytes: Number(row.usedBytes) } };
  }

  /**
   * The caller's own mailbox, created on first use.
   * @throws agent_revoked (agent revoked or suspended, or mailbox suspended by an operator)
   */
  async forPrincipal(principal: AgentPrincipal): Promise<MailboxRef> {
    const agent = await this.identity.requireActiveAgent(principal);
    const generation = (await this.generations.forRequest(principal)).inbox_mailbox;
    if (this.active.get(agent.id) !== generation) {
      const row = await this.ensure(agent);
      if (row.status === 'suspended') throw inboxErrors.mailboxSuspended();
      this.active.set(agent.id, generation);
    }
    return this.ref(agent);
  }

  async ensure(agent: AgentView): Promise<MailboxEntity> {
    const existing = await this.mailboxes.findOne({ where: { agentId: agent.id } });
    if (existing) return existing;
    await this.mailboxes.query(ENSURE_MAILBOX_SQL, [agent.id, agent.owner_id, agent.handle]);
    return this.mailboxes.findOneOrFail({ where: { agentId: agent.id } });
  }

  /** An agent's mailbox by handle, for operators (created on first use). @throws not_found */
  async byHandle(handle: string): Promise<{ agent: AgentView; mailbox: MailboxEntity }> {
    const agent = await this.identity.findByHandle(handle);
    if (!agent) throw inboxErrors.notFound();
    return { agent, mailbox: await this.ensure(agent) };
  }
}
