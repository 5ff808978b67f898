// Relying-party verification and policies: every policy against verified, unverified, tampered,
// wrongly signed, expired, unreachable-authority and untrusted-broker attestations; owner overrides
// and the operator block; agent-supplied discovery; the rp_verifications rows.
import { generateKeyPair } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRelyingParty } from '../../../examples/relying-party/server.mjs';
import { findFreePort } from '../../../src/database/embedded-postgres.js';
import { IdentityService } from '../../../src/identity/services/identity.service.js';
import {
  admin,
  brokerTool,
  createBrokerPrincipal,
  registerAuthority,
  setOperatorPolicy,
  signup,
  startIdentityEnv,
  type IdentityEnv,
} from './identity-support.js';

type Scenario = 'verified' | 'unverified' | 'tampered' | 'wrong_key' | 'expired' | 'unavailable' | 'untrusted' | 'foreign_sub';

describe('identity broker: RP verification and policies', () => {
  let env: IdentityEnv;
  let deadAuthority: string;
  beforeAll(async () => {
    env = await startIdentityEnv();
    const port = await findFreePort();
    deadAuthority = `http://127.0.0.1:${port}/authority`;
    await registerAuthority(env.t, { issuer: deadAuthority, jwks_uri: `http://127.0.0.1:${port}/jwks.json` });
  });
  afterAll(() => env?.close());
  beforeEach(async () => {
    await setOperatorPolicy(env.t, null);
    env.rp.setAttestation(await env.rp.signAttestation({ jti: 'current' }), 'current');
  });

  async function publish(scenario: Scenario): Promise<void> {
    const rp = env.rp;
    switch (scenario) {
      case 'verified':
        return rp.setAttestation(await rp.signAttestation({ jti: randomUUID() }));
      case 'unverified':
        return rp.setAttestation(null);
      case 'tampered': {
        const [h, p, s] = (await rp.signAttestation({ jti: randomUUID() })).split('.');
        const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
        claims.level = 'audited';
        return rp.setAttestation([h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.'));
      }
      case 'wrong_key': {
        const other = await generateKeyPair('ES256');
        return rp.setAttestation(await rp.signAttestation({ jti: randomUUID() }, { key: other.privateKey }));
      }
      case 'expired':
        return rp.setAttestation(await rp.signAttestation({ jti: randomUUID() }, { ttlSeconds: -120 }));
      case 'unavailable':
        return rp.setAttestation(await rp.signAttestation({ jti: randomUUID(), iss: deadAuthority }));
      case 'foreign_sub':
        return rp.setAttestation(await rp.signAttestation({ jti: randomUUID(), sub: 'https://someone-else.example' }));
      case 'untrusted':
        return; // a separate RP below
    }
  }

  const expectations: Record<Scenario, { status: string; require: string | null; warnWarns: boolean }> = {
    verified: { status: 'verified', require: null, warnWarns: false },
    unverified: { status: 'unverified', require: 'rp_unverified', warnWarns: true },
    tampered: { status: 'invalid', require: 'rp_attestation_invalid', warnWarns: true },
    wrong_key: { status: 'invalid', require: 'rp_attestation_invalid', warnWarns: true },
    foreign_sub: { status: 'invalid', require: 'rp_attestation_invalid', warnWarns: true },
    expired: { status: 'expired', require: 'rp_attestation_expired', warnWarns: true },
    unavailable: { status: 'unavailable', require: 'rp_broker_unavailable', warnWarns: true },
    untrusted: { status: 'untrusted_broker', require: 'rp_broker_untrusted', warnWarns: false },
  };

  for (const scenario of Object.keys(expectations) as Scenario[]) {
    const want = expectations[scenario];
    it(`${scenario}: allow, warn, require and block behave as documented`, async () => {
      const untrustedRp =
        scenario === 'untrusted'
          ? await startRelyingParty({ brokerIssuer: env.t.url, smtpUrl: env.smtp.url, trustedBrokers: ['https://other-broker.example'] })
          : undefined;
      if (untrustedRp) await registerAuthority(env.t, untrustedRp.authority);
      const rp = untrustedRp ?? env.rp;
      try {
        await publish(scenario);
        for (const policy of ['allow', 'warn', 'require', 'block'] as const) {
          await setOperatorPolicy(env.t, policy);
          const who = await createBrokerPrincipal(env.t);
          const r = await signup(env.t, who, rp);
          const rows = await env.t.sql<{ status: string; policy: string; allowed: boolean }>(
            'SELECT status, policy, allowed FROM identity_rp_verification WHERE agent_id = $1',
            [who.agentId],
          );
          const label = `${scenario}/${policy}: ${JSON.stringify(r.data).slice(0, 300)}`;
          if (policy === 'block') {
            expect(r.data.error?.code, label).toBe('rp_blocked');
            expect(rows, label).toEqual([]); // refused before anything was fetched or recorded
            continue;
          }
          const refusal = scenario === 'untrusted' ? 'rp_broker_untrusted' : policy === 'require' ? want.require : null;
          expect(rows, label).toEqual([{ status: want.status, policy, allowed: refusal === null }]);
          if (refusal) {
            expect(r.isError, label).toBe(true);
            expect(r.data.error, label).toMatchObject({
              code: refusal,
              retryable: refusal === 'rp_broker_unavailable',
              side_effects: { rp_verification_recorded: true },
            });
            expect(r.data.error.side_effects.acceptance_recorded, label).toBeUndefined();
            expect(await env.t.sql('SELECT id FROM identity_acceptance WHERE agent_id = $1', [who.agentId])).toEqual([]);
          } else {
            expect(r.isError, label).toBe(false);
            expect(r.data.rp_verification, label).toMatchObject({ status: want.status, policy, allowed: true });
            if (policy === 'warn' && want.warnWarns) expect(r.data.rp_verification_warning, label).toEqual(expect.any(String));
            else expect(r.data.rp_verification_warning, label).toBeUndefined();
          }
        }
      } finally {
        await untrustedRp?.close();
      }
    });
  }

  it('owner overrides refine the operator default; an operator block for the service always wins', async () => {
    const identity = env.t.app.get(IdentityService);
    const who = await createBrokerPrincipal(env.t);
    const owner = { kind: 'owner' as const, ownerId: who.ownerId, email: who.ownerEmail, sessionId: 'test' };
    await env.rp.setAttestation(null);
    await setOperatorPolicy(env.t, 'require');
    expect((await signup(env.t, who, env.rp)).data.error.code).toBe('rp_unverified');

    await identity.setOwnerPolicy(owner, env.rp.origin, 'allow');
    expect(await identity.ownerPolicies(owner)).toMatchObject([{ service: env.rp.origin, policy: 'allow' }]);
    expect(await identity.effectivePolicy(who.ownerId, env.rp.origin)).toEqual({
      service: env.rp.origin,
      policy: 'allow',
      from: 'owner_service',
    });
    const allowed = await signup(env.t, who, env.rp);
    expect(allowed.isError).toBe(false);
    expect(allowed.data.rp_verification).toMatchObject({ status: 'unverified', policy: 'allow' });

    // Another owner is unaffected.
    const stranger = await createBrokerPrincipal(env.t);
    expect((await signup(env.t, stranger, env.rp)).data.error.code).toBe('rp_unverified');

    await setOperatorPolicy(env.t, 'block', env.rp.origin);
    expect((await signup(env.t, who, env.rp)).data.error.code).toBe('rp_blocked');
    expect(await identity.effectivePolicy(who.ownerId, env.rp.origin)).toMatchObject({ policy: 'block', from: 'operator_service' });
    await setOperatorPolicy(env.t, null, env.rp.origin);

    await identity.setOwnerPolicy(owner, '*', 'block');
    await identity.setOwnerPolicy(owner, env.rp.origin, null);
    expect((await signup(env.t, who, env.rp)).data.error.code).toBe('rp_blocked');
    await expect(identity.setOwnerPolicy(owner, 'ftp://x', 'allow')).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('identity_prove with agent-supplied discovery: source agent_supplied_discovery, refused under require', async () => {
    const who = await createBrokerPrincipal(env.t);
    const doc = env.rp.discovery();
    await setOperatorPolicy(env.t, 'require');
    const refused = await brokerTool(env.t, who.token, 'identity_prove', { rp_discovery: doc, accepted_tos_text: doc.terms.text });
    expect(refused.data.error).toMatchObject({ code: 'rp_unverified', side_effects: { rp_verification_recorded: true } });
    await setOperatorPolicy(env.t, 'warn');
    const warned = await brokerTool(env.t, who.token, 'identity_prove', { rp_discovery: doc, accepted_tos_text: doc.terms.text });
    expect(warned.isError, JSON.stringify(warned.data)).toBe(false);
    expect(warned.data.rp_verification).toMatchObject({ source: 'agent_supplied_discovery', status: 'verified' });
    expect(warned.data.rp_verification_warning).toMatch(/supplied by the agent/);
    const rows = await env.t.sql<{ source: string; allowed: boolean }>(
      'SELECT source, allowed FROM identity_rp_verification WHERE agent_id = $1 ORDER BY checked_at',
      [who.agentId],
    );
    expect(rows).toEqual([
      { source: 'agent_supplied_discovery', allowed: false },
      { source: 'agent_supplied_discovery', allowed: true },
    ]);
  });

  it('operators manage attestation authorities: unknown issuers are unverified; removal stops verification', async () => {
    const listed = await admin(env.t, 'GET', '/admin/broker/attestation-authorities');
    const mine = listed.body.authorities.find((a: { issuer: string }) => a.issuer === env.rp.authority.issuer);
    expect(mine).toMatchObject({ jwks_uri: env.rp.authority.jwks_uri, source: 'operator' });
    expect((await env.t.inject({ method: 'GET', url: '/admin/broker/attestation-authorities' })).statusCode).toBe(401);
    expect(
      (await admin(env.t, 'POST', '/admin/broker/attestation-authorities', { issuer: 'ftp://x', jwks_uri: 'https://x/jwks' })).status,
    ).toBe(400);

    const other = await startRelyingParty({ brokerIssuer: env.t.url, smtpUrl: env.smtp.url });
    try {
      const who = await createBrokerPrincipal(env.t);
      const r = await signup(env.t, who, other);
      expect(r.data.rp_verification).toMatchObject({
        status: 'unverified',
        reason: expect.stringContaining('not an attestation authority'),
      });
      await registerAuthority(env.t, other.authority);
      const id = (await admin(env.t, 'GET', '/admin/broker/attestation-authorities')).body.authorities.find(
        (a: { issuer: string }) => a.issuer === other.authority.issuer,
      ).id;
      expect((await signup(env.t, who, other, { force_new: true })).data.rp_verification.status).toBe('verified');
      expect((await admin(env.t, 'DELETE', `/admin/broker/attestation-authorities/${id}`)).status).toBe(204);
      expect((await signup(env.t, who, other, { force_new: true })).data.rp_verification.status).toBe('unverified');
    } finally {
      await other.close();
    }
  });
});
