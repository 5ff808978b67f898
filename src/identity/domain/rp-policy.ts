import type { RpPolicy, VerificationStatus } from '../entities/rp-verification.entity.js';
import type { DiscoverySource } from '../entities/acceptance.entity.js';

export type PolicyRefusal =
  'rp_blocked' | 'rp_unverified' | 'rp_broker_untrusted' | 'rp_attestation_invalid' | 'rp_attestation_expired' | 'rp_broker_unavailable';

export type PolicyDecision = { allowed: true; warning?: string } | { allowed: false; refusal: PolicyRefusal };

const WARNINGS: Record<Exclude<VerificationStatus, 'verified'>, string> = {
  unverified: 'This service is not verified by an attestation authority the broker trusts.',
  invalid: "This service's attestation is invalid.",
  expired: "This service's attestation has expired.",
  untrusted_broker: 'This service does not list this broker among its trusted brokers.',
  unavailable: 'The authority that vouches for this service could not be reached, so it was not verified.',
};

const REQUIRE_REFUSAL: Record<Exclude<VerificationStatus, 'verified'>, PolicyRefusal> = {
  unverified: 'rp_unverified',
  invalid: 'rp_attestation_invalid',
  expired: 'rp_attestation_expired',
  untrusted_broker: 'rp_broker_untrusted',
  unavailable: 'rp_broker_unavailable',
};

/**
 * The policy table (docs/site/broker-policies.md). block always refuses. A service whose
 * trusted_brokers omits us is refused under every policy: it would reject the assertion anyway.
 * require proceeds only for a verified RP found by the broker's own discovery; warn proceeds with a
 * warning; allow proceeds silently. Verification is identity, not safety.
 */
export function decidePolicy(policy: RpPolicy, status: VerificationStatus, source: DiscoverySource): PolicyDecision {
  if (policy === 'block') return { allowed: false, refusal: 'rp_blocked' };
  if (status === 'untrusted_broker') return { allowed: false, refusal: 'rp_broker_untrusted' };
  switch (policy) {
    case 'require':
      if (source === 'agent_supplied_discovery') return { allowed: false, refusal: 'rp_unverified' };
      return status === 'verified' ? { allowed: true } : { allowed: false, refusal: REQUIRE_REFUSAL[status] };
    case 'warn':
      if (status !== 'verified') {
        return {
          allowed: true,
          warning: `${WARNINGS[status]} Tell your human owner before relying on this account; this is advisory, not a safety rating.`,
        };
      }
      if (source === 'agent_supplied_discovery') {
        return {
          allowed: true,
          warning: 'The discovery document was supplied by the agent, not fetched by the broker. Tell your human owner.',
        };
      }
      return { allowed: true };
    case 'allow':
      return { allowed: true };
  }
}

/** Which rule decides: an operator block always wins, then the owner's rule for the service, the owner's default, the operator's rule for the service, the operator's default. */
export function effectivePolicy(rules: {
  operatorDefault: RpPolicy;
  operatorService?: RpPolicy;
  ownerService?: RpPolicy;
  ownerDefault?: RpPolicy;
}): { policy: RpPolicy; from: 'operator_service' | 'operator_default' | 'owner_service' | 'owner_default' } {
  if (rules.operatorService === 'block') return { policy: 'block', from: 'operator_service' };
  if (rules.operatorDefault === 'block' && !rules.operatorService) return { policy: 'block', from: 'operator_default' };
  if (rules.ownerService) return { policy: rules.ownerService, from: 'owner_service' };
  if (rules.ownerDefault) return { policy: rules.ownerDefault, from: 'owner_default' };
  if (rules.operatorService) return { policy: rules.operatorService, from: 'operator_service' };
  return { policy: rules.operatorDefault, from: 'operator_default' };
}
