import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { checkOutboundUrl } from '../../common/http/safe-fetch.js';
import { AppConfig } from '../../config/app-config.js';
import { effectivePolicy } from '../domain/rp-policy.js';
import { RpPolicyEntity } from '../entities/rp-policy.entity.js';
import type { RpPolicy } from '../entities/rp-verification.entity.js';
import { identityErrors } from '../identity.errors.js';

export const RP_POLICIES: readonly RpPolicy[] = ['allow', 'warn', 'require', 'block'];
const OPERATOR = 'operator';
const DEFAULT = '*';

export interface RpPolicyRuleView {
  /** An RP origin, or "*" for the default. */
  service: string;
  policy: RpPolicy;
  updated_by: string;
  updated_at: string;
}

export interface EffectivePolicyView {
  service: string;
  policy: RpPolicy;
  from: 'operator_service' | 'operator_default' | 'owner_service' | 'owner_default';
}

const view = (r: RpPolicyEntity): RpPolicyRuleView => ({
  service: r.service,
  policy: r.policy,
  updated_by: r.updatedBy,
  updated_at: r.updatedAt.toISOString(),
});

/**
 * Relying-party policies: the operator's default (BROKER_RP_POLICY, overridable at runtime) and
 * per-service rules, and each owner's default and per-service overrides. An operator block wins.
 */
@Injectable()
export class RpPolicies {
  constructor(
    private readonly config: AppConfig,
    @InjectRepository(RpPolicyEntity) private readonly rules: Repository<RpPolicyEntity>,
  ) {}

  /** The policy that applies to an owner's agents at a service. */
  async effective(ownerId: string, origin: string): Promise<EffectivePolicyView> {
    const rows = await this.rules.find({ where: { ownerKey: In([OPERATOR, ownerId]), service: In([DEFAULT, origin]) } });
    const pick = (owner: string, service: string) => rows.find((r) => r.ownerKey === owner && r.service === service)?.policy;
    const decided = effectivePolicy({
      operatorDefault: pick(OPERATOR, DEFAULT) ?? this.config.brokerRpPolicy,
      operatorService: pick(OPERATOR, origin),
      ownerService: pick(ownerId, origin),
      ownerDefault: pick(ownerId, DEFAULT),
    });
    return { service: origin, ...decided };
  }

  list(ownerKey: string): Promise<RpPolicyRuleView[]> {
    return this.rules.find({ where: { ownerKey }, order: { service: 'ASC' } }).then((rows) => rows.map(view));
  }

  /** Sets (policy) or removes (null) a rule. @throws validation_failed */
  async set(ownerKey: string, service: string, policy: RpPolicy | null, by: string): Promise<RpPolicyRuleView | null> {
    const key = this.serviceKey(service);
    if (policy === null) {
      await this.rules.delete({ ownerKey, service: key });
      return null;
    }
    if (!RP_POLICIES.includes(policy)) throw identityErrors.invalidInput(`policy must be one of ${RP_POLICIES.join(', ')}`);
    await this.rules.upsert({ ownerKey, service: key, policy, updatedBy: by.slice(0, 100) }, ['ownerKey', 'service']);
    return view(await this.rules.findOneByOrFail({ ownerKey, service: key }));
  }

  operatorKey(): string {
    return OPERATOR;
  }

  /** "*" or the origin of a service URL. */
  private serviceKey(service: string): string {
    if (service === DEFAULT) return DEFAULT;
    try {
      return checkOutboundUrl(service, this.config.brokerRpAllowLoopback).origin;
    } catch {
      throw identityErrors.invalidInput('service must be "*" or an https origin such as https://example.com');
    }
  }
}
