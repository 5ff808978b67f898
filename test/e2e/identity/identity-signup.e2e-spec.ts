// The identity tools on /broker/mcp end to end against the example relying party running as a real
// HTTP server: signup → POST the signup_request → confirm by mail → record the receipt → whoami.
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerCall } from '../../support/broker.js';
import { brokerTool, completeAtRp, createBrokerPrincipal, signup, startIdentityEnv, type IdentityEnv } from './identity-support.js';
import { mailTo } from './identity-support.js';

describe('identity broker: the signup flow', () => {
  let env: IdentityEnv;
  beforeAll(async () => {
    env = await startIdentityEnv();
  });
  afterAll(() => env?.close());

  it('lists the identity tools (identity_signup before identity_prove) and four markdown resources', async () => {
    const who = await createBrokerPrincipal(env.t);
    const tools = (await brokerCall(env.t, who.token, 'tools/list')).body.result.tools as {
      name: string;
      title: string;
      outputSchema?: unknown;
    }[];
    const names = tools.map((x) => x.name);
    expect(names.filter((n) => n.startsWith('identity_'))).toEqual([
      'identity_signup',
      'identity_register',
      'identity_whoami',
      'identity_prove',
      'identity_record_signup',
    ]);
    expect(names.indexOf('identity_signup')).toBeLessThan(names.indexOf('identity_prove'));
    expect(Object.fromEntries(tools.map((x) => [x.name, x.title]))).toMatchObject({
      identity_signup: 'One-call brokered service signup',
      identity_register: 'Create or resume agent sub-identity',
      identity_whoami: 'Show agent identity & signup state',
      identity_prove: 'Accept ToS & mint identity assertion',
      identity_record_signup: 'Record signed-up service proof',
    });
    // identity_signup, identity_prove and identity_record_signup register outputSchemas; the others answer with text JSON.
    expect(
      tools
        .filter((x) => x.outputSchema)
        .map((x) => x.name)
        .filter((n) => n.startsWith('identity_')),
    ).toEqual(['identity_signup', 'identity_prove', 'identity_record_signup']);
    const resources = (await brokerCall(env.t, who.token, 'resources/list')).body.result.resources as { uri: string; mimeType: string }[];
    expect(resources.map((r) => r.uri)).toEqual([
      'agentregistrar://docs/workflow',
      'agentregistrar://docs/error-recovery',
      'agentregistrar://docs/relying-party-guide',
      'agentregistrar://docs/policies',
    ]);
    expect(resources.every((r) => r.mimeType === 'text/markdown')).toBe(true);
    const read = await brokerCall(env.t, who.token, 'resources/read', { uri: 'agentregistrar://docs/relying-party-guide' });
    expect(read.body.result.contents[0].text).toContain('signup-receipt+jwt');
    const page = await env.t.inject({ method: 'GET', url: '/docs/broker-relying-parties' });
    expect(page.statusCode).toBe(200);
  });

  it('whoami and register show the agent bound to the token, its owner and scopes', async () => {
    const who = await createBrokerPrincipal(env.t, { agentName: 'Scout' });
    const me = await brokerTool(env.t, who.token, 'identity_whoami');
    expect(me.isError).toBe(false);
    expect(me.result.structuredContent).toBeUndefined();
    expect(me.data.agent).toMatchObject({ id: who.agentId, name: 'Scout', inbox_address: `${who.agentHandle}@${env.t.config.mailDomain}` });
    expect(me.data.human).toEqual({ id: who.ownerId, email: who.ownerEmail, verified: true });
    expect(me.data.recent_signups).toEqual([]);
    const reg = await brokerTool(env.t, who.token, 'identity_register', { name: 'Scout II', harness: 'vitest' });
    expect(reg.data).toMatchObject({
      agent_id: who.agentId,
      name: 'Scout II',
      harness: 'vitest',
      status: 'active',
      owner: { id: who.ownerId, email: who.ownerEmail },
      created: false,
    });
  });

  it('signs up at the example RP, which verifies the assertion, mails a code and returns a receipt the broker records', async () => {
    const who = await createBrokerPrincipal(env.t);
    const agentEmail = `${who.agentHandle}@${env.t.config.mailDomain}`;
    const r = await signup(env.t, who, env.rp);
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.result.structuredContent).toEqual(r.data);
    const out = r.data;
    expect(out.service).toMatchObject({
      origin: env.rp.origin,
      audience: env.rp.origin,
      endpoints: { agent_signup: `${env.rp.origin}/agent-signup` },
    });
    expect(out.rp_verification).toMatchObject({
      status: 'verified',
      policy: 'warn',
      allowed: true,
      source: 'discovery',
      issuer: env.rp.authority.issuer,
      level: 'domain',
    });
    expect(out.rp_verification_warning).toBeUndefined();
    expect(out.reuse).toBe(false);
    expect(out.agent_email).toBe(agentEmail);
    expect(out.signup_request).toEqual({
      url: `${env.rp.origin}/agent-signup`,
      headers: { Authorization: `Bearer ${out.assertion.jwt}`, 'Content-Type': 'application/json' },
      body: {},
    });
    expect(out.next_steps.length).toBeGreaterThan(0);
    expect(out.side_effects).toMatchObject({
      acceptance_recorded: true,
      assertion_minted: true,
      ledger_email_sent: true,
      owner_forward_sent: true,
    });

    // The assertion: header, claims, verifiable with the published JWKS.
    expect(decodeProtectedHeader(out.assertion.jwt)).toMatchObject({ alg: 'ES256', typ: 'agent-assertion+jwt', kid: out.assertion.kid });
    const jwks = await env.t.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
    const { payload } = await jwtVerify(out.assertion.jwt, createLocalJWKSet(JSON.parse(jwks.body)), {
      issuer: env.t.url,
      audience: out.audience,
      typ: 'agent-assertion+jwt',
    });
    expect(payload).toMatchObject({
      sub: who.agentId,
      agent_email: agentEmail,
      owner_verified: true,
      scope: 'profile:email',
      tos: { version: '2026-11', sha256: out.service.terms.sha256 },
    });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(600);
    expect(JSON.parse(jwks.body).keys[0]).not.toHaveProperty('d');

    // The ledger copy went to the agent's mailbox (delivered locally) and to the owner (through the relay).
    const ledger = await env.t.sql<{ text_body: string; local_delivery: boolean }>(
      'SELECT text_body, local_delivery FROM outbound_mail WHERE to_address = $1',
      [agentEmail],
    );
    expect(ledger.some((m) => m.local_delivery && m.text_body.includes(out.acceptance.id))).toBe(true);
    expect(mailTo(env.smtp, who.ownerEmail).some((m) => m.text.includes(out.acceptance.id))).toBe(true);

    const done = await completeAtRp(env, out.signup_request, agentEmail);
    expect(done).toMatchObject({ httpStatus: 200, status: 'active' });
    expect(decodeProtectedHeader(done.signup_token).typ).toBe('signup-receipt+jwt');

    // Single use at the RP.
    const replay = await fetch(out.signup_request.url, { method: 'POST', headers: out.signup_request.headers, body: '{}' });
    expect(replay.status).toBe(409);

    const recorded = await brokerTool(env.t, who.token, 'identity_record_signup', { signup_token: done.signup_token });
    expect(recorded.isError, JSON.stringify(recorded.data)).toBe(false);
    expect(recorded.data).toMatchObject({
      proof_source: 'rp_signed_receipt',
      deduplicated: false,
      assertion_jti: out.assertion.jti,
      provider_account: done.account_id,
      service_audience: out.audience,
      human_email_shared: false,
      agent_email_used: agentEmail,
      accepted_tos_hash: out.service.terms.sha256,
      rp_verification_id: out.rp_verification.id,
    });
    const again = await brokerTool(env.t, who.token, 'identity_record_signup', { signup_token: done.signup_token });
    expect(again.data).toMatchObject({ signup_id: recorded.data.signup_id, deduplicated: true });

    const me = await brokerTool(env.t, who.token, 'identity_whoami');
    expect(me.data.recent_signups).toHaveLength(1);
    expect(me.data.recent_signups[0]).toMatchObject({ signup_id: recorded.data.signup_id, provider_account: done.account_id });
    expect(me.data.latest_acceptances[0]).toMatchObject({ id: out.acceptance.id, service_origin: env.rp.origin });
  });

  it('reuses an identical unexpired assertion (gates re-run), and force_new makes a new consent event', async () => {
    const who = await createBrokerPrincipal(env.t);
    const first = await signup(env.t, who, env.rp);
    const mails = env.smtp.messages.length;
    const second = await signup(env.t, who, env.rp);
    expect(second.data).toMatchObject({
      reuse: true,
      assertion: { jti: first.data.assertion.jti },
      acceptance: { id: first.data.acceptance.id },
    });
    expect(second.data.side_effects).toMatchObject({ new_consent_event: false, ledger_email_sent: false });
    expect(second.data.rp_verification.id).not.toBe(first.data.rp_verification.id); // verification re-ran
    expect(env.smtp.messages.length).toBe(mails);
    const forced = await signup(env.t, who, env.rp, { force_new: true });
    expect(forced.data.reuse).toBe(false);
    expect(forced.data.assertion.jti).not.toBe(first.data.assertion.jti);
    const rows = await env.t.sql('SELECT id FROM identity_acceptance WHERE agent_id = $1', [who.agentId]);
    expect(rows).toHaveLength(2);
  });

  it('concurrent identical signups record one acceptance', async () => {
    const who = await createBrokerPrincipal(env.t);
    const results = await Promise.all(Array.from({ length: 5 }, () => signup(env.t, who, env.rp)));
    expect(results.every((r) => !r.isError)).toBe(true);
    expect(new Set(results.map((r) => r.data.assertion.jti)).size).toBe(1);
    expect(results.filter((r) => r.data.reuse === false)).toHaveLength(1);
    const rows = await env.t.sql('SELECT id FROM identity_acceptance WHERE agent_id = $1', [who.agentId]);
    expect(rows).toHaveLength(1);
  });

  it('compares the terms byte for byte after normalising line endings', async () => {
    const who = await createBrokerPrincipal(env.t);
    const text = env.rp.discovery().terms.text as string;
    const crlf = await signup(env.t, who, env.rp, { accepted_tos_text: text.replace(/\n/g, '\r\n') });
    expect(crlf.isError).toBe(false);
    const changed = await signup(env.t, who, env.rp, { accepted_tos_text: `${text} ` });
    expect(changed.isError).toBe(true);
    expect(changed.data.error).toMatchObject({
      code: 'tos_mismatch',
      retryable: false,
      side_effects: {},
      docs: 'agentregistrar://docs/workflow',
    });
  });

  it('refuses agent-supplied discovery sources on identity_signup with discovery_source_not_allowed', async () => {
    const who = await createBrokerPrincipal(env.t);
    for (const extra of [
      { rp_discovery: env.rp.discovery() },
      { rp_discovery_url: `${env.rp.origin}/.well-known/agent-signup` },
      { rp_attestation: 'x.y.z' },
    ]) {
      const r = await signup(env.t, who, env.rp, extra);
      expect(r.data.error).toMatchObject({ code: 'discovery_source_not_allowed', retryable: false, side_effects: {} });
      expect(typeof r.data.error.next_step).toBe('string');
      expect(r.data.error.docs).toMatch(/^agentregistrar:\/\/docs\//);
    }
    expect(await env.t.sql('SELECT id FROM identity_acceptance WHERE agent_id = $1', [who.agentId])).toHaveLength(0);
  });

  it('needs tos:accept (insufficient_scope at the gate) and an active agent (agent_revoked at the tool)', async () => {
    const reader = await createBrokerPrincipal(env.t, { scopes: ['identity:read'] });
    const refused = await brokerCall(env.t, reader.token, 'tools/call', {
      name: 'identity_signup',
      arguments: { service: env.rp.origin, accepted_tos_text: 'x' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers['www-authenticate']).toMatch(/error="insufficient_scope".*scope="identity:read tos:accept"/);
    expect((await brokerTool(env.t, reader.token, 'identity_whoami')).isError).toBe(false);

    const who = await createBrokerPrincipal(env.t);
    await env.t.sql(`UPDATE identity_agent SET status = 'suspended' WHERE id = $1`, [who.agentId]);
    for (const [name, args] of [
      ['identity_whoami', {}],
      ['identity_signup', { service: env.rp.origin, accepted_tos_text: 'x' }],
      ['identity_record_signup', { self_report: { service: env.rp.origin } }],
    ] as const) {
      const r = await brokerTool(env.t, who.token, name, args);
      expect(r.isError).toBe(true);
      expect(r.data.error).toMatchObject({ code: 'agent_revoked', retryable: false });
    }
  });

  it('identity_prove mints from rp_discovery_url and returns the claims and verification instructions', async () => {
    const who = await createBrokerPrincipal(env.t);
    const r = await brokerTool(env.t, who.token, 'identity_prove', {
      rp_discovery_url: `${env.rp.origin}/.well-known/agent-signup`,
      accepted_tos_text: env.rp.discovery().terms.text,
    });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data.assertion.claims).toEqual(decodeJwt(r.data.assertion.jwt));
    expect(r.data.verification_instructions).toMatchObject({
      jwks_uri: `${env.t.url}/.well-known/jwks.json`,
      issuer: env.t.url,
      typ: 'agent-assertion+jwt',
    });
    expect(r.data.rp_verification).toMatchObject({ status: 'verified', source: 'discovery' });
    for (const args of [
      { rp_discovery_url: `${env.rp.origin}/.well-known/agent-signup`, rp_discovery: env.rp.discovery() },
      {},
      { service: env.rp.origin, rp_discovery: env.rp.discovery() },
      { service: env.rp.origin, rp_discovery_url: `${env.rp.origin}/.well-known/agent-signup` },
      { rp_attestation: 'a.b.c', rp_discovery_url: `${env.rp.origin}/.well-known/agent-signup` },
    ]) {
      const bad = await brokerTool(env.t, who.token, 'identity_prove', { ...args, accepted_tos_text: 'x' });
      expect(bad.data.error.code, JSON.stringify(args)).toBe('discovery_source_not_allowed');
    }
  });

  it('the REST mirror answers whoami, signup and record-signup with the same results and guards', async () => {
    const who = await createBrokerPrincipal(env.t);
    const auth = { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' };
    const me = await env.t.inject({ method: 'GET', url: '/api/v1/broker/whoami', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(JSON.parse(me.body).agent.id).toBe(who.agentId);
    const none = await env.t.inject({ method: 'GET', url: '/api/v1/broker/whoami' });
    expect(none.statusCode).toBe(401);
    const s = await env.t.inject({
      method: 'POST',
      url: '/api/v1/broker/signup',
      headers: auth,
      payload: JSON.stringify({ service: env.rp.origin, accepted_tos_text: env.rp.discovery().terms.text }),
    });
    expect(s.statusCode, s.body).toBe(200);
    const out = JSON.parse(s.body);
    const done = await completeAtRp(env, out.signup_request, out.agent_email);
    const rec = await env.t.inject({
      method: 'POST',
      url: '/api/v1/broker/record-signup',
      headers: auth,
      payload: JSON.stringify({ signup_token: done.signup_token }),
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(JSON.parse(rec.body)).toMatchObject({ proof_source: 'rp_signed_receipt', provider_account: done.account_id });
    const bad = await env.t.inject({
      method: 'POST',
      url: '/api/v1/broker/signup',
      headers: auth,
      payload: JSON.stringify({ service: env.rp.origin, accepted_tos_text: 'nope' }),
    });
    expect(bad.statusCode).toBe(409);
    expect(JSON.parse(bad.body)).toMatchObject({ error: 'tos_mismatch' });
    const reader = await createBrokerPrincipal(env.t, { scopes: ['identity:read'] });
    const scoped = await env.t.inject({
      method: 'POST',
      url: '/api/v1/broker/signup',
      headers: { ...auth, authorization: `Bearer ${reader.token}` },
      payload: JSON.stringify({ service: env.rp.origin, accepted_tos_text: 'x' }),
    });
    expect(scoped.statusCode).toBe(403);
    expect(JSON.parse(scoped.body).error).toBe('insufficient_scope');

    const openapi = JSON.parse((await env.t.inject({ method: 'GET', url: '/openapi.json' })).body);
    for (const path of [
      '/api/v1/broker/whoami',
      '/api/v1/broker/signup',
      '/api/v1/broker/record-signup',
      '/.well-known/jwks.json',
      '/admin/broker/attestation-authorities',
    ]) {
      expect(openapi.paths, path).toHaveProperty([path]);
    }
  });
});
