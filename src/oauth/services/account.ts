import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { timingSafeEqual } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { SecretsService } from '../../common/secrets/secrets.service.js';
import { IdentityService } from '../../identity/services/identity.service.js';
import { ClientEntity } from '../entities/client.entity.js';
import { GrantEntity } from '../entities/grant.entity.js';
import { oauthErrors } from '../oauth.errors.js';
import type { AccountView, GrantRow } from '../views/account-pages.js';
import { AccountActivity } from './account-activity.js';
import { BrokerAudit } from './broker-audit.js';
import { Delegation } from './delegation.js';
import { OwnerAuth } from './owner-auth.js';
import { OwnerEmailChange } from './owner-email-change.js';
import { OwnerSessions } from './owner-sessions.js';
import { Tokens } from './tokens.js';

/** The owner's account page: agents, apps with access (grants), the agreement; CSRF bound to the session. */
@Injectable()
export class Accounts {
  constructor(
    private readonly secrets: SecretsService,
    private readonly identity: IdentityService,
    private readonly delegation: Delegation,
    private readonly owners: OwnerAuth,
    private readonly tokens: Tokens,
    private readonly audit: BrokerAudit,
    private readonly activity: AccountActivity,
    private readonly ownerSessions: OwnerSessions,
    private readonly emailChange: OwnerEmailChange,
    @InjectRepository(GrantEntity) private readonly grants: Repository<GrantEntity>,
    @InjectRepository(ClientEntity) private readonly clients: Repository<ClientEntity>,
  ) {}

  /** A CSRF token for the session's forms: a keyed hash of the session id (no state to keep). */
  csrfFor(owner: OwnerPrincipal): Promise<string> {
    return this.secrets.keyedHash('csrf', owner.sessionId);
  }

  async checkCsrf(owner: OwnerPrincipal, presented: string | undefined): Promise<boolean> {
    const expected = await this.csrfFor(owner);
    return (
      typeof presented === 'string' &&
      presented.length === expected.length &&
      timingSafeEqual(Buffer.from(presented), Buffer.from(expected))
    );
  }

