import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { LATEST_ACCEPTANCES_SQL, type AcceptanceViewRow } from '../queries/acceptance.queries.js';
import { SignupProofs } from './signup-proofs.js';
import { toAcceptanceRowView } from './signup.views.js';
import { WhoamiCache } from './whoami-cache.js';
import type { AgentView, RegisterView, WhoamiView } from '../identity.types.js';

/** What identity_whoami and identity_register show about the calling agent. */
@Injectable()
export class IdentityProfile {
  constructor(
    private readonly config: AppConfig,
    private readonly proofs: SignupProofs,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: WhoamiCache,
  ) {}

  async whoami(principal: AgentPrincipal, agent: AgentView): Promise<WhoamiView> {
    const lists = await this.cache.get(principal, agent.id, async () => {
      // The two lists are independent: read them side by side.
      const [latest, recent] = await Promise.all([this.latestAcceptances(agent.id), this.proofs.recent(agent.id)]);
      return {
        recent_signups: recent,
        latest_acceptances: latest.sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).map(toAcceptanceRowView),
      };
    });
    const base = this.config.publicBaseUrl;
    return {
      agent: {
        id: agent.id,
        name: agent.name,
        handle: agent.handle,
        harness: agent.harness,
        inbox_address: agent.inbox_address,
        status: agent.status,
        created_at: agent.created_at,
      },
      human: { id: principal.ownerId, email: principal.ownerEmail, verified: true },
      client: { client_id: principal.clientId, name: principal.clientName },
      scopes: [...principal.scopes],
      recent_signups: lists.recent_signups,
      latest_acceptances: lists.latest_acceptances,
      links: {
        workflow: 'agentregistrar://docs/workflow',
        error_recovery: 'agentregistrar://docs/error-recovery',
        relying_party_guide: 'agentregistrar://docs/relying-party-guide',
        policies: 'agentregistrar://docs/policies',
        jwks: `${base}/.well-known/jwks.json`,
        docs: `${base}/docs/broker-relying-parties`,
      },
    };
  }

  /** The newest acceptance per service (at most 50). */
  private async latestAcceptances(agentId: string): Promise<AcceptanceViewRow[]> {
    return (await this.dataSource.query(LATEST_ACCEPTANCES_SQL, [agentId])) as AcceptanceViewRow[];
  }

  register(principal: AgentPrincipal, agent: AgentView, created: boolean): RegisterView {
    return {
      agent_id: agent.id,
      name: agent.name,
      handle: agent.handle,
      harness: agent.harness,
      inbox_address: agent.inbox_address,
      status: agent.status,
      owner: { id: principal.ownerId, email: principal.ownerEmail },
      created,
    };
  }
}
