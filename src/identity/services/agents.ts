import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, type FindOptionsWhere, Repository } from 'typeorm';
import type { AgentPrincipal, AgentSnapshot, OwnerPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import { AgentEntity, type AgentStatus } from '../entities/agent.entity.js';
import { identityErrors } from '../identity.errors.js';
import type { AgentView, RegisterInput } from '../identity.types.js';
import { cleanAgentName, handleFromName } from './agent-handles.js';

/**
 * Agent sub-identities of human owners: created at consent, renamed by identity_register, revoked
 * and restored by their owner, suspended by operators, and resolved for every broker call.
 */
@Injectable()
export class Agents {
  constructor(
    private readonly config: AppConfig,
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
  ) {}

  view(agent: AgentEntity | AgentSnapshot): AgentView {
    return {
      id: agent.id,
      owner_id: agent.ownerId,
      handle: agent.handle,
      name: agent.name,
      harness: agent.harness,
      inbox_address: `${agent.handle}@${this.config.mailDomain}`,
      status: agent.status,
      status_reason: agent.statusReason,
      created_at: agent.createdAt.toISOString(),
    };
  }

  /** Creates an agent for the signed-in owner (in the caller's transaction when given). @throws validation_failed */
  async create(owner: OwnerPrincipal, name: string, harness: string | null, tx?: EntityManager): Promise<AgentView> {
    const clean = cleanAgentName(name);
    if (!clean) throw identityErrors.invalidName();
    const repo = tx ? tx.getRepository(AgentEntity) : this.agents;
    // Handles carry a random suffix; a collision is astronomically rare, but retry once anyway.
    for (let attempt = 0; ; attempt++) {
      try {
        const saved = await repo.save(
          repo.create({ ownerId: owner.ownerId, name: clean, harness: harness?.slice(0, 200) ?? null, handle: handleFromName(clean) }),
        );
        return this.view(saved);
      } catch (error) {
        if (attempt >= 1 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  /**
   * identity_register's rename: a new name (cleaned) and/or harness for the token's active agent; the
   * agent read again after a change. @throws agent_revoked, validation_failed
   */
  async rename(principal: AgentPrincipal, agent: AgentView, input: RegisterInput): Promise<AgentView> {
    if ((input.name === undefined || input.name === agent.name) && (input.harness === undefined || input.harness === agent.harness)) {
      return agent;
    }
    const name = input.name === undefined ? agent.name : cleanAgentName(input.name);
    if (!name) throw identityErrors.invalidName();
    await this.agents.update({ id: agent.id }, { name, harness: input.harness?.slice(0, 200) ?? agent.harness });
    return this.requireActive(principal, { reread: true });
  }

  /** Any owner's agents, oldest first. */
  async ofOwner(ownerId: string): Promise<AgentView[]> {
    const rows = await this.agents.find({ where: { ownerId }, order: { createdAt: 'ASC' } });
    return rows.map((a) => this.view(a));
  }

  /** One of the signed-in owner's agents by id, or undefined when it is not theirs. */
  async owned(owner: OwnerPrincipal, agentId: string): Promise<AgentView | undefined> {
    const row = await this.agents.findOne({ where: { id: agentId, ownerId: owner.ownerId } });
    return row ? this.view(row) : undefined;
  }

  async get(agentId: string): Promise<AgentView | undefined> {
    const row = await this.agents.findOne({ where: { id: agentId } });
    return row ? this.view(row) : undefined;
  }

  async findByHandle(handle: string): Promise<AgentView | undefined> {
    const row = await this.agents.findOne({ where: { handle: handle.toLowerCase() } });
    return row ? this.view(row) : undefined;
  }

  /**
   * The active agent a token is bound to.
   * @throws agent_revoked when it was revoked by its owner, suspended by an operator, or is gone
   */
  async requireActive(principal: AgentPrincipal, options: { reread?: boolean } = {}): Promise<AgentView> {
    // The gate read the agent row in the token's statement moments ago; read again only after a change.
    const snapshot = options.reread ? undefined : principal.agent;
    const agent = snapshot && snapshot.id === principal.agentId ? this.view(snapshot) : await this.get(principal.agentId);
    if (!agent || agent.owner_id !== principal.ownerId) {
      throw identityErrors.agentRevoked('The agent this token is bound to no longer exists.');
    }
    if (agent.status === 'suspended') throw identityErrors.agentRevoked('An operator suspended this agent; its owner cannot restore it.');
    if (agent.status === 'revoked') throw identityErrors.agentRevoked('The owner revoked this agent sub-identity.');
    return agent;
  }

  /** The owner revokes or restores one of their agents; an operator's suspension stays. @throws not_found, forbidden */
  async setStatusByOwner(owner: OwnerPrincipal, agentId: string, status: 'active' | 'revoked'): Promise<AgentView> {
    const row = await this.agents.findOne({ where: { id: agentId, ownerId: owner.ownerId } });
    if (!row) throw identityErrors.agentNotFound();
    if (row.status === 'suspended') throw identityErrors.operatorSuspended();
    return this.saveStatus(row, status, null);
  }

  /** Operators suspend, restore or revoke any agent. @throws not_found */
  async setStatusByOperator(agentId: string, status: AgentStatus, reason: string | null): Promise<AgentView> {
    const row = await this.agents.findOne({ where: { id: agentId } });
    if (!row) throw identityErrors.agentNotFound();
    return this.saveStatus(row, status, reason);
  }

  private async saveStatus(row: AgentEntity, status: AgentStatus, reason: string | null): Promise<AgentView> {
    row.status = status;
    row.statusReason = reason?.slice(0, 300) ?? null;
    return this.view(await this.agents.save(row));
  }

  /** Every agent, newest first, optionally of one status or owner (operators). */
  async list(options: {
    status?: AgentStatus;
    ownerId?: string;
    limit: number;
    offset: number;
  }): Promise<{ agents: AgentView[]; total: number }> {
    const where: FindOptionsWhere<AgentEntity> = {};
    if (options.status) where.status = options.status;
    if (options.ownerId) where.ownerId = options.ownerId;
    const [rows, total] = await this.agents.findAndCount({
      where,
      order: { createdAt: 'DESC' },
      take: options.limit,
      skip: options.offset,
    });
    return { agents: rows.map((a) => this.view(a)), total };
  }
}
