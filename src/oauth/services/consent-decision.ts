import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { hashToken } from '../../common/auth/token.js';
import { AppConfig } from '../../config/app-config.js';
import { IdentityService } from '../../identity/services/identity.service.js';
import type { AgentView } from '../../identity/identity.types.js';
import { AuthorizationRequestEntity } from '../entities/authorization-request.entity.js';
import type { ClientEntity } from '../entities/client.entity.js';
import { GrantEntity } from '../entities/grant.entity.js';
import { isLoopbackUrl } from '../domain/redirect-uris.js';
import type { Scope } from '../domain/scopes.js';
import { COMPLETE_CONSENT_SQL, PREVIOUS_GRANT_SQL, type PreviousGrantRow } from '../queries/consent.queries.js';
import { OWNER_STATUS_SQL, type OwnerStatusRow } from '../queries/owner.queries.js';
import { AuthorizePageError, clientRedirect } from './authorize-redirect.js';
import { BrokerAudit } from './broker-audit.js';
import { Clients } from './clients.js';
import { Delegation, type AgreementStatus } from './delegation.js';
import { Tokens } from './tokens.js';

/** How long a consent page stays valid. */
export const TRANSACTION_TTL_MS = 10 * 60 * 1000;

export interface ValidatedAuthorize {
  client: ClientEntity;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  scopes: Scope[];
  resource: string;
}

export interface ConsentView {
  transactionId: string;
  csrf: string;
  client: { name: string; clientId: string; kind: string; clientIdHost: string | null; redirectHost: string; loopbackOnly: boolean };
  scopes: Scope[];
  owner: { email: string };
  agents: AgentView[];
  /** The agent this client already acts as for this owner (preselected), if any. */
  currentAgentId: string | null;
  agreement: AgreementStatus;
  redirectOrigin: string;
}

export interface Decision {
  transactionId: unknown;
  csrf: unknown;
  action: 'approve' | 'deny' | 'sign';
  agent?: unknown;
  newAgentName?: unknown;
  acceptAgreement: boolean;
  ip: string;
}

/**
 * The consent step of /authorize: the server-side transaction the consent form refers to, and the
 * owner's decision on it (deny, sign the agreement, or approve for an existing or new agent, which
 * issues the code).
 */
@Injectable()
export class ConsentDecision {
  private readonly issuer: string;

  constructor(
    config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clients: Clients,
    private readonly tokens: Tokens,
    private readonly delegation: Delegation,
    private readonly identity: IdentityService,
    private readonly audit: BrokerAudit,
    @InjectRepository(AuthorizationRequestEntity) private readonly transactions: Repository<AuthorizationRequestEntity>,
  ) {
    this.issuer = config.publicBaseUrl;
  }

  private redirectTo(redirectUri: string, params: Record<string, string | null | undefined>): string {
    return clientRedirect(this.issuer, redirectUri, params);
  }

  /** Opens the server-side transaction the consent form refers to. */
  async begin(owner: OwnerPrincipal, request: ValidatedAuthorize): Promise<ConsentView> {
    const csrf = randomBytes(32).toString('base64url');
    const tx = await this.transactions.save(
      this.transactions.create({
        clientRowId: request.client.id,
        sessionId: owner.sessionId,
        ownerId: owner.ownerId,
        redirectUri: request.redirectUri,
        state: request.state,
        codeChallenge: request.codeChallenge,
        scopes: request.scopes,
        resource: request.resource,
        csrfHash: hashToken(csrf),
        expiresAt: new Date(Date.now() + TRANSACTION_TTL_MS),
      }),
    );
    return this.consentView(owner, tx, request.client, csrf);
  }

  private async consentView(
    owner: OwnerPrincipal,
    tx: AuthorizationRequestEntity,
    client: ClientEntity,
    csrf: string,
  ): Promise<ConsentView> {
    const redirect = new URL(tx.redirectUri);
    const cimd = client.kind === 'cimd';
    const loopbackOnly = client.redirectUris.every((r) => {
      try {
        return isLoopbackUrl(new URL(r));
      } catch {
        return false;
      }
    });
    const agents = (await this.identity.ownerAgents(owner)).filter((a) => a.status === 'active');
    const [previous] = (await this.dataSource.query(PREVIOUS_GRANT_SQL, [owner.ownerId, client.id])) as PreviousGrantRow[];
    return {
      transactionId: tx.id,
      csrf,
      client: {
        name: client.clientName,
        clientId: client.clientId,
        kind: client.kind,
        clientIdHost: cimd ? new URL(client.clientId).host : null,
        redirectHost: redirect.host || redirect.protocol,
        loopbackOnly,
      },
      scopes: tx.scopes as Scope[],
      owner: { email: owner.email },
      agents,
      currentAgentId: previous && agents.some((a) => a.id === previous.agent_id) ? previous.agent_id : null,
      agreement: await this.delegation.status(owner),
      redirectOrigin: redirect.protocol === 'http:' || redirect.protocol === 'https:' ? redirect.origin : `${redirect.protocol}`,
    };
  }

