import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, type FindOptionsWhere, Repository } from 'typeorm';
import { generateToken, hashToken } from '../../common/auth/token.js';
import { AppConfig } from '../../config/app-config.js';
import type { ClientEntity } from '../entities/client.entity.js';
import { GrantEntity } from '../entities/grant.entity.js';
import { TokenEntity } from '../entities/token.entity.js';
import { formatScopes, parseScopes } from '../domain/scopes.js';
import { OAuthError } from '../oauth.errors.js';
import { OWNER_ELIGIBLE_SQL, REVOKE_FAMILY_SQL, REVOKE_GRANT_TOKENS_SQL, type OwnerEligibleRow } from '../queries/access.queries.js';
import {
  LOCK_GRANT_OF_TOKEN_SQL,
  LOCK_GRANT_SQL,
  LOCK_TOKEN_SQL,
  MARK_TOKEN_USED_SQL,
  REVOKE_GRANT_CHAIN_SQL,
  type LockedGrantRow,
  type LockedTokenRow,
} from '../queries/token.queries.js';
import { BrokerAudit } from './broker-audit.js';

export const CODE_TTL_SECONDS = 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/** What one exchange transaction ends with: new tokens, or a reuse whose revocation has to commit before the refusal. */
type Exchange = { issued: TokenResponse } | { reused: string };

const S256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Authorization codes, access and refresh tokens: issued, exchanged, rotated and revoked. Only
 * hashes are stored. Each exchange is one transaction over the locked code or refresh token; a
 * replayed code or a reused refresh token revokes every token of its grant.
 */
