import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashToken } from '../../common/auth/token.js';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { preparedQuery } from '../../database/prepared-query.js';
import { ACCESS_TOKEN_SQL, TOUCH_GRANT_SQL, type AccessTokenRow } from '../queries/access.queries.js';
import { GateCache } from './gate-cache.js';

/** The outcome of checking a bearer token, in the gate's order. */
export type AccessDecision =
  | { ok: true; principal: AgentPrincipal }
  | { ok: false; status: 401; reason: 'missing' | 'invalid_token'; message: string }
  | { ok: false; status: 403; reason: 'owner_suspended' | 'agreement_required'; message: string };

export type ScopeDecision = { ok: true } | { ok: false; required: string[]; challenge: string[] };

const TOKEN_SHAPE = /^mca_[A-Za-z0-9_-]{43}$/;
/** How often a grant's "last used" time is written (TOUCH_GRANT_SQL keeps the same minute). */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The one access policy both doors use (the /broker/mcp gate and the REST guards):
 * token → owner active → agreement current → scope. Agent status is checked where the agent is
 * used (tools answer `agent_revoked`; the gate reads the agent row in its statement, so they need
 * not read it again). Every check reads the database in that one statement, or a copy of its row
 * kept by {@link GateCache} while the committed change generation says nothing it read has changed,
 * so revocation, suspension and a new agreement version take effect on the next request on every
 * instance.
 */
@Injectable()
export class AccessPolicy {
  private readonly logger = new Logger('AccessPolicy');
  readonly resource: string;

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
    private readonly cache: GateCache,
  ) {
    this.resource = `${config.publicBaseUrl}/broker/mcp`;
  }

  async check(token: string | undefined, resource = this.resource): Promise<AccessDecision> {
    if (token === undefined) {
      return { ok: false, status: 401, reason: 'missing', message: 'This server needs an OAuth bearer access token.' };
    }
    const invalid = (message: string): AccessDecision => ({ ok: false, status: 401, reason: 'invalid_token', message });
    if (!TOKEN_SHAPE.test(token)) return invalid('The access token is malformed.');
    const tokenHash = hashToken(token);
    const cached = await this.cache.lookup(tokenHash);
    const row =
      cached?.row ?? (await preparedQuery<AccessTokenRow>(this.dataSource, 'oauth_access_token', ACCESS_TOKEN_SQL, [tokenHash]))[0];
    if (!row) return invalid('The access token is unknown.');
    if (row.revoked_at || row.grant_revoked_at || row.client_revoked_at) return invalid('The access token has been revoked.');
    if (row.expires_at.getTime() <= Date.now()) return invalid('The access token has expired.');
    if (row.resource !== resource) return invalid('The access token was issued for another resource.');
    if (row.owner_status !== 'active') {
      return { ok: false, status: 403, reason: 'owner_suspended', message: 'The owner of this token is suspended.' };
    }
    if (!row.agreement_current) {
      return {
        ok: false,
        status: 403,
        reason: 'agreement_required',
        message: 'The owner must sign the current Master Agent Delegation agreement (see the account page) before this token works again.',
      };
    }
    if (!cached) this.cache.store(tokenHash, row);
    // "Last used" is kept to the minute: the write is sent only when the row read above is older.
    const lastUsed = row.grant_last_used_at;
    if (lastUsed === null || Date.now() - lastUsed.getTime() >= TOUCH_INTERVAL_MS) {
      row.grant_last_used_at = new Date();
      this.dataSource
        .query(TOUCH_GRANT_SQL, [row.grant_id])
        .catch((error: unknown) => this.logger.warn(`Could not mark grant used: ${(error as Error).message}`));
    }
    const principal: AgentPrincipal = {
      kind: 'agent',
      tokenId: row.id,
      grantId: row.grant_id,
      ownerId: row.owner_id,
      ownerEmail: row.owner_email,
      agentId: row.agent_id,
      clientId: row.client_id,
      clientName: row.client_name,
      scopes: row.scopes,
      resource: row.resource,
      expiresAt: row.expires_at,
      agent:
        row.agent_row_id === null
          ? undefined
          : {
              id: row.agent_row_id,
              ownerId: row.agent_owner_id!,
              handle: row.agent_handle!,
              name: row.agent_name!,
              harness: row.agent_harness,
              status: row.agent_status!,
              statusReason: row.agent_status_reason,
              createdAt: row.agent_created_at!,
            },
    };
    if (cached) this.cache.attach(principal, cached.generations);
    return { ok: true, principal };
  }

  /** Whether the principal holds every required scope; otherwise the scopes to challenge with (granted ∪ required). */
  requireScopes(principal: AgentPrincipal, required: readonly string[]): ScopeDecision {
    const missing = required.filter((s) => !principal.scopes.includes(s));
    if (missing.length === 0) return { ok: true };
    const challenge = [...principal.scopes.filter((s) => s !== 'offline_access'), ...required.filter((s) => !principal.scopes.includes(s))];
    return { ok: false, required: [...required], challenge };
  }
}
