import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { JSONWebKeySet } from 'jose';
import { Repository } from 'typeorm';
import { checkOutboundUrl } from '../../common/http/safe-fetch.js';
import { trimTrailing } from '../../common/text/trim.js';
import { AppConfig } from '../../config/app-config.js';
import { AttestationAuthorityEntity } from '../entities/attestation-authority.entity.js';
import { identityErrors } from '../identity.errors.js';
import { RpFetcher } from './rp-fetcher.js';

export interface AttestationAuthorityView {
  id: string | null;
  issuer: string;
  jwks_uri: string;
  source: 'operator' | 'environment';
  created_by: string | null;
  created_at: string | null;
}

const CACHE_TTL_MS = 10 * 60_000;
/** A kid we do not know triggers a refetch at most this often per authority. */
const REFETCH_COOLDOWN_MS = 30_000;
const CACHE_MAX_ENTRIES = 100;

/**
 * The trust roots that sign relying-party attestations: registered by operators (database) or
 * configured in BROKER_ATTESTATION_AUTHORITIES. Their JWKS are fetched SSRF-safe and cached for
 * ten minutes (bounded; failures never cached).
 */
@Injectable()
export class AttestationAuthorities {
  private readonly jwksCache = new Map<string, { jwks: JSONWebKeySet; fetchedAt: number }>();

  constructor(
    private readonly config: AppConfig,
    private readonly fetcher: RpFetcher,
    @InjectRepository(AttestationAuthorityEntity) private readonly authorities: Repository<AttestationAuthorityEntity>,
  ) {}

  async list(): Promise<AttestationAuthorityView[]> {
    const rows = await this.authorities.find({ order: { createdAt: 'ASC' } });
    return [
      ...this.config.brokerAttestationAuthorities.map((a): AttestationAuthorityView => ({
        id: null,
        issuer: a.issuer,
        jwks_uri: a.jwks_uri,
        source: 'environment',
        created_by: null,
        created_at: null,
      })),
      ...rows.map((r): AttestationAuthorityView => ({
        id: r.id,
        issuer: r.issuer,
        jwks_uri: r.jwksUri,
        source: 'operator',
        created_by: r.createdBy,
        created_at: r.createdAt.toISOString(),
      })),
    ];
  }

  async find(issuer: string): Promise<AttestationAuthorityView | undefined> {
    return (await this.list()).find((a) => a.issuer === trimTrailing(issuer, '/'));
  }

  /** Registers (or updates the JWKS URI of) an authority. @throws validation_failed */
  async register(issuer: string, jwksUri: string, by: string): Promise<AttestationAuthorityView> {
    const clean = trimTrailing(issuer, '/');
    for (const url of [clean, jwksUri]) {
      try {
        checkOutboundUrl(url, this.config.brokerRpAllowLoopback);
      } catch (error) {
        throw identityErrors.invalidInput(`${url}: ${(error as Error).message}`);
      }
    }
    if (this.config.brokerAttestationAuthorities.some((a) => a.issuer === clean)) throw identityErrors.authorityFromEnvironment();
    await this.authorities.upsert({ issuer: clean, jwksUri, createdBy: by.slice(0, 100) }, ['issuer']);
    this.jwksCache.delete(jwksUri);
    return (await this.find(clean))!;
  }

  /** @throws not_found, conflict (configured in the environment) */
  async remove(id: string): Promise<void> {
    const row = await this.authorities.findOne({ where: { id } });
    if (!row) throw identityErrors.notFound('No such attestation authority.');
    await this.authorities.delete({ id });
    this.jwksCache.delete(row.jwksUri);
  }

  /** The authority's key set, cached; `refresh` asks for a refetch (honoured once per cooldown). */
  async jwks(authority: AttestationAuthorityView, refresh = false): Promise<JSONWebKeySet> {
    const cached = this.jwksCache.get(authority.jwks_uri);
    const age = cached ? Date.now() - cached.fetchedAt : Infinity;
    if (cached && age < CACHE_TTL_MS && !(refresh && age > REFETCH_COOLDOWN_MS)) return cached.jwks;
    const { json } = await this.fetcher.fetchJson(authority.jwks_uri);
    if (!Array.isArray(json.keys)) throw new Error('the authority JWKS has no keys array');
    const jwks = {
      keys: (json.keys as Record<string, unknown>[]).filter((k) => k && typeof k === 'object' && !('d' in k)),
    } as JSONWebKeySet;
    if (this.jwksCache.size >= CACHE_MAX_ENTRIES) this.jwksCache.delete(this.jwksCache.keys().next().value!);
    this.jwksCache.set(authority.jwks_uri, { jwks, fetchedAt: Date.now() });
    return jwks;
  }
}
