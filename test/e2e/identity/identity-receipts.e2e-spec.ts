// identity_record_signup: receipts verified against the historical attestation they name (tampered,
// wrongly signed, expired, broker-signed, unlinked, foreign and conflicting ones refused), self-reports,
// and the ledger mail failure path.
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerTool, completeAtRp, createBrokerPrincipal, signup, startIdentityEnv, type IdentityEnv } from './identity-support.js';
import { mailTo } from './identity-support.js';
import type { BrokerTestPrincipal } from '../../support/broker.js';
import { SecretBox } from '../../../src/common/secrets/secret-box.js';

describe('identity broker: signup receipts and self-reports', () => {
  let env: IdentityEnv;
  let attestationJti: string;
  beforeAll(async () => {
    env = await startIdentityEnv();
    attestationJti = randomUUID();
    env.rp.setAttestation(await env.rp.signAttestation({ jti: attestationJti }), attestationJti);
  });
  afterAll(() => env?.close());

  async function signedUp(): Promise<{ who: BrokerTestPrincipal; assertionJti: string }> {
    const who = await createBrokerPrincipal(env.t);
    const r = await signup(env.t, who, env.rp);
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    return { who, assertionJti: r.data.assertion.jti };
  }

  const record = (who: BrokerTestPrincipal, args: Record<string, unknown>) => brokerTool(env.t, who.token, 'identity_record_signup', args);

  it('refuses tampered, wrongly signed, expired, mistyped and misaddressed receipts with signup_token_invalid', async () => {
    const { who, assertionJti } = await signedUp();
    const claims = { sub: who.agentId, assertion_jti: assertionJti, attestation_jti: attestationJti, account: 'acct_1' };
    const good = await env.rp.signReceipt(claims);
    const [h, p, s] = good.split('.');
    const body = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...body, account: 'acct_other' })).toString('base64url'), s].join('.');
    const stranger = await generateKeyPair('ES256');
    const cases: Record<string, string> = {
      tampered,
      wrong_key: await env.rp.signReceipt(claims, { key: stranger.privateKey }),
      expired: await env.rp.signReceipt({ ...claims, exp: Math.floor(Date.now() / 1000) - 300 }),
      wrong_typ: await env.rp.signReceipt(claims, { typ: 'JWT' }),
      wrong_aud: await env.rp.signReceipt({ ...claims, aud: 'https://other-broker.example' }),
      wrong_iss: await env.rp.signReceipt({ ...claims, iss: 'https://impostor.example' }),
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(cases)) {
      const r = await record(who, { signup_token: token });
      expect(r.data.error, name).toMatchObject({ code: 'signup_token_invalid', retryable: false });
    }
    expect(await env.t.sql('SELECT id FROM identity_signup_proof WHERE agent_id = $1', [who.agentId])).toEqual([]);
    expect((await record(who, { signup_token: good })).data.proof_source).toBe('rp_signed_receipt');
  });

  it('refuses a receipt without exp, or living longer than an hour, with signup_token_invalid naming exp', async () => {
    const { who, assertionJti } = await signedUp();
    const claims = { sub: who.agentId, assertion_jti: assertionJti, attestation_jti: attestationJti, account: 'acct_exp' };
    const now = Math.floor(Date.now() / 1000);
    const noExp = await record(who, { signup_token: await env.rp.signReceipt({ ...claims, exp: null }) });
    expect(noExp.data.error).toMatchObject({ code: 'signup_token_invalid', retryable: false });
    expect(noExp.data.error.message).toMatch(/no exp claim/);
    const forYears = await record(who, { signup_token: await env.rp.signReceipt({ ...claims, exp: now + 10 * 365 * 86400 }) });
    expect(forYears.data.error).toMatchObject({ code: 'signup_token_invalid' });
    expect(forYears.data.error.message).toMatch(/lifetime is too long/);
    const futureIat = await record(who, { signup_token: await env.rp.signReceipt({ ...claims, iat: now + 3000, exp: now + 3600 }) });
    expect(futureIat.data.error).toMatchObject({ code: 'signup_token_invalid' });
    expect(await env.t.sql('SELECT id FROM identity_signup_proof WHERE agent_id = $1', [who.agentId])).toEqual([]);
    // An hour exactly is within the bound.
    const hour = await record(who, { signup_token: await env.rp.signReceipt({ ...claims, iat: now, exp: now + 3600 }) });
    expect(hour.data.proof_source, JSON.stringify(hour.data)).toBe('rp_signed_receipt');
  });

  it('refuses a receipt signed with the broker key (legacy), even with the right typ', async () => {
    const { who, assertionJti } = await signedUp();
    const [key] = await env.t.sql<{ kid: string; private_jwk: string }>(
      `SELECT kid, private_jwk FROM identity_signing_key WHERE status = 'active'`,
    );
    // Stored sealed: an attacker would need the key encryption key too (as the test has).
    const brokerKey = await importJWK(
      JSON.parse(new SecretBox(env.t.config.brokerKeyEncryptionKey!).open(key.private_jwk)) as JWK,
      'ES256',
    );
    const legacy = await new SignJWT({ assertion_jti: assertionJti, attestation_jti: attestationJti, account: 'acct_x' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'signup-receipt+jwt' })
      .setIssuer(env.rp.origin)
      .setAudience(env.t.url)
      .setSubject(who.agentId)
      .setJti(randomUUID())
      .setIssuedAt()
      .sign(brokerKey);
    const r = await record(who, { signup_token: legacy });
    expect(r.data.error.code).toBe('signup_token_invalid');
    expect(r.data.error.message).toMatch(/broker itself/);
  });

  it('links receipts to this agent’s assertion and to an attestation the broker verified', async () => {
    const { who, assertionJti } = await signedUp();
    const unlinked = await env.rp.signReceipt({
      sub: who.agentId,
      assertion_jti: randomUUID(),
      attestation_jti: attestationJti,
      account: 'a',
    });
    expect((await record(who, { signup_token: unlinked })).data.error.code).toBe('signup_token_not_linked');

    const other = await createBrokerPrincipal(env.t);
    const mine = await env.rp.signReceipt({ sub: who.agentId, assertion_jti: assertionJti, attestation_jti: attestationJti, account: 'a' });
    expect((await record(other, { signup_token: mine })).data.error.code).toBe('signup_token_ownership_mismatch');
    const wrongSub = await env.rp.signReceipt({
      sub: other.agentId,
      assertion_jti: assertionJti,
      attestation_jti: attestationJti,
      account: 'a',
    });
    expect((await record(who, { signup_token: wrongSub })).data.error.code).toBe('signup_token_ownership_mismatch');

    const unknownAttestation = await env.rp.signReceipt({
      sub: who.agentId,
      assertion_jti: assertionJti,
      attestation_jti: 'never-seen',
      account: 'a',
    });
    expect((await record(who, { signup_token: unknownAttestation })).data.error.code).toBe('rp_attestation_invalid');
  });

  it('verifies against the historical attestation, not the current one', async () => {
    const { who, assertionJti } = await signedUp();
    // The RP moves on to a new attestation the broker has not seen yet.
    const newJti = randomUUID();
    env.rp.setAttestation(await env.rp.signAttestation({ jti: newJti }), newJti);
    try {
      const current = await env.rp.signReceipt({
        sub: who.agentId,
        assertion_jti: assertionJti,
        attestation_jti: newJti,
        account: 'acct_h',
      });
      expect((await record(who, { signup_token: current })).data.error.code).toBe('rp_attestation_invalid');
      const historical = await env.rp.signReceipt({
        sub: who.agentId,
        assertion_jti: assertionJti,
        attestation_jti: attestationJti,
        account: 'acct_h',
      });
      const r = await record(who, { signup_token: historical });
      expect(r.isError, JSON.stringify(r.data)).toBe(false);
      expect(r.data).toMatchObject({ provider_account: 'acct_h', assertion_jti: assertionJti });
    } finally {
      env.rp.setAttestation(await env.rp.signAttestation({ jti: attestationJti }), attestationJti);
    }
  });

  it('is idempotent on the receipt jti; the same jti with a different body is a 409 conflict', async () => {
    const { who, assertionJti } = await signedUp();
    const jti = randomUUID();
    const first = await env.rp.signReceipt({
      sub: who.agentId,
      assertion_jti: assertionJti,
      attestation_jti: attestationJti,
      account: 'acct_1',
      jti,
    });
    const r1 = await record(who, { signup_token: first });
    const r2 = await record(who, { signup_token: first });
    expect(r2.data).toMatchObject({ signup_id: r1.data.signup_id, deduplicated: true });
    const changed = await env.rp.signReceipt({
      sub: who.agentId,
      assertion_jti: assertionJti,
      attestation_jti: attestationJti,
      account: 'acct_2',
      jti,
    });
    const r3 = await record(who, { signup_token: changed });
    expect(r3.data.error).toMatchObject({ code: 'conflict', retryable: false });
    const parallel = await env.rp.signReceipt({
      sub: who.agentId,
      assertion_jti: assertionJti,
      attestation_jti: attestationJti,
      account: 'acct_p',
    });
    const results = await Promise.all([1, 2, 3].map(() => record(who, { signup_token: parallel })));
    expect(new Set(results.map((r) => r.data.signup_id)).size).toBe(1);
    expect(results.filter((r) => r.data.deduplicated === false)).toHaveLength(1);
  });

  it('self_report: needs a recorded acceptance, is weaker, never overwrites a receipt, conflicts on another account', async () => {
    const lone = await createBrokerPrincipal(env.t);
    expect((await record(lone, { self_report: { service: env.rp.origin } })).data.error.code).toBe('signup_token_not_linked');

    const { who } = await signedUp();
    const r = await record(who, { self_report: { service: env.rp.origin, account: 'me@rp', context_url: `${env.rp.origin}/welcome` } });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      proof_source: 'agent_self_reported',
      signup_token_jti: null,
      assertion_jti: null,
      rp_verification_id: null,
      provider_account: 'me@rp',
      deduplicated: false,
      context_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await record(who, { self_report: { service: env.rp.origin, account: 'me@rp' } })).data.deduplicated).toBe(true);
    expect((await record(who, { self_report: { service: env.rp.origin, account: 'someone-else' } })).data.error.code).toBe('conflict');
    expect((await record(who, { signup_token: 'x', self_report: { service: env.rp.origin } })).data.error.code).toBe('validation_failed');
    expect((await record(who, {})).data.error.code).toBe('validation_failed');

    // A receipt outranks a self-report: later self-reports return the receipt.
    const s = await signup(env.t, who, env.rp, { force_new: true });
    const done = await completeAtRp(env, s.data.signup_request, s.data.agent_email);
    const receipt = await record(who, { signup_token: done.signup_token });
    expect(receipt.data.proof_source).toBe('rp_signed_receipt');
    const after = await record(who, { self_report: { service: env.rp.origin, account: 'me@rp' } });
    expect(after.data).toMatchObject({ proof_source: 'rp_signed_receipt', signup_id: receipt.data.signup_id, deduplicated: true });
  });

  it('ledger_email_failed: the acceptance is recorded; the retry only re-sends the mail', async () => {
    const who = await createBrokerPrincipal(env.t);
    env.smtp.mode = 'reject-data';
    let failed;
    try {
      failed = await signup(env.t, who, env.rp);
    } finally {
      env.smtp.mode = 'accept';
    }
    expect(failed.data.error).toMatchObject({
      code: 'ledger_email_failed',
      retryable: true,
      // The agent's copy is delivered locally; the forward to the owner went through the refusing relay.
      side_effects: { acceptance_recorded: true, assertion_minted: true, ledger_email_sent: true, owner_forward_sent: false },
    });
    const [row] = await env.t.sql<{ id: string; ledger_email_status: string }>(
      'SELECT id, ledger_email_status FROM identity_acceptance WHERE agent_id = $1',
      [who.agentId],
    );
    expect(row).toMatchObject({ id: failed.data.error.side_effects.acceptance_id, ledger_email_status: 'failed' });
    const retry = await signup(env.t, who, env.rp);
    expect(retry.isError).toBe(false);
    expect(retry.data).toMatchObject({
      reuse: true,
      acceptance: { id: row.id },
      side_effects: { ledger_email_sent: true, new_consent_event: false },
    });
    expect(await env.t.sql('SELECT id FROM identity_acceptance WHERE agent_id = $1', [who.agentId])).toHaveLength(1);
    expect(mailTo(env.smtp, who.ownerEmail).some((m) => m.text.includes(row.id))).toBe(true);
  });
});
