import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { AgentEntity, type AgentStatus } from '../entities/agent.entity.js';
import { identityErrors } from '../identity.errors.js';
import { cleanAgentName, handleFromName } from './agent-handles.js';

export interface AgentView {
  id: string;
  owner_id: string;
  handle: string;
  name: string;
  harness: string | null;
  inbox_address: string;
  status: AgentStatus;
  status_reason: string | null;
  created_at: string;
}

/**
 * Agent sub-identities of human owners. The OAuth module creates them at consent; the broker's
 * tools resolve them per call (a revoked or suspended agent is `agent_revoked`).
 */
@Injectable()
export class IdentityService {
  constructor(
    private readonly config: AppConfig,
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
  ) {}

  view(agent: AgentEntity): AgentView {
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

  /** Creates an agent for an owner (in the caller's transaction when given). @throws validation_failed */
  async createAgent(ownerId: string, name: string, harness: string | null, tx?: EntityManager): Promise<AgentView> {
    const clean = cleanAgentName(name);
    if (!clean) throw identityErrors.invalidName();
    const repo = tx ? tx.getRepository(AgentEntity) : this.agents;
    // Handles carry a random suffix; a collision is astronomically rare, but retry once anyway.
    for (let attempt = 0; ; attempt++) {
      try {
        const saved = await repo.save(repo.create({ ownerId, name: clean, harness: harness?.slice(0, 200) ?? null, handle: handleFromName(clean) }));
        return this.view(saved);
      } catch (error) {
        if (attempt >= 1 || (error as { code?: string; driverError?: { code?: string } }).driverError?.code !== '23505') throw error;
      }
    }
  }

  async listForOwner(ownerId: string): Promise<AgentView[]> {
    const rows = await this.agents.find({ where: { ownerId }, order: { createdAt: 'ASC' } });
    return rows.map((a) => this.view(a));
  }

  /** An owner's agent by id, or undefined when it is not theirs. */
  async ownedAgent(ownerId: string, agentId: string): Promise<AgentView | undefined> {
    const row = await this.agents.findOne({ where: { id: agentId, ownerId } });
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
  async requireActiveAgent(principal: AgentPrincipal): Promise<AgentView> {
    const agent = await this.get(principal.agentId);
    if (!agent || agent.owner_id !== principal.ownerId) throw identityErrors.agentRevoked('The agent this token is bound to no longer exists.');
    if (agent.status === 'suspended') throw identityErrors.agentRevoked('An operator suspended this agent; its owner cannot restore it.');
    if (agent.status === 'revoked') throw identityErrors.agentRevoked('The owner revoked this agent sub-identity.');
    return agent;
  }

  /** Operator or owner status changes. An operator suspension can only be lifted by an operator. */
  async setStatus(agentId: string, status: AgentStatus, by: 'owner' | 'operator', reason: string | null, ownerId?: string): Promise<AgentView> {
    const row = await this.agents.findOne({ where: ownerId ? { id: agentId, ownerId } : { id: agentId } });
    if (!row) throw identityErrors.agentNotFound();
    if (by === 'owner' && row.status === 'suspended') throw identityErrors.operatorSuspended();
    if (by === 'owner' && status === 'suspended') throw identityErrors.operatorSuspended();
    row.status = status;
    row.statusReason = reason?.slice(0, 300) ?? null;
    return this.view(await this.agents.save(row));
  }

  async list(options: { status?: AgentStatus; ownerId?: string; limit: number; offset: number }): Promise<{ agents: AgentView[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (options.status) where.status = options.status;
    if (options.ownerId) where.ownerId = options.ownerId;
    const [rows, total] = await this.agents.findAndCount({ where, order: { createdAt: 'DESC' }, take: options.limit, skip: options.offset });
    return { agents: rows.map((a) => this.view(a)), total };
  }
}
