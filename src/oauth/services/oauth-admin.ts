import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { IdentityService } from '../../identity/services/identity.service.js';
import type { ClientEntity } from '../entities/client.entity.js';
import { OwnerEntity } from '../entities/owner.entity.js';
import type { TokenEntity } from '../entities/token.entity.js';
import { oauthErrors, OAuthError } from '../oauth.errors.js';
import { BrokerAudit, type AuditView } from './broker-audit.js';
import { Clients } from './clients.js';
import { Delegation, type AgreementView } from './delegation.js';
import { Tokens } from './tokens.js';
import type { AgentView } from '../../identity/identity.types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface OwnerAdminView {
  id: string;
  email: string;
  status: string;
  status_reason: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}

export function clientView(c: ClientEntity): Record<string, unknown> {
  return {
    id: c.id,
    client_id: c.clientId,
    kind: c.kind,
    client_name: c.clientName,
    redirect_uris: c.redirectUris,
    grant_types: c.grantTypes,
    token_endpoint_auth_method: c.tokenEndpointAuthMethod,
    scope: c.scope,
    created_by: c.createdBy,
    created_at: c.createdAt.toISOString(),
    last_used_at: c.lastUsedAt?.toISOString() ?? null,
    revoked_at: c.revokedAt?.toISOString() ?? null,
  };
}

function tokenView(t: TokenEntity): Record<string, unknown> {
  return {
    id: t.id,
    kind: t.kind,
    owner_id: t.ownerId,
    client_row_id: t.clientRowId,
    agent_id: t.agentId,
    grant_id: t.grantId,
    scopes: t.scopes,
    resource: t.resource,
    created_at: t.createdAt.toISOString(),
    expires_at: t.expiresAt.toISOString(),
    used_at: t.usedAt?.toISOString() ?? null,
    revoked_at: t.revokedAt?.toISOString() ?? null,
    revoked_reason: t.revokedReason,
  };
}

function ownerView(o: OwnerEntity): OwnerAdminView {
  return {
    id: o.id,
    email: o.email,
    status: o.status,
    status_reason: o.statusReason,
    created_at: o.createdAt.toISOString(),
    last_sign_in_at: o.lastSignInAt?.toISOString() ?? null,
  };
}

/** Operators' view of the broker: owners, agents, clients, tokens, agreements. Every change is audited. */
@Injectable()
export class OauthAdmin {
  constructor(
    @InjectRepository(OwnerEntity) private readonly owners: Repository<OwnerEntity>,
    private readonly identity: IdentityService,
    private readonly clients: Clients,
    private readonly tokens: Tokens,
    private readonly delegation: Delegation,
    private readonly audit: BrokerAudit,
  ) {}

  async listOwners(
    status: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ owners: OwnerAdminView[]; total: number; limit: number; offset: number }> {
    const [rows, total] = await this.owners.findAndCount({
      where: status ? { status: status as OwnerEntity['status'] } : {},
      order: { createdAt: 'DESC' },
      take: limit,
      skip: offset,
    });
    return { owners: rows.map(ownerView), total, limit, offset };
  }

  async setOwnerStatus(
    operator: OperatorPrincipal,
    id: string,
    status: 'active' | 'suspended',
    reason: string | null,
  ): Promise<OwnerAdminView> {
    const owner = UUID.test(id) ? await this.owners.findOne({ where: { id } }) : null;
    if (!owner) throw oauthErrors.ownerNotFound();
    owner.status = status;
    owner.statusReason = reason?.slice(0, 300) ?? null;
    await this.owners.save(owner);
    await this.audit.record(`operator:${operator.name}`, status === 'suspended' ? 'owner.suspended' : 'owner.restored', 'owner', id, id, {
      reason,
    });
    return ownerView(owner);
  }

  async ownerHistory(
    id: string,
  ): Promise<{ owner: OwnerAdminView; agents: AgentView[]; history: AuditView[]; tokens: Record<string, unknown>[] }> {
    const owner = UUID.test(id) ? await this.owners.findOne({ where: { id } }) : null;
    if (!owner) throw oauthErrors.ownerNotFound();
    const { tokens } = await this.tokens.list({ ownerId: id, limit: 200, offset: 0 });
    return {
      owner: ownerView(owner),
      agents: await this.identity.agentsOf(id),
      history: await this.audit.forOwner(id),
      tokens: tokens.map(tokenView),
    };
  }

  listAgents(status: string | undefined, limit: number, offset: number) {
    return this.identity.list({ status: status as AgentView['status'] | undefined, limit, offset });
  }

  async setAgentStatus(operator: OperatorPrincipal, id: string, status: 'active' | 'suspended', reason: string | null): Promise<AgentView> {
    if (!UUID.test(id)) throw oauthErrors.ownerNotFound();
    const agent = await this.identity.setAgentStatusByOperator(id, status, reason);
    await this.audit.record(
      `operator:${operator.name}`,
      status === 'suspended' ? 'agent.suspended' : 'agent.restored',
      'agent',
      id,
      agent.owner_id,
      { reason },
    );
    return agent;
  }

  async listClients(limit: number, offset: number) {
    const { clients, total } = await this.clients.list(limit, offset);
    return { clients: clients.map(clientView), total, limit, offset };
  }

  async registerClient(operator: OperatorPrincipal, metadata: unknown): Promise<Record<string, unknown>> {
    try {
      const { body, client } = await this.clients.register(metadata, operator.name, 'preregistered');
      await this.audit.record(`operator:${operator.name}`, 'client.preregistered', 'client', client.clientId, null, {
        client_name: client.clientName,
      });
      return body;
    } catch (error) {
      if (error instanceof OAuthError) throw oauthErrors.invalid(error.description);
      throw error;
    }
  }

  async revokeClient(operator: OperatorPrincipal, id: string): Promise<Record<string, unknown>> {
    const client = UUID.test(id) ? await this.clients.revoke(id) : null;
    if (!client) throw oauthErrors.clientNotFound();
    await this.audit.record(`operator:${operator.name}`, 'client.revoked', 'client', client.clientId, null);
    return clientView(client);
  }

  async listTokens(filter: { ownerId?: string; clientId?: string }, limit: number, offset: number) {
    if ((filter.ownerId && !UUID.test(filter.ownerId)) || (filter.clientId && !UUID.test(filter.clientId))) {
      return { tokens: [], total: 0, limit, offset };
    }
    const { tokens, total } = await this.tokens.list({ ownerId: filter.ownerId, clientRowId: filter.clientId, limit, offset });
    return { tokens: tokens.map(tokenView), total, limit, offset };
  }

  async revokeToken(operator: OperatorPrincipal, id: string): Promise<Record<string, unknown>> {
    const token = UUID.test(id) ? await this.tokens.revokeToken(id, `operator:${operator.name}`) : null;
    if (!token) throw oauthErrors.tokenNotFound();
    await this.audit.record(`operator:${operator.name}`, 'token.revoked', 'token', id, token.ownerId, { kind: token.kind });
    return tokenView(token);
  }

  publishAgreement(operator: OperatorPrincipal, version: string, text: string): Promise<AgreementView> {
    return this.delegation.publish(operator, version, text);
  }

  agreements() {
    return this.delegation.versions();
  }

  auditLog(limit: number, offset: number) {
    return this.audit.recent(limit, offset);
  }
}
