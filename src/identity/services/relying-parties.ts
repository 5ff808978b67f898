import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SafeFetchError } from '../../common/http/safe-fetch.js';
import { AppConfig } from '../../config/app-config.js';
import { decidePolicy } from '../domain/rp-policy.js';
import { audienceProblem, DISCOVERY_PATH, parseDiscovery, type RpDiscovery } from '../domain/rp-discovery.js';
import type { DiscoverySource } from '../entities/acceptance.entity.js';
import { RpVerificationEntity } from '../entities/rp-verification.entity.js';
import { identityErrors } from '../identity.errors.js';
import { AttestationVerifier } from './attestation-verifier.js';
import { isTransientFetchError, RpFetcher } from './rp-fetcher.js';
import { RpPolicies, type EffectivePolicyView } from './rp-policies.js';
import type { RpVerificationView } from '../identity.types.js';

/** Where the discovery document comes from: the broker fetches it, or (identity_prove) the agent supplies it. */
export type DiscoveryInput = { kind: 'service'; service: string } | { kind: 'url'; url: string } | { kind: 'supplied'; document: unknown };

export interface ResolvedRp {
  origin: string;
  discovery: RpDiscovery;
  source: DiscoverySource;
  verification: RpVerificationView;
  warning?: string;
}

const toView = (r: RpVerificationEntity): RpVerificationView => ({
  id: r.id,
  status: r.status,
  policy: r.policy,
  allowed: r.allowed,
  source: r.source as DiscoverySource,
  issuer: r.issuer,
  jti: r.jti,
  level: r.level,
  expiry: r.expiresAt?.toISOString() ?? null,
  checked_at: r.checkedAt.toISOString(),
  reason: r.reason,
});

/**
 * Finds out who a relying party is and whether the policy lets this owner's agent sign up: the
 * discovery document (fetched SSRF-safe or agent-supplied), trusted_brokers, the attestation, the
 * policy. Every decision after discovery is recorded as an rp_verifications row, refusals included.
 */
@Injectable()
export class RelyingParties {
  constructor(
    private readonly config: AppConfig,
    private readonly fetcher: RpFetcher,
    private readonly verifier: AttestationVerifier,
    private readonly policies: RpPolicies,
    @InjectRepository(RpVerificationEntity) private readonly verifications: Repository<RpVerificationEntity>,
  ) {}

  /** @throws rp_blocked, rp_discovery_failed, rp_audience_mismatch, and the policy refusals (rp_unverified, rp_broker_untrusted, rp_attestation_invalid, rp_attestation_expired, rp_broker_unavailable) */
  async resolve(
    agent: { id: string; owner_id: string },
    input: DiscoveryInput,
    beforePolicy: (d: RpDiscovery) => void,
  ): Promise<ResolvedRp> {
    const source: DiscoverySource = input.kind === 'supplied' ? 'agent_supplied_discovery' : 'discovery';
    let origin: string;
    let discovery: RpDiscovery;
    let effective: EffectivePolicyView;
    if (input.kind === 'supplied') {
      const parsed = parseDiscovery(input.document, undefined);
      if (typeof parsed === 'string') throw identityErrors.invalidInput(`rp_discovery: ${parsed}`);
      origin = this.originOf(parsed.issuer);
      effective = await this.unlessBlocked(agent.owner_id, origin);
      discovery = parsed;
    } else {
      const url = input.kind === 'service' ? `${this.originOf(input.service)}${DISCOVERY_PATH}` : input.url;
      origin = this.originOf(url);
      effective = await this.unlessBlocked(agent.owner_id, origin);
      discovery = await this.fetchDiscovery(url, origin);
    }
    // Whatever the policy: an assertion for another origin's audience could be replayed there.
    const audience = audienceProblem(discovery.audience, origin);
    if (audience) throw identityErrors.rpAudienceMismatch(audience);
    discovery = { ...discovery, audience: origin };
    beforePolicy(discovery);

    let check: Omit<RpVerificationEntity, 'id' | 'agentId' | 'ownerId' | 'serviceOrigin' | 'policy' | 'allowed' | 'source' | 'checkedAt'>;
    if (discovery.trusted_brokers && !discovery.trusted_brokers.includes(this.config.publicBaseUrl)) {
      check = {
        status: 'untrusted_broker',
        issuer: null,
        jti: null,
        level: null,
        expiresAt: null,
        reason: `the service trusts only ${discovery.trusted_brokers.join(', ') || 'no broker'}, not ${this.config.publicBaseUrl}`,
      };
    } else {
      const { attestationId: _id, ...rest } = await this.verifier.check(discovery.attestation, origin);
      check = rest;
    }
    const decision = decidePolicy(effective.policy, check.status, source);
    const row = await this.verifications.save(
      this.verifications.create({
        ...check,
        agentId: agent.id,
        ownerId: agent.owner_id,
        serviceOrigin: origin,
        policy: effective.policy,
        allowed: decision.allowed,
        source,
        checkedAt: new Date(),
        reason:
          check.reason ??
          (source === 'agent_supplied_discovery' && effective.policy === 'require' ? 'require rejects agent-supplied discovery' : null),
      }),
    );
    if (!decision.allowed) {
      const effects = { rp_verification_recorded: true, rp_verification_id: row.id };
      const reason = row.reason ?? row.status;
      switch (decision.refusal) {
        case 'rp_blocked':
          throw identityErrors.rpBlocked(origin);
        case 'rp_unverified':
          throw identityErrors.rpUnverified(reason, effects);
        case 'rp_broker_untrusted':
          throw identityErrors.rpBrokerUntrusted(`The service does not trust this broker: ${reason}`, effects);
        case 'rp_attestation_invalid':
          throw identityErrors.rpAttestationInvalid(reason, effects);
        case 'rp_attestation_expired':
          throw identityErrors.rpAttestationExpired(reason, effects);
        case 'rp_broker_unavailable':
          throw identityErrors.rpBrokerUnavailable(reason, effects);
      }
    }
    return {
      origin,
      discovery,
      source,
      verification: toView(row),
      ...(decision.allowed && decision.warning ? { warning: decision.warning } : {}),
    };
  }

  async verification(id: string | null): Promise<RpVerificationView | null> {
    if (!id) return null;
    const row = await this.verifications.findOneBy({ id });
    return row ? toView(row) : null;
  }

  private originOf(raw: string): string {
    try {
      return this.fetcher.origin(raw);
    } catch (error) {
      throw identityErrors.rpDiscoveryFailed(`${raw.slice(0, 200)}: ${(error as Error).message}`, false);
    }
  }

  /** The policy in force; block refuses before anything is fetched or recorded. */
  private async unlessBlocked(ownerId: string, origin: string): Promise<EffectivePolicyView> {
    const effective = await this.policies.effective(ownerId, origin);
    if (effective.policy === 'block') throw identityErrors.rpBlocked(origin);
    return effective;
  }

  private async fetchDiscovery(url: string, origin: string): Promise<RpDiscovery> {
    let json: unknown;
    try {
      ({ json } = await this.fetcher.fetchJson(url));
    } catch (error) {
      const why = error instanceof SafeFetchError ? error.message : 'the request failed';
      throw identityErrors.rpDiscoveryFailed(`Could not read ${url}: ${why}.`, isTransientFetchError(error));
    }
    const parsed = parseDiscovery(json, origin);
    if (typeof parsed === 'string') {
      throw identityErrors.rpDiscoveryFailed(`The discovery document at ${url} is not usable: ${parsed}.`, false);
    }
    return parsed;
  }
}
