import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { hashToken } from '../../common/auth/token.js';
import { checkOutboundUrl } from '../../common/http/safe-fetch.js';
import { AppConfig } from '../../config/app-config.js';
import { ClientEntity, type ClientAuthMethod } from '../entities/client.entity.js';
import type { ClientCredentials } from '../domain/client-credentials.js';
import { clientIdUrlProblem } from '../domain/client-id-url.js';
import { redirectUriProblem } from '../domain/redirect-uris.js';
import { parseScopes } from '../domain/scopes.js';
import { OAuthError } from '../oauth.errors.js';
import { REVOKE_CLIENT_SQL } from '../queries/client.queries.js';
import { CimdFetcher } from './cimd-fetcher.js';

const AUTH_METHODS: ClientAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
/** Metadata echoed back at registration and kept for display (RFC 7591 §2). */
const ECHOED = ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri', 'software_id', 'software_version', 'application_type', 'contacts'];
/** How long a fetched CIMD document is used before it is fetched again. */
const CIMD_TTL_MS = 10 * 60 * 1000;

export interface RegisteredClient {
  /** RFC 7591 response body (201). */
  body: Record<string, unknown>;
  client: ClientEntity;
}

export function isCimdClientId(clientId: string): boolean {
  return clientId.startsWith('https://') || clientId.startsWith('http://');
}

/**
 * OAuth clients: dynamic registration (RFC 7591), Client ID Metadata Documents fetched safely,
 * clients pre-registered by operators, and client authentication at the token endpoint.
 */
@Injectable()
export class Clients {
  private readonly logger = new Logger('OAuthClients');

  constructor(
    private readonly config: AppConfig,
    @InjectRepository(ClientEntity) private readonly clients: Repository<ClientEntity>,
    private readonly cimd: CimdFetcher,
    private readonly dataSource: DataSource,
  ) {}

