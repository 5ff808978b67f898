// Issue 21, finding 1: an identity assertion is for the service it was minted for only. A hostile
// relying party ("evil") copies a real service's ("bank") terms and declares bank's audience in its own
// discovery document, hoping to replay the agent's assertion at bank. The broker mints assertions for
// the origin the discovery document speaks for, and refuses any other declared audience under every
// policy, before anything is minted or recorded.
import { startRelyingParty, type RelyingParty } from '../../../examples/relying-party/server.mjs';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokerTool,
  createBrokerPrincipal,
  registerAuthority,
  setOperatorPolicy,
  signup,
  startIdentityEnv,
  type IdentityEnv,
} from './identity-support.js';

describe('identity broker: the assertion audience is the relying party origin', () => {
  let env: IdentityEnv;
  let evil: RelyingParty;
  let pathAudience: RelyingParty;
  beforeAll(async () => {
    env = await startIdentityEnv();
    const bank = env.rp;
    evil = await startRelyingParty({
      brokerIssuer: env.t.url,
      smtpUrl: env.smtp.url,
      name: 'Definitely Not Bank',
      termsText: bank.discovery().terms.text,
      audience: bank.origin,
    });
    await registerAuthority(env.t, evil.authority);
    pathAudience = await startRelyingParty({ brokerIssuer: env.t.url, smtpUrl: env.smtp.url, audience: 'placeholder' });
  });
  afterAll(async () => {
    await evil?.close();
    await pathAudience?.close();
    await env?.close();
  });

  const acceptances = (agentId: string) => env.t.sql('SELECT id FROM identity_acceptance WHERE agent_id = $1', [agentId]);

  it('the normal RP works and the minted aud is exactly its origin, verified by the RP itself', async () => {
    const who = await createBrokerPrincipal(env.t);
    const r = await signup(env.t, who, env.rp);
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(decodeJwt(r.data.assertion.jwt).aud).toBe(env.rp.origin);
    expect(r.data.audience).toBe(env.rp.origin);
    expect(r.data.service.audience).toBe(env.rp.origin);
    const jwks = JSON.parse((await env.t.inject({ method: 'GET', url: '/.well-known/jwks.json' })).body);
    await expect(
      jwtVerify(r.data.assertion.jwt, createLocalJWKSet(jwks), { issuer: env.t.url, audience: env.rp.origin }),
    ).resolves.toBeTruthy();
    const rows = await env.t.sql<{ audience: string }>('SELECT audience FROM identity_acceptance WHERE agent_id = $1', [who.agentId]);
    expect(rows).toEqual([{ audience: env.rp.origin }]);
    // The RP accepts it (202: pending account, code mailed).
    const posted = await fetch(r.data.signup_request.url, { method: 'POST', headers: r.data.signup_request.headers, body: '{}' });
    expect(posted.status).toBe(202);
  });

  it.each(['allow', 'warn', 'require'])(
    'under policy %s, an RP declaring another origin’s audience is refused with rp_audience_mismatch; nothing is minted',
    async (policy) => {
      await setOperatorPolicy(env.t, policy, evil.origin);
      try {
        const who = await createBrokerPrincipal(env.t);
        const viaSignup = await signup(env.t, who, evil);
        expect(viaSignup.isError).toBe(true);
        expect(viaSignup.data.error).toMatchObject({
          code: 'rp_audience_mismatch',
          retryable: false,
          side_effects: {},
          docs: 'agentregistrar://docs/relying-party-guide',
        });
        expect(viaSignup.data.error.message).toContain(env.rp.origin);
        expect(viaSignup.data.error.message).toMatch(/another origin/);
        const viaProve = await brokerTool(env.t, who.token, 'identity_prove', {
          rp_discovery_url: `${evil.origin}/.well-known/agent-signup`,
          accepted_tos_text: evil.discovery().terms.text,
        });
        expect(viaProve.data.error?.code).toBe('rp_audience_mismatch');
        expect(await acceptances(who.agentId)).toEqual([]);
        expect(await env.t.sql('SELECT id FROM identity_rp_verification WHERE agent_id = $1', [who.agentId])).toEqual([]);
      } finally {
        await setOperatorPolicy(env.t, null, evil.origin);
      }
    },
  );

  it('under policy block the same RP is refused too (rp_blocked, before anything is fetched)', async () => {
    await setOperatorPolicy(env.t, 'block', evil.origin);
    try {
      const who = await createBrokerPrincipal(env.t);
      expect((await signup(env.t, who, evil)).data.error?.code).toBe('rp_blocked');
      expect(await acceptances(who.agentId)).toEqual([]);
    } finally {
      await setOperatorPolicy(env.t, null, evil.origin);
    }
  });

  it('an agent-supplied document declaring another audience is refused the same way', async () => {
    const who = await createBrokerPrincipal(env.t);
    const doc: Record<string, any> = { ...env.rp.discovery(), audience: 'https://bank.example' };
    const r = await brokerTool(env.t, who.token, 'identity_prove', { rp_discovery: doc, accepted_tos_text: doc.terms.text });
    expect(r.data.error?.code).toBe('rp_audience_mismatch');
    expect(await acceptances(who.agentId)).toEqual([]);
  });

  it('a path, query or non-URL audience on the same origin is refused; the bare origin (with or without /) or none is accepted', async () => {
    const who = await createBrokerPrincipal(env.t);
    const base = env.rp.discovery();
    for (const audience of [`${env.rp.origin}/agent-signup`, `${env.rp.origin}/?x=1`, 'bank', `${env.rp.origin}#frag`]) {
      const r = await brokerTool(env.t, who.token, 'identity_prove', {
        rp_discovery: { ...base, audience },
        accepted_tos_text: base.terms.text,
      });
      expect(r.data.error?.code, audience).toBe('rp_audience_mismatch');
      expect(r.data.error.message, audience).toMatch(/exactly its origin|another origin/);
    }
    const { audience: _omitted, ...withoutAudience } = base;
    for (const doc of [{ ...base, audience: `${env.rp.origin}/` }, withoutAudience]) {
      const r = await brokerTool(env.t, who.token, 'identity_prove', {
        rp_discovery: doc,
        accepted_tos_text: base.terms.text,
        force_new: true,
      });
      expect(r.isError, JSON.stringify(r.data)).toBe(false);
      expect(r.data.assertion.claims.aud).toBe(env.rp.origin);
    }
    // A fetched document with a non-origin audience is refused as well.
    expect((await signup(env.t, who, pathAudience)).data.error?.code).toBe('rp_audience_mismatch');
  });
});
