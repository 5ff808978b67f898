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
import {
  CONSUME_TOKEN_SQL,
  OWNER_ELIGIBLE_SQL,
  REVOKE_FAMILY_SQL,
  REVOKE_GRANT_TOKENS_SQL,
  type OwnerEligibleRow,
} from '../queries/access.queries.js';
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

const S256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Authorization codes, access and refresh tokens: issued, exchanged, rotated and revoked. Only
 * hashes are stored. A replayed code or a reused refresh token revokes its whole family.
 */
@Injectable()
export class TokensService {
  private readonly logger = new Logger('OAuthTokens');

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    @InjectRepository(TokenEntity) private readonly tokens: Repository<TokenEntity>,
    @InjectRepository(GrantEntity) private readonly grants: Repository<GrantEntity>,
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

  /** grant_type=authorization_code */
  async exchangeCode(client: ClientEntity, body: Record<string, unknown>): Promise<TokenResponse> {
    const code = str(body.code);
    const verifier = str(body.code_verifier);
    if (!code) throw new OAuthError('invalid_request', 'code is required.');
    if (!verifier) throw new OAuthError('invalid_request', 'code_verifier is required (PKCE).');
    const row = await this.tokens.findOne({ where: { tokenHash: hashToken(code), kind: 'code' } });
    if (!row || row.clientRowId !== client.id) throw new OAuthError('invalid_grant', 'The authorization code is invalid.');
    if (row.usedAt) {
      await this.revokeFamily(row.familyId, 'code_replayed');
      throw new OAuthError('invalid_grant', 'The authorization code was already used; everything issued from it is revoked.');
    }
    if (row.revokedAt) throw new OAuthError('invalid_grant', 'The authorization code was revoked.');
    if (row.expiresAt.getTime() <= Date.now()) throw new OAuthError('invalid_grant', 'The authorization code has expired.');
    if (!row.codeChallenge || !VERIFIER.test(verifier) || S256(verifier) !== row.codeChallenge) {
      throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
    }
    const redirectUri = str(body.redirect_uri);
    if (redirectUri !== undefined && redirectUri !== row.redirectUri) {
      throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    const resource = str(body.resource);
    if (resource !== undefined && resource !== row.resource) {
      throw new OAuthError('invalid_target', 'resource does not match the authorization request.');
    }
    const consumed = (await this.dataSource.query(CONSUME_TOKEN_SQL, [row.id])) as [unknown[], number] | unknown[];
    if (!affected(consumed)) {
      await this.revokeFamily(row.familyId, 'code_replayed');
      throw new OAuthError('invalid_grant', 'The authorization code was already used; everything issued from it is revoked.');
    }
    await this.requireEligible(row.ownerId);
    const grant = await this.grants.findOne({ where: { id: row.grantId } });
    if (!grant || grant.revokedAt) throw new OAuthError('invalid_grant', 'The grant behind this code was revoked.');
    const withRefresh = client.grantTypes.includes('refresh_token') || row.scopes.includes('offline_access');
    return this.issuePair(row, withRefresh);
  }

  /** grant_type=refresh_token: rotated on every use; reuse revokes the chain. */
  async refresh(client: ClientEntity, body: Record<string, unknown>): Promise<TokenResponse> {
    const presented = str(body.refresh_token);
    if (!presented) throw new OAuthError('invalid_request', 'refresh_token is required.');
    const row = await this.tokens.findOne({ where: { tokenHash: hashToken(presented), kind: 'refresh' } });
    if (!row || row.clientRowId !== client.id) throw new OAuthError('invalid_grant', 'The refresh token is invalid.');
    if (row.revokedAt) throw new OAuthError('invalid_grant', 'The refresh token was revoked.');
    if (row.usedAt) {
      await this.revokeFamily(row.familyId, 'refresh_reused');
      throw new OAuthError('invalid_grant', 'The refresh token was already used; the whole chain is revoked.');
    }
    if (row.expiresAt.getTime() <= Date.now()) throw new OAuthError('invalid_grant', 'The refresh token has expired.');
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
    const consumed = (await this.dataSource.query(CONSUME_TOKEN_SQL, [row.id])) as unknown[];
    if (!affected(consumed)) {
      await this.revokeFamily(row.familyId, 'refresh_reused');
      throw new OAuthError('invalid_grant', 'The refresh token was already used; the whole chain is revoked.');
    }
    await this.requireEligible(row.ownerId);
    const grant = await this.grants.findOne({ where: { id: row.grantId } });
    if (!grant || grant.revokedAt) throw new OAuthError('invalid_grant', 'The grant was revoked.');
    return this.issuePair({ ...row, scopes }, true);
  }

  private async issuePair(from: TokenEntity, withRefresh: boolean): Promise<TokenResponse> {
    const ttl = this.config.oauthAccessTokenTtlSeconds;
    const access = generateToken('mca');
    const refresh = withRefresh ? generateToken('mcr') : undefined;
    const base = {
      familyId: from.familyId,
      grantId: from.grantId,
      ownerId: from.ownerId,
      clientRowId: from.clientRowId,
      agentId: from.agentId,
      scopes: from.scopes,
      resource: from.resource,
    };
    const rows: Partial<TokenEntity>[] = [
      { ...base, tokenHash: hashToken(access), kind: 'access', expiresAt: new Date(Date.now() + ttl * 1000) },
    ];
    if (refresh) {
      rows.push({ ...base, tokenHash: hashToken(refresh), kind: 'refresh', expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000) });
    }
    await this.tokens.insert(rows);
    await this.grants.update({ id: from.grantId }, { lastUsedAt: new Date() });
    const response: TokenResponse = { access_token: access, token_type: 'Bearer', expires_in: ttl, scope: formatScopes(from.scopes) };
    if (refresh) response.refresh_token = refresh;
    return response;
  }

  /** New tokens only while the owner is active and has signed the current agreement. */
  private async requireEligible(ownerId: string): Promise<void> {
    const [row] = (await this.dataSource.query(OWNER_ELIGIBLE_SQL, [ownerId])) as OwnerEligibleRow[];
    if (!row || row.status !== 'active') throw new OAuthError('invalid_grant', 'The owner of this grant is suspended.');
    if (!row.agreement_current) {
      throw new OAuthError(
        'invalid_grant',
        'The owner must sign the current Master Agent Delegation agreement before new tokens are issued.',
      );
    }
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.dataSource.query(REVOKE_FAMILY_SQL, [familyId, reason]);
    this.logger.warn(`Token family ${familyId} revoked (${reason})`);
  }

  /** RFC 7009: revokes a token the client holds (a refresh token takes its chain along). Unknown tokens are ignored. */
  async revokeByValue(client: ClientEntity, token: string | undefined): Promise<void> {
    if (!token) throw new OAuthError('invalid_request', 'token is required.');
    const row = await this.tokens.findOne({ where: { tokenHash: hashToken(token) } });
    if (!row || row.clientRowId !== client.id || row.kind === 'code') return;
    if (row.kind === 'refresh') await this.revokeFamily(row.familyId, 'revoked_by_client');
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
    if (row.kind === 'refresh') await this.revokeFamily(row.familyId, reason);
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

/** TypeORM's postgres driver returns [rows, count] for UPDATE … RETURNING through query(). */
function affected(result: unknown): boolean {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[1] > 0;
  return Array.isArray(result) && result.length > 0;
}