  /** Validates client metadata (registration or pre-registration). @throws OAuthError invalid_redirect_uri / invalid_client_metadata */
  private validateMetadata(meta: Record<string, unknown>, defaultAuth: ClientAuthMethod) {
    const uris = meta.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) {
      throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be an array of 1 to 10 URLs.');
    }
    for (const uri of uris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uri ${JSON.stringify(String(uri).slice(0, 200))} ${problem}.`);
    }
    const method = (meta.token_endpoint_auth_method ?? defaultAuth) as ClientAuthMethod;
    if (!AUTH_METHODS.includes(method)) {
      throw new OAuthError('invalid_client_metadata', `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}.`);
    }
    const grantTypes = meta.grant_types === undefined ? ['authorization_code'] : meta.grant_types;
    if (!Array.isArray(grantTypes) || grantTypes.length === 0 || grantTypes.some((g) => !GRANT_TYPES.includes(g as string))) {
      throw new OAuthError('invalid_client_metadata', `grant_types may contain only ${GRANT_TYPES.join(' and ')}.`);
    }
    const responseTypes = meta.response_types ?? ['code'];
    if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code')) {
      throw new OAuthError('invalid_client_metadata', 'response_types may contain only code.');
    }
    const name = meta.client_name === undefined ? 'Unnamed client' : meta.client_name;
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > 200) {
      throw new OAuthError('invalid_client_metadata', 'client_name must be 1-200 characters.');
    }
    let scope: string | null = null;
    if (meta.scope !== undefined) {
      if (typeof meta.scope !== 'string' || meta.scope.length > 500) {
        throw new OAuthError('invalid_client_metadata', 'scope must be a space-separated string.');
      }
      const parsed = parseScopes(meta.scope);
      if (parsed.unknown.length > 0) {
        throw new OAuthError('invalid_client_metadata', `Unknown scope: ${parsed.unknown.slice(0, 3).join(' ')}.`);
      }
      scope = parsed.scopes.join(' ') || null;
    }
    const extra: Record<string, unknown> = {};
    for (const key of ECHOED) {
      const value = meta[key];
      if (value === undefined) continue;
      if (key === 'contacts') {
        if (Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length <= 254) && value.length <= 5) extra[key] = value;
        continue;
      }
      if (typeof value !== 'string' || value.length > 2000) {
        throw new OAuthError('invalid_client_metadata', `${key} must be a string of at most 2000 characters.`);
      }
      extra[key] = value;
    }
    return { redirectUris: uris as string[], method, grantTypes: grantTypes as string[], name: name.trim(), scope, extra };
  }

  /** RFC 7591 dynamic registration. */
  async register(meta: unknown, createdBy: string | null = null, kind: 'dynamic' | 'preregistered' = 'dynamic'): Promise<RegisteredClient> {
    if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
      throw new OAuthError('invalid_client_metadata', 'The registration request must be a JSON object.');
    }
    const v = this.validateMetadata(meta as Record<string, unknown>, kind === 'dynamic' ? 'client_secret_basic' : 'none');
    const clientId = `mcc_${randomBytes(24).toString('base64url')}`;
    const secret = v.method === 'none' ? undefined : `mcs_${randomBytes(32).toString('base64url')}`;
    const client = await this.clients.save(
      this.clients.create({
        clientId,
        kind,
        clientName: v.name,
        redirectUris: v.redirectUris,
        grantTypes: v.grantTypes,
        tokenEndpointAuthMethod: v.method,
        clientSecretHash: secret ? hashToken(secret) : null,
        scope: v.scope,
        metadata: v.extra,
        createdBy,
      }),
    );
    const body: Record<string, unknown> = {
      client_id: clientId,
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      client_name: v.name,
      redirect_uris: v.redirectUris,
      grant_types: v.grantTypes,
      response_types: ['code'],
      token_endpoint_auth_method: v.method,
      ...(v.scope ? { scope: v.scope } : {}),
      ...v.extra,
    };
    if (secret) {
      body.client_secret = secret;
      body.client_secret_expires_at = 0;
    }
    return { body, client };
  }

  /**
   * The client a request names: a registered one, or a CIMD client whose document is fetched
   * (and re-fetched after 10 minutes; failures are never remembered).
   * @throws OAuthError invalid_client (unknown, revoked, or a document that fails the rules)
   */
  async resolve(clientId: unknown): Promise<ClientEntity> {
    if (typeof clientId !== 'string' || clientId.length === 0 || clientId.length > 512) {
      throw new OAuthError('invalid_client', 'client_id is missing or invalid.');
    }
    if (isCimdClientId(clientId)) {
      // The raw string, before any lookup or fetch: URL parsing resolves dot segments, so a check on
      // the parsed path never fires.
      const problem = clientIdUrlProblem(clientId);
      if (problem) throw new OAuthError('invalid_client', `A URL client_id ${problem}.`);
    }
    const existing = await this.clients.findOne({ where: { clientId } });
    if (existing?.revokedAt) throw new OAuthError('invalid_client', 'This client has been revoked.');
    if (!isCimdClientId(clientId)) {
      if (!existing) throw new OAuthError('invalid_client', 'Unknown client_id.');
      return existing;
    }
    if (existing && Date.now() - Date.parse(String(existing.metadata.fetched_at ?? '')) < CIMD_TTL_MS) return existing;
    return this.fetchCimd(clientId, existing ?? undefined);
  }

  private async fetchCimd(clientId: string, existing: ClientEntity | undefined): Promise<ClientEntity> {
    let url: URL;
    try {
      url = checkOutboundUrl(clientId, this.config.oauthCimdAllowLoopback);
    } catch {
      throw new OAuthError('invalid_client', 'A URL client_id must be an https URL.');
    }
    if (url.pathname === '/' || url.pathname === '' || /\/\.\.?(\/|$)/.test(url.pathname) || url.hash) {
      throw new OAuthError('invalid_client', 'A URL client_id needs a path without dot segments, and no fragment.');
    }
    let doc: Record<string, unknown>;
    try {
      doc = await this.cimd.fetch(clientId);
    } catch (error) {
      throw new OAuthError('invalid_client', (error as Error).message);
    }
    if (doc.client_id !== clientId) throw new OAuthError('invalid_client', 'The client metadata document names another client_id.');
    if (Object.keys(doc).some((k) => k.startsWith('client_secret')) || doc.jwks !== undefined) {
      throw new OAuthError('invalid_client', 'A client metadata document must not contain secrets or key material.');
    }
    const method = doc.token_endpoint_auth_method ?? 'none';
    if (method !== 'none') throw new OAuthError('invalid_client', 'Client metadata documents must use token_endpoint_auth_method none.');
    if (typeof doc.client_name !== 'string') throw new OAuthError('invalid_client', 'The client metadata document needs a client_name.');
    let v: ReturnType<Clients['validateMetadata']>;
    try {
      v = this.validateMetadata({ ...doc, grant_types: doc.grant_types ?? ['authorization_code', 'refresh_token'] }, 'none');
    } catch (error) {
      throw new OAuthError('invalid_client', `The client metadata document is invalid: ${(error as Error).message}`);
    }
    const row = existing ?? this.clients.create({ clientId, kind: 'cimd', createdBy: null, clientSecretHash: null });
    Object.assign(row, {
      clientName: v.name,
      redirectUris: v.redirectUris,
      grantTypes: v.grantTypes,
      tokenEndpointAuthMethod: 'none',
      scope: v.scope,
      metadata: { ...v.extra, fetched_at: new Date().toISOString() },
    });
    try {
      return await this.clients.save(row);
    } catch (error) {
      // Two first fetches at once: the other one won; use its row.
      const again = await this.clients.findOne({ where: { clientId } });
      if (again) return again;
      throw error;
    }
  }

  /**
   * Client authentication at the token and revocation endpoints, as the client registered:
   * `none` (client_id in the body), `client_secret_basic` or `client_secret_post` (the credentials
   * are read at the edge: domain/client-credentials.ts).
   * @throws OAuthError invalid_client (401)
   */
  async authenticate(credentials: ClientCredentials): Promise<ClientEntity> {
    if (credentials.problem) throw new OAuthError('invalid_client', credentials.problem);
    const { clientId, secret, viaBasic } = credentials;
    if (!clientId) throw new OAuthError('invalid_client', 'Client authentication failed: no client_id.');
    const client = await this.resolve(clientId);
    const method = client.tokenEndpointAuthMethod;
    if (method === 'none') return client;
    if (method === 'client_secret_basic' && !viaBasic) throw new OAuthError('invalid_client', 'This client authenticates with HTTP Basic.');
    if (method === 'client_secret_post' && viaBasic) {
      throw new OAuthError('invalid_client', 'This client authenticates with client_secret in the body.');
    }
    if (!secret || !client.clientSecretHash || !timingSafeEqual(Buffer.from(hashToken(secret)), Buffer.from(client.clientSecretHash))) {
      throw new OAuthError('invalid_client', 'Client authentication failed.');
    }
    return client;
  }

  async touch(client: ClientEntity): Promise<void> {
    await this.clients.update({ id: client.id }, { lastUsedAt: new Date() });
  }

  async list(limit: number, offset: number): Promise<{ clients: ClientEntity[]; total: number }> {
    const [clients, total] = await this.clients.findAndCount({ order: { createdAt: 'DESC' }, take: limit, skip: offset });
    return { clients, total };
  }

  async byRowId(id: string): Promise<ClientEntity | null> {
    return this.clients.findOne({ where: { id } });
  }

  async revoke(id: string): Promise<ClientEntity | null> {
    const [, revoked] = (await this.dataSource.query(REVOKE_CLIENT_SQL, [id, new Date()])) as [unknown[], number];
    if (!revoked) return this.clients.findOne({ where: { id } });
    this.logger.log(`Client ${id} revoked`);
    return this.clients.findOne({ where: { id } });
  }
}