@Injectable()
export class Tokens {
  private readonly logger = new Logger('OAuthTokens');

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    @InjectRepository(TokenEntity) private readonly tokens: Repository<TokenEntity>,
    private readonly audit: BrokerAudit,
  ) {}

  /** A single-use code (≤ 60 s) bound to client, redirect URI, challenge, resource, scopes, owner and agent. */
  async issueCode(
    tx: EntityManager,
    grant: GrantEntity,
    input: { redirectUri: string; codeChallenge: string; scopes: string[]; resource: string },
  ): Promise<string> {
    const code = generateToken('mac');
    await tx.getRepository(TokenEntity).insert({
      tokenHash: hashToken(code),
      kind: 'code',
      familyId: randomUUID(),
      grantId: grant.id,
      ownerId: grant.ownerId,
      clientRowId: grant.clientRowId,
      agentId: grant.agentId,
      scopes: input.scopes,
      resource: input.resource,
      redirectUri: input.redirectUri,
      codeChallenge: input.codeChallenge,
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    return code;
  }

  /**
   * The token endpoint's one use case: the grant type selects the exchange. Each exchange runs in
   * one transaction with the presented code or refresh token locked, so a second use (a replay, a
   * stolen refresh token raced against the real client) waits for the first and then revokes the
   * whole chain, including what the first has just issued.
   * @throws OAuthError invalid_request, unsupported_grant_type, unauthorized_client, invalid_grant, invalid_scope, invalid_target
   */
  async grant(client: ClientEntity, params: Record<string, unknown>): Promise<TokenResponse> {
    const grantType = str(params.grant_type);
    if (grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is required.');
    if (grantType === 'authorization_code') {
      if (!client.grantTypes.includes('authorization_code')) {
        throw new OAuthError('unauthorized_client', 'This client may not use the authorization_code grant.');
      }
      return this.exchangeCode(client, params);
    }
    if (grantType === 'refresh_token') {
      if (!client.grantTypes.includes('refresh_token')) {
        throw new OAuthError('unauthorized_client', 'This client may not use refresh tokens.');
      }
      return this.refresh(client, params);
    }
    throw new OAuthError('unsupported_grant_type', 'Supported grant types: authorization_code, refresh_token.');
  }

  /** grant_type=authorization_code: consume, checks, new tokens and the grant's "last used" in one transaction. */
  private async exchangeCode(client: ClientEntity, body: Record<string, unknown>): Promise<TokenResponse> {
    const code = str(body.code);
    const verifier = str(body.code_verifier);
    if (!code) throw new OAuthError('invalid_request', 'code is required.');
    if (!verifier) throw new OAuthError('invalid_request', 'code_verifier is required (PKCE).');
    const outcome = await this.dataSource.transaction(async (tx): Promise<Exchange> => {
      const row = await this.lock(tx, code, 'code');
      if (!row || row.client_row_id !== client.id) throw new OAuthError('invalid_grant', 'The authorization code is invalid.');
      if (row.used_at) {
        await tx.query(REVOKE_GRANT_CHAIN_SQL, [row.grant_id, 'code_replayed']);
        return { reused: row.grant_id };
      }
      if (row.revoked_at) throw new OAuthError('invalid_grant', 'The authorization code was revoked.');
      if (row.expires_at.getTime() <= Date.now()) throw new OAuthError('invalid_grant', 'The authorization code has expired.');
      if (!row.code_challenge || !VERIFIER.test(verifier) || S256(verifier) !== row.code_challenge) {
        throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
      }
      const redirectUri = str(body.redirect_uri);
      if (redirectUri !== undefined && redirectUri !== row.redirect_uri) {
        throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
      }
      const resource = str(body.resource);
      if (resource !== undefined && resource !== row.resource) {
        throw new OAuthError('invalid_target', 'resource does not match the authorization request.');
      }
      if (row.grant_revoked_at) throw new OAuthError('invalid_grant', 'The grant behind this code was revoked.');
      await this.requireEligible(tx, row.owner_id);
      await tx.query(MARK_TOKEN_USED_SQL, [row.id]);
      // A refresh token only for a client registered for the refresh grant: it can then use it (RFC 7591 grant_types).
      return { issued: await this.issuePair(tx, row, row.scopes, client.grantTypes.includes('refresh_token')) };
    });
    if ('reused' in outcome) {
      this.logger.warn(`Grant ${outcome.reused}: authorization code replayed; its tokens are revoked`);
      throw new OAuthError('invalid_grant', 'The authorization code was already used; everything issued from it is revoked.');
    }
    return outcome.issued;
  }

  /** grant_type=refresh_token: rotated on every use in one transaction; a reused token revokes the whole chain. */
  private async refresh(client: ClientEntity, body: Record<string, unknown>): Promise<TokenResponse> {
    const presented = str(body.refresh_token);
    if (!presented) throw new OAuthError('invalid_request', 'refresh_token is required.');
    const outcome = await this.dataSource.transaction(async (tx): Promise<Exchange> => {
      const row = await this.lock(tx, presented, 'refresh');
      if (!row || row.client_row_id !== client.id) throw new OAuthError('invalid_grant', 'The refresh token is invalid.');
      if (row.used_at) {
        await tx.query(REVOKE_GRANT_CHAIN_SQL, [row.grant_id, 'refresh_reused']);
        return { reused: row.grant_id };
      }
      if (row.revoked_at) throw new OAuthError('invalid_grant', 'The refresh token was revoked.');
      if (row.expires_at.getTime() <= Date.now()) throw new OAuthError('invalid_grant', 'The refresh token has expired.');
      if (this.chainEnd(row) <= Date.now()) {
        throw new OAuthError(
          'invalid_grant',
          'This refresh token chain has reached its maximum lifetime since the owner consented; authorize again.',
        );
      }
      const resource = str(body.resource);
      if (resource !== undefined && resource !== row.resource) {
        throw new OAuthError('invalid_target', 'resource does not match the original grant.');
      }
      let scopes = row.scopes;
      if (str(body.scope) !== undefined) {
        const parsed = parseScopes(str(body.scope));
        if (parsed.unknown.length > 0 || parsed.scopes.some((s) => !row.scopes.includes(s))) {
          throw new OAuthError('invalid_scope', 'A refresh may only narrow the granted scopes.');
        }
        scopes = parsed.scopes;
      }
      if (row.grant_revoked_at) throw new OAuthError('invalid_grant', 'The grant was revoked.');
      await this.requireEligible(tx, row.owner_id);
      await tx.query(MARK_TOKEN_USED_SQL, [row.id]);
      return { issued: await this.issuePair(tx, row, scopes, true) };
    });
    if ('reused' in outcome) {
      this.logger.warn(`Grant ${outcome.reused}: refresh token reused; every token of the grant is revoked`);
      throw new OAuthError('invalid_grant', 'The refresh token was already used; the whole chain is revoked.');
    }
    return outcome.issued;
  }

  /** The grant's row lock first (one exchange per grant at a time, no deadlocks between reuses), then the token, read afresh. */
  private async lock(tx: EntityManager, value: string, kind: 'code' | 'refresh'): Promise<LockedTokenRow | undefined> {
    const hash = hashToken(value);
    const grants = (await tx.query(LOCK_GRANT_OF_TOKEN_SQL, [hash, kind])) as LockedGrantRow[];
    if (grants.length === 0) return undefined;
    const [row] = (await tx.query(LOCK_TOKEN_SQL, [hash, kind])) as LockedTokenRow[];
    return row;
  }

  /** When the refresh chain of a grant ends, whatever its rotations: consent + OAUTH_REFRESH_MAX_LIFETIME. */
  private chainEnd(row: LockedTokenRow): number {
    return row.grant_created_at.getTime() + this.config.oauthRefreshMaxLifetimeSeconds * 1000;
  }

  private async issuePair(tx: EntityManager, from: LockedTokenRow, scopes: string[], withRefresh: boolean): Promise<TokenResponse> {
    const ttl = this.config.oauthAccessTokenTtlSeconds;
    const now = Date.now();
    const access = generateToken('mca');
    const refreshExpires = Math.min(now + REFRESH_TTL_SECONDS * 1000, this.chainEnd(from));
    // A chain at (or within seconds of) its end gets no new refresh token: the client authorizes again.
    const refresh = withRefresh && refreshExpires > now ? generateToken('mcr') : undefined;
    const base = {
      familyId: from.family_id,
      grantId: from.grant_id,
      ownerId: from.owner_id,
      clientRowId: from.client_row_id,
      agentId: from.agent_id,
      scopes,
      resource: from.resource,
    };
    const rows: Partial<TokenEntity>[] = [{ ...base, tokenHash: hashToken(access), kind: 'access', expiresAt: new Date(now + ttl * 1000) }];
    if (refresh) rows.push({ ...base, tokenHash: hashToken(refresh), kind: 'refresh', expiresAt: new Date(refreshExpires) });
    await tx.getRepository(TokenEntity).insert(rows);
    await tx.getRepository(GrantEntity).update({ id: from.grant_id }, { lastUsedAt: new Date(now) });
    const response: TokenResponse = { access_token: access, token_type: 'Bearer', expires_in: ttl, scope: formatScopes(scopes) };
    if (refresh) response.refresh_token = refresh;
    return response;
  }

  /** New tokens only while the owner is active and has signed the current agreement. */
  private async requireEligible(tx: EntityManager, ownerId: string): Promise<void> {
    const [row] = (await tx.query(OWNER_ELIGIBLE_SQL, [ownerId])) as OwnerEligibleRow[];
    if (!row || row.status !== 'active') throw new OAuthError('invalid_grant', 'The owner of this grant is suspended.');
    if (!row.agreement_current) {
      throw new OAuthError(
        'invalid_grant',
        'The owner must sign the current Master Agent Delegation agreement before new tokens are issued.',
      );
    }
  }

  /**
   * Revokes everything issued from one code. Under the grant's lock like an exchange, so a refresh
   * in flight finishes first and the pair it issues is revoked too (and lock order stays the same).
   */
  private async revokeFamily(token: Pick<TokenEntity, 'familyId' | 'grantId'>, reason: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(LOCK_GRANT_SQL, [token.grantId]);
      await tx.query(REVOKE_FAMILY_SQL, [token.familyId, reason]);
    });
    this.logger.warn(`Token family ${token.familyId} revoked (${reason})`);
  }

  /** RFC 7009: revokes a token the client holds (a refresh token takes its chain along). Unknown tokens are ignored. */
  async revokeByValue(client: ClientEntity, token: string | undefined): Promise<void> {
    if (!token) throw new OAuthError('invalid_request', 'token is required.');
    const row = await this.tokens.findOne({ where: { tokenHash: hashToken(token) } });
    if (!row || row.clientRowId !== client.id || row.kind === 'code') return;
    if (row.kind === 'refresh') await this.revokeFamily(row, 'revoked_by_client');
    else await this.tokens.update({ id: row.id }, { revokedAt: new Date(), revokedReason: 'revoked_by_client' });
    await this.audit.record(`client:${client.clientId}`, 'token.revoked', 'token', row.id, row.ownerId, { kind: row.kind });
  }

  /** Revokes a grant and every token issued under it. */
  async revokeGrant(grantId: string, by: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.getRepository(GrantEntity).update({ id: grantId }, { revokedAt: new Date(), revokedBy: by });
      await tx.query(REVOKE_GRANT_TOKENS_SQL, [grantId]);
    });
  }

  async revokeToken(id: string, reason: string): Promise<TokenEntity | null> {
    const row = await this.tokens.findOne({ where: { id } });
    if (!row) return null;
    if (row.kind === 'refresh') await this.revokeFamily(row, reason);
    else await this.tokens.update({ id }, { revokedAt: new Date(), revokedReason: reason });
    return this.tokens.findOne({ where: { id } });
  }

  async list(filter: {
    ownerId?: string;
    clientRowId?: string;
    limit: number;
    offset: number;
  }): Promise<{ tokens: TokenEntity[]; total: number }> {
    const where: FindOptionsWhere<TokenEntity> = {};
    if (filter.ownerId) where.ownerId = filter.ownerId;
    if (filter.clientRowId) where.clientRowId = filter.clientRowId;
    const [tokens, total] = await this.tokens.findAndCount({
      where,
      order: { createdAt: 'DESC' },
      take: filter.limit,
      skip: filter.offset,
    });
    return { tokens, total };
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
