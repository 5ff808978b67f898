import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, IsNull, Repository } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { hashToken } from '../../common/auth/token.js';
import { AppConfig } from '../../config/app-config.js';
import { IdentityService } from '../../identity/services/identity.service.js';
import { AuthorizationRequestEntity } from '../entities/authorization-request.entity.js';
import type { ClientEntity } from '../entities/client.entity.js';
import { GrantEntity } from '../entities/grant.entity.js';
import { isLoopbackUrl, redirectUriMatches } from '../domain/redirect-uris.js';
import { DEFAULT_SCOPES, parseScopes, type Scope } from '../domain/scopes.js';
import { OAuthError } from '../oauth.errors.js';
import { OWNER_STATUS_SQL, type OwnerStatusRow } from '../queries/owner.queries.js';
import { BrokerAudit } from './broker-audit.js';
import { ClientsService } from './clients.js';
import { DelegationService, type AgreementStatus } from './delegation.js';
import { TokensService } from './tokens.js';
import type { AgentView } from '../../identity/identity.types.js';

/** How long a consent page stays valid. */
export const TRANSACTION_TTL_MS = 10 * 60 * 1000;

/** A bad client or redirect URI: shown as an error page, never redirected. */
export class AuthorizePageError extends Error {}

/** An /authorize error that is sent back to the redirect URI of a pre-registered client. */
export class AuthorizeRedirectError extends Error {
  constructor(
    readonly redirect: string,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

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

/** /authorize: request validation, the server-side consent transaction, and the owner's decision. */
@Injectable()
export class AuthorizationService {
  readonly issuer: string;
  readonly resource: string;

  constructor(
    config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clients: ClientsService,
    private readonly tokens: TokensService,
    private readonly delegation: DelegationService,
    private readonly identity: IdentityService,
    private readonly audit: BrokerAudit,
    @InjectRepository(AuthorizationRequestEntity) private readonly transactions: Repository<AuthorizationRequestEntity>,
  ) {
    this.issuer = config.publicBaseUrl;
    this.resource = `${config.publicBaseUrl}/broker/mcp`;
  }

  /** The redirect back to the client: `code`/`error`, `state` and RFC 9207 `iss`. */
  redirectTo(redirectUri: string, params: Record<string, string | null | undefined>): string {
    const url = new URL(redirectUri);
    for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) url.searchParams.set(key, value);
    url.searchParams.set('iss', this.issuer);
    return url.toString();
  }

  /**
   * Validates an authorization request in the RFC's order: client and redirect URI first (an error
   * page), then everything else (a redirect with `error` for pre-registered clients, the error page
   * for dynamically registered and metadata-document clients).
   */
  async validate(query: Record<string, unknown>): Promise<ValidatedAuthorize> {
    const one = (name: string): string | undefined => {
      const value = query[name];
      if (Array.isArray(value)) throw new AuthorizePageError(`The parameter ${name} was sent more than once.`);
      return typeof value === 'string' && value.length > 0 ? value : undefined;
    };
    let client: ClientEntity;
    try {
      client = await this.clients.resolve(one('client_id'));
    } catch (error) {
      throw new AuthorizePageError(error instanceof OAuthError ? error.description : 'Unknown client.');
    }
    const requested = one('redirect_uri');
    let redirectUri: string;
    if (requested === undefined) {
      if (client.redirectUris.length !== 1) throw new AuthorizePageError('redirect_uri is required for this client.');
      redirectUri = client.redirectUris[0];
    } else {
      if (!client.redirectUris.some((r) => redirectUriMatches(r, requested))) {
        throw new AuthorizePageError('The redirect_uri is not registered for this client.');
      }
      redirectUri = requested;
    }
    const state = one('state') ?? null;
    // Before anyone has signed in, an error goes back to the redirect URI only for a client an
    // operator registered: anyone can register a dynamic client or publish a metadata document
    // naming any redirect URI, and redirecting to it would make /authorize an open redirector
    // (RFC 9700 §4.11.2). Everyone else gets the error page.
    const fail = (error: string, description: string): Error =>
      client.kind === 'preregistered'
        ? new AuthorizeRedirectError(this.redirectTo(redirectUri, { error, error_description: description, state }), error, description)
        : new AuthorizePageError(`${description} (${error})`);
    for (const name of ['response_type', 'code_challenge', 'code_challenge_method', 'scope', 'resource', 'state']) {
      if (Array.isArray(query[name])) throw fail('invalid_request', `The parameter ${name} was sent more than once.`);
    }
    if (state !== null && state.length > 1000) throw fail('invalid_request', 'state is too long.');
    if (one('response_type') !== 'code') throw fail('unsupported_response_type', 'Only response_type=code is supported.');
    const codeChallenge = one('code_challenge');
    if (!codeChallenge) throw fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
    if (one('code_challenge_method') !== 'S256') throw fail('invalid_request', 'code_challenge_method must be S256.');
    if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
      throw fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters).');
    }
    const resource = one('resource') ?? this.resource;
    if (resource !== this.resource) throw fail('invalid_target', `This server issues tokens only for ${this.resource}.`);
    const parsed = parseScopes(one('scope') ?? client.scope ?? DEFAULT_SCOPES.join(' '));
    if (parsed.unknown.length > 0) throw fail('invalid_scope', `Unknown scope: ${parsed.unknown.slice(0, 3).join(' ')}.`);
    const scopes = parsed.scopes.length > 0 ? parsed.scopes : [...DEFAULT_SCOPES];
    return { client, redirectUri, state, codeChallenge, scopes, resource };
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
    const [previous] = await this.dataSource
      .getRepository(GrantEntity)
      .find({ where: { ownerId: owner.ownerId, clientRowId: client.id, revokedAt: IsNull() }, order: { createdAt: 'DESC' }, take: 1 });
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
      currentAgentId: previous && agents.some((a) => a.id === previous.agentId) ? previous.agentId : null,
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
      const done = await em
        .getRepository(AuthorizationRequestEntity)
        .update({ id: tx.id, completedAt: IsNull() }, { completedAt: new Date() });
      if (!done.affected) throw new AuthorizePageError('This authorization request was already answered.');
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