  async view(owner: OwnerPrincipal, notice?: string): Promise<AccountView> {
    const ownerRow = await this.owners.owner(owner);
    const agents = await this.identity.ownerAgents(owner);
    const grants = await this.grants.find({ where: { ownerId: owner.ownerId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
    const clientRows = grants.length ? await this.clients.findBy(grants.map((g) => ({ id: g.clientRowId }))) : [];
    const clientById = new Map(clientRows.map((c) => [c.id, c]));
    const agentById = new Map(agents.map((a) => [a.id, a]));
    const rows: GrantRow[] = grants.map((g) => ({
      id: g.id,
      client_name: clientById.get(g.clientRowId)?.clientName ?? '(removed client)',
      client_id: clientById.get(g.clientRowId)?.clientId ?? '',
      client_kind: clientById.get(g.clientRowId)?.kind ?? 'dynamic',
      agent_name: agentById.get(g.agentId)?.name ?? '(removed agent)',
      scopes: g.scopes,
      created_at: g.createdAt.toISOString(),
      last_used_at: g.lastUsedAt?.toISOString() ?? null,
    }));
    return {
      email: owner.email,
      status: ownerRow?.status ?? 'active',
      csrf: await this.csrfFor(owner),
      agents,
      grants: rows,
      agreement: await this.delegation.status(owner),
      policies: (await this.identity.ownerPolicies(owner)).map((p) => ({ service: p.service, policy: p.policy, updated_at: p.updated_at })),
      signups: Object.fromEntries(
        await Promise.all(
          agents.map(
            async (a) =>
              [
                a.id,
                (await this.identity.ownerAgentSignups(owner, a.id, 5)).map((r) => ({ service: r.service_origin, at: r.recorded_at })),
              ] as const,
          ),
        ),
      ),
      sessions: await this.ownerSessions.list(owner),
      activity: await this.activity.recent(owner),
      notice,
    };
  }

  /** One of the owner's live grants, for the "remove this app?" confirmation. @throws not_found */
  async grantToRemove(owner: OwnerPrincipal, grantId: string): Promise<GrantRow> {
    const view = await this.view(owner);
    const grant = view.grants.find((g) => g.id === grantId);
    if (!grant) throw oauthErrors.grantNotFound();
    return grant;
  }

  /** The app name of one of the owner's grants, live or removed (for the result message). */
  async grantAppName(owner: OwnerPrincipal, grantId: unknown): Promise<string | undefined> {
    if (typeof grantId !== 'string' || !/^[0-9a-f-]{36}$/.test(grantId)) return undefined;
    const grant = await this.grants.findOne({ where: { id: grantId, ownerId: owner.ownerId } });
    if (!grant) return undefined;
    return (await this.clients.findOne({ where: { id: grant.clientRowId } }))?.clientName;
  }

  /**
   * Deletes the owner's account: every app's access ends (all tokens revoked), every agent is
   * revoked (its records stay, as evidence of what was done in the owner's name), every session
   * ends, and the owner row is removed — the address can start afresh later, with nothing attached.
   * @throws validation_failed (the typed address does not match)
   */
  async deleteAccount(owner: OwnerPrincipal, confirmEmail: string | undefined): Promise<void> {
    if ((confirmEmail ?? '').trim().toLowerCase() !== owner.email.toLowerCase()) {
      throw oauthErrors.invalid(`Type your email address, ${owner.email}, to confirm. Nothing was deleted.`);
    }
    const grants = await this.grants.find({ where: { ownerId: owner.ownerId, revokedAt: IsNull() } });
    for (const grant of grants) await this.tokens.revokeGrant(grant.id, `owner:${owner.ownerId}:deleted`);
    for (const agent of await this.identity.ownerAgents(owner)) {
      if (agent.status === 'active') await this.identity.setAgentStatusByOwner(owner, agent.id, 'revoked');
    }
    await this.owners.deleteOwner(owner);
  }

  /** The new address waiting for its code, if any (the email page). */
  pendingEmail(owner: OwnerPrincipal): Promise<string | undefined> {
    return this.emailChange.pending(owner);
  }

  /** Mails a code to the new address. @throws validation_failed, rate_limited, mail_relay_failed */
  startEmailChange(owner: OwnerPrincipal, email: unknown, ip: string): Promise<void> {
    return this.emailChange.start(owner, email, ip);
  }

  /** Makes the new address the owner's, with the code it received. @throws validation_failed */
  confirmEmailChange(owner: OwnerPrincipal, code: unknown): Promise<string> {
    return this.emailChange.confirm(owner, code);
  }

  /** Ends every session of the owner (this browser's too). */
  async signOutEverywhere(owner: OwnerPrincipal): Promise<void> {
    await this.ownerSessions.signOutEverywhere(owner);
  }

  /** Revokes one of the owner's grants and all its tokens (takes effect on the next request). */
  async revokeGrant(owner: OwnerPrincipal, grantId: string): Promise<void> {
    const grant = /^[0-9a-f-]{36}$/.test(grantId) ? await this.grants.findOne({ where: { id: grantId, ownerId: owner.ownerId } }) : null;
    if (!grant) throw oauthErrors.grantNotFound();
    await this.tokens.revokeGrant(grant.id, `owner:${owner.ownerId}`);
    const client = await this.clients.findOne({ where: { id: grant.clientRowId } });
    await this.audit.record(`owner:${owner.ownerId}`, 'grant.revoked', 'grant', grant.id, owner.ownerId, {
      client_name: client?.clientName ?? null,
    });
  }

  /** Sets or removes (policy "remove") one of the owner's relying-party rules. @throws validation_failed */
  async setPolicy(owner: OwnerPrincipal, service: string | undefined, policy: string | undefined): Promise<void> {
    const value = policy === 'remove' ? null : policy;
    if (!service || (value !== null && !['allow', 'warn', 'require', 'block'].includes(value ?? ''))) {
      throw oauthErrors.invalid('Give a service origin (or *) and one of allow, warn, require, block.');
    }
    await this.identity.setOwnerPolicy(owner, service.trim(), value as 'allow' | 'warn' | 'require' | 'block' | null);
    await this.audit.record(`owner:${owner.ownerId}`, 'rp_policy.set', 'rp_policy', service.trim().slice(0, 300), owner.ownerId, {
      policy: value,
    });
  }

  async setAgentStatus(owner: OwnerPrincipal, agentId: string, status: 'active' | 'revoked'): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(agentId)) throw oauthErrors.grantNotFound();
    await this.identity.setAgentStatusByOwner(owner, agentId, status);
    await this.audit.record(
      `owner:${owner.ownerId}`,
      status === 'active' ? 'agent.restored' : 'agent.revoked',
      'agent',
      agentId,
      owner.ownerId,
    );
  }
}
