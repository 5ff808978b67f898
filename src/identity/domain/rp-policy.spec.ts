import { describe, expect, it } from 'vitest';
import { decidePolicy, effectivePolicy } from './rp-policy.js';

describe('decidePolicy', () => {
  const failing = [
    ['unverified', 'rp_unverified'],
    ['invalid', 'rp_attestation_invalid'],
    ['expired', 'rp_attestation_expired'],
    ['unavailable', 'rp_broker_unavailable'],
  ] as const;

  it('block always refuses, whatever the verification', () => {
    for (const status of ['verified', 'unverified', 'invalid', 'expired', 'unavailable', 'untrusted_broker'] as const) {
      expect(decidePolicy('block', status, 'discovery')).toEqual({ allowed: false, refusal: 'rp_blocked' });
    }
  });

  it('require proceeds only for a verified RP found by the broker, and maps each failure to its code', () => {
    expect(decidePolicy('require', 'verified', 'discovery')).toEqual({ allowed: true });
    expect(decidePolicy('require', 'verified', 'agent_supplied_discovery')).toEqual({ allowed: false, refusal: 'rp_unverified' });
    for (const [status, code] of failing) expect(decidePolicy('require', status, 'discovery')).toEqual({ allowed: false, refusal: code });
  });

  it('warn proceeds with a warning unless verified; allow is silent', () => {
    expect(decidePolicy('warn', 'verified', 'discovery')).toEqual({ allowed: true });
    for (const [status] of failing) {
      const d = decidePolicy('warn', status, 'discovery');
      expect(d.allowed && d.warning).toMatch(/advisory/);
      expect(decidePolicy('allow', status, 'discovery')).toEqual({ allowed: true });
    }
    expect(decidePolicy('warn', 'verified', 'agent_supplied_discovery')).toMatchObject({
      allowed: true,
      warning: expect.stringContaining('supplied by the agent'),
    });
  });

  it('an RP whose trusted_brokers omits us is refused under every policy but block (which says rp_blocked)', () => {
    for (const policy of ['allow', 'warn', 'require'] as const) {
      expect(decidePolicy(policy, 'untrusted_broker', 'discovery')).toEqual({ allowed: false, refusal: 'rp_broker_untrusted' });
    }
  });
});

describe('effectivePolicy', () => {
  it('an operator block wins over owner rules', () => {
    expect(effectivePolicy({ operatorDefault: 'warn', operatorService: 'block', ownerService: 'allow' })).toEqual({
      policy: 'block',
      from: 'operator_service',
    });
    expect(effectivePolicy({ operatorDefault: 'block', ownerService: 'allow' })).toEqual({ policy: 'block', from: 'operator_default' });
  });

  it('otherwise owner service rule, owner default, operator service rule, operator default', () => {
    expect(effectivePolicy({ operatorDefault: 'warn', operatorService: 'require', ownerService: 'allow', ownerDefault: 'block' })).toEqual({
      policy: 'allow',
      from: 'owner_service',
    });
    expect(effectivePolicy({ operatorDefault: 'warn', operatorService: 'require', ownerDefault: 'block' })).toEqual({
      policy: 'block',
      from: 'owner_default',
    });
    expect(effectivePolicy({ operatorDefault: 'warn', operatorService: 'require' })).toEqual({
      policy: 'require',
      from: 'operator_service',
    });
    expect(effectivePolicy({ operatorDefault: 'allow' })).toEqual({ policy: 'allow', from: 'operator_default' });
    expect(effectivePolicy({ operatorDefault: 'block', operatorService: 'allow' })).toEqual({ policy: 'allow', from: 'operator_service' });
  });
});
