import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { ClientEntity } from '../entities/client.entity.js';
import { BrokerAudit, type AuditView } from './broker-audit.js';

export interface ActivityItem {
  at: string;
  text: string;
}

const POLICY_WORDS: Record<string, string> = {
  allow: 'sign up without asking',
  warn: 'sign up, with a warning if the service is unverified',
  require: 'sign up only if the service is verified',
  block: 'never sign up there',
};

/** The owner's activity history in plain words, from the broker's audit trail. */
@Injectable()
export class AccountActivity {
  constructor(
    private readonly audit: BrokerAudit,
    @InjectRepository(ClientEntity) private readonly clients: Repository<ClientEntity>,
  ) {}

  async recent(owner: OwnerPrincipal, limit = 15): Promise<ActivityItem[]> {
    const rows = await this.audit.forOwner(owner.ownerId, limit);
    const clientIds = [...new Set(rows.filter((r) => r.subject_type === 'client').map((r) => r.subject_id))];
    const clients = clientIds.length ? await this.clients.find({ where: { clientId: In(clientIds) } }) : [];
    const names = new Map(clients.map((c) => [c.clientId, c.clientName]));
    return rows.map((r) => ({ at: r.created_at, text: describe(r, names) }));
  }
}

function describe(r: AuditView, clientNames: Map<string, string>): string {
  const app = clientNames.get(r.subject_id) ?? 'an app';
  const detail = r.detail;
  switch (r.action) {
    case 'owner.signed_in':
      return 'Signed in';
    case 'owner.signed_out_everywhere':
      return 'Signed out everywhere';
    case 'consent.granted':
      return `Allowed ${app} to act for you`;
    case 'consent.denied':
      return `Denied ${app}`;
    case 'grant.revoked':
      return typeof detail.client_name === 'string' ? `Removed ${detail.client_name}'s access` : "Removed an app's access";
    case 'agent.revoked':
      return 'Revoked an agent';
    case 'agent.restored':
      return 'Restored an agent';
    case 'delegation.signed':
      return `Signed the delegation agreement (version ${r.subject_id})`;
    case 'rp_policy.set': {
      const service = r.subject_id === '*' ? 'every other service' : r.subject_id;
      const policy = typeof detail.policy === 'string' ? POLICY_WORDS[detail.policy] : undefined;
      return policy ? `Rule for ${service}: ${policy}` : `Removed the rule for ${service}`;
    }
    default:
      return r.action.replace(/[._]/g, ' ');
  }
}