  /**
   * The owner's answer on the consent page. Returns the redirect to send the browser to, or a
   * consent view to show again (with a problem) when the agreement box was left unticked.
   * @throws AuthorizePageError (unknown, expired or foreign transaction; CSRF failure)
   */
  async decide(owner: OwnerPrincipal, decision: Decision): Promise<{ redirect: string } | { again: ConsentView; problem: string }> {
    const id =
      typeof decision.transactionId === 'string' && /^[0-9a-f-]{36}$/.test(decision.transactionId) ? decision.transactionId : undefined;
    const tx = id ? await this.transactions.findOne({ where: { id } }) : null;
    if (!tx || tx.sessionId !== owner.sessionId || tx.ownerId !== owner.ownerId) {
      throw new AuthorizePageError('This authorization request is unknown or belongs to another session. Start again from your app.');
    }
    const csrf = typeof decision.csrf === 'string' ? decision.csrf : '';
    if (!csrf || !timingSafeEqual(Buffer.from(hashToken(csrf)), Buffer.from(tx.csrfHash))) {
      throw new AuthorizePageError('The form could not be verified (CSRF check failed). Start again from your app.');
    }
    if (tx.completedAt || tx.expiresAt.getTime() <= Date.now()) {
      throw new AuthorizePageError('This authorization request has expired or was already answered. Start again from your app.');
    }
    const client = await this.clients.byRowId(tx.clientRowId);
    if (!client || client.revokedAt) throw new AuthorizePageError('This client has been revoked.');

    if (decision.action === 'deny') {
      await this.finish(tx.id);
      await this.audit.record(`owner:${owner.ownerId}`, 'consent.denied', 'client', client.clientId, owner.ownerId, { scopes: tx.scopes });
      return {
        redirect: this.redirectTo(tx.redirectUri, {
          error: 'access_denied',
          error_description: 'The owner denied the request.',
          state: tx.state,
        }),
      };
    }
    const ownerRow = (await this.dataSource.query(OWNER_STATUS_SQL, [owner.ownerId])) as OwnerStatusRow[];
    if (ownerRow[0]?.status !== 'active') {
      await this.finish(tx.id);
      return {
        redirect: this.redirectTo(tx.redirectUri, {
          error: 'access_denied',
          error_description: 'This owner account is suspended.',
          state: tx.state,
        }),
      };
    }
    const agreement = await this.delegation.status(owner);
    if (!agreement.current_signed) {
      if (!decision.acceptAgreement) {
        return {
          again: await this.consentView(owner, tx, client, csrf),
          problem: 'Tick the box to sign the Master Agent Delegation agreement, or deny.',
        };
      }
      await this.delegation.sign(owner, agreement.current.version, decision.ip);
    }
    // "Sign agreement" alone: show the consent again, now with the agreement signed.
    if (decision.action === 'sign') return { again: await this.consentView(owner, tx, client, csrf), problem: '' };
    let agentId: string;
    const choice = typeof decision.agent === 'string' ? decision.agent : 'new';
    if (choice !== 'new') {
      const agent = await this.identity.ownedAgent(owner, choice);
      if (!agent || agent.status !== 'active') {
        return {
          again: await this.consentView(owner, tx, client, csrf),
          problem: 'Choose one of your active agents, or create a new one.',
        };
      }
      agentId = agent.id;
    } else {
      agentId = '';
    }
    const redirect = await this.dataSource.transaction(async (em) => {
      const [, done] = (await em.query(COMPLETE_CONSENT_SQL, [tx.id, new Date()])) as [unknown[], number];
      if (!done) throw new AuthorizePageError('This authorization request was already answered.');
      if (!agentId) {
        const name = typeof decision.newAgentName === 'string' && decision.newAgentName.trim() ? decision.newAgentName : client.clientName;
        agentId = (await this.identity.createAgent(owner, name, client.clientName, em)).id;
      }
      const grants = em.getRepository(GrantEntity);
      const grant = await grants.save(
        grants.create({ ownerId: owner.ownerId, clientRowId: client.id, agentId, scopes: tx.scopes, resource: tx.resource }),
      );
      const code = await this.tokens.issueCode(em, grant, {
        redirectUri: tx.redirectUri,
        codeChallenge: tx.codeChallenge,
        scopes: tx.scopes,
        resource: tx.resource,
      });
      await this.audit.record(
        `owner:${owner.ownerId}`,
        'consent.granted',
        'client',
        client.clientId,
        owner.ownerId,
        { scopes: tx.scopes, agent_id: agentId, grant_id: grant.id },
        em,
      );
      return this.redirectTo(tx.redirectUri, { code, state: tx.state });
    });
    return { redirect };
  }

  private async finish(id: string): Promise<void> {
    await this.transactions.update({ id }, { completedAt: new Date() });
  }
}
