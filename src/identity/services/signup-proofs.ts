import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { DataSource, Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AcceptanceEntity } from '../entities/acceptance.entity.js';
import { SignupProofEntity } from '../entities/signup-proof.entity.js';
import { identityErrors } from '../identity.errors.js';
import { INSERT_RECEIPT_PROOF_SQL, INSERT_SELF_REPORT_PROOF_SQL, type InsertedProofRow } from '../queries/signup-proof.queries.js';
import { sha256Hex } from './assertion-minter.js';
import { AttestationVerifier, RP_ALGORITHMS } from './attestation-verifier.js';
import { SigningKeys } from './signing-keys.js';
import type { AgentView, RecordSignupInput, SignupRecordView } from '../identity.types.js';

export const RECEIPT_TYP = 'signup-receipt+jwt';
/** A receipt must say when it expires, at most this long after it was issued (docs/site/broker-relying-parties.md). */
export const RECEIPT_MAX_LIFETIME_SECONDS = 3600;

const HANDOFF =
  "Recorded. Hand off to your human owner: tell them which service you signed up to and with which account. The broker never saw the service's credentials; keep any you received safe.";

export const toRecordView = (p: SignupProofEntity, deduplicated: boolean): SignupRecordView => ({
  signup_id: p.id,
  signup_token_jti: p.signupTokenJti,
  assertion_jti: p.assertionJti,
  service_audience: p.serviceAudience,
  service_origin: p.serviceOrigin,
  provider_name: p.providerName,
  provider_account: p.account,
  human_email_shared: false,
  agent_email_used: p.agentEmailUsed,
  accepted_tos_hash: p.acceptedTosHash,
  context_url: p.contextUrl,
  context_sha256: p.contextSha256,
  proof_source: p.proofSource,
  deduplicated,
  rp_verification_id: p.rpVerificationId,
  recorded_at: p.createdAt.toISOString(),
  handoff: HANDOFF,
});

/**
 * Signup proofs: RP-signed receipts checked against the historical attestation they name (never
 * the current one, never a broker key), or the agent's weaker self-report.
 */
@Injectable()
export class SignupProofs {
  constructor(
    private readonly config: AppConfig,
    private readonly attestations: AttestationVerifier,
    private readonly keys: SigningKeys,
    @InjectRepository(SignupProofEntity) private readonly proofs: Repository<SignupProofEntity>,
    @InjectRepository(AcceptanceEntity) private readonly acceptances: Repository<AcceptanceEntity>,
    private readonly dataSource: DataSource,
  ) {}

  /** @throws validation_failed, signup_token_invalid, signup_token_not_linked, signup_token_ownership_mismatch, rp_attestation_invalid, conflict */
  record(agent: AgentView, input: RecordSignupInput): Promise<SignupRecordView> {
    return 'signup_token' in input ? this.recordReceipt(agent, input.signup_token) : this.recordSelfReport(agent, input.self_report);
  }

  private async recordReceipt(agent: AgentView, token: string): Promise<SignupRecordView> {
    let header: ReturnType<typeof decodeProtectedHeader>;
    let unverified: ReturnType<typeof decodeJwt>;
    try {
      header = decodeProtectedHeader(token);
      unverified = decodeJwt(token);
    } catch {
      throw identityErrors.signupTokenInvalid('it is not a compact JWS');
    }
    if (typeof header.kid === 'string' && (await this.keys.isBrokerKid(header.kid))) {
      throw identityErrors.signupTokenInvalid('it is signed by the broker itself; only receipts signed by the service are accepted');
    }
    if (header.typ !== RECEIPT_TYP) throw identityErrors.signupTokenInvalid(`its typ must be ${RECEIPT_TYP}`);
    const assertionJti = unverified.assertion_jti;
    const attestationJti = unverified.attestation_jti;
    if (typeof assertionJti !== 'string' || typeof attestationJti !== 'string') {
      throw identityErrors.signupTokenInvalid('it needs assertion_jti and attestation_jti claims');
    }
    const acceptance = /^[0-9a-f-]{36}$/i.test(assertionJti) ? await this.acceptances.findOneBy({ assertionJti }) : null;
    if (!acceptance) throw identityErrors.signupTokenNotLinked('The receipt answers an assertion this broker did not mint.');
    if (acceptance.agentId !== agent.id) {
      throw identityErrors.signupTokenOwnershipMismatch('The receipt answers an assertion minted for another agent.');
    }
    const attestation = await this.attestations.historical(acceptance.serviceOrigin, attestationJti);
    if (!attestation) {
      throw identityErrors.rpAttestationInvalid(
        `the receipt names attestation ${attestationJti.slice(0, 100)}, which the broker never verified for ${acceptance.serviceOrigin}`,
        {},
      );
    }

    let payload;
    try {
      ({ payload } = await jwtVerify(token, createLocalJWKSet(attestation.rpJwks as JSONWebKeySet), {
        issuer: acceptance.serviceOrigin,
        audience: this.config.publicBaseUrl,
        typ: RECEIPT_TYP,
        algorithms: RP_ALGORITHMS,
        requiredClaims: ['jti', 'iat', 'exp', 'sub', 'account'],
        clockTolerance: 30,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'exp' && error.reason === 'missing') {
        throw identityErrors.signupTokenInvalid(
          `it has no exp claim; a receipt must expire at most ${RECEIPT_MAX_LIFETIME_SECONDS} seconds after its iat`,
        );
      }
      if (error instanceof joseErrors.JOSEError) throw identityErrors.signupTokenInvalid(`${error.code}: ${error.message}`);
      throw error;
    }
    // A receipt that never (or only in years) expires outlives any key rotation the RP may need.
    if (payload.exp! - payload.iat! > RECEIPT_MAX_LIFETIME_SECONDS || payload.iat! > Math.floor(Date.now() / 1000) + 30) {
      throw identityErrors.signupTokenInvalid(
        `its lifetime is too long: exp must be at most ${RECEIPT_MAX_LIFETIME_SECONDS} seconds after iat, and iat not in the future`,
      );
    }
    if (payload.sub !== agent.id) throw identityErrors.signupTokenOwnershipMismatch('The receipt was issued to another agent (sub).');
    if (typeof payload.account !== 'string' || payload.account.length === 0 || payload.account.length > 300) {
      throw identityErrors.signupTokenInvalid('account must be a string');
    }

    const tokenSha = sha256Hex(token);
    const jti = payload.jti!.slice(0, 200);
    const existing = await this.proofs.findOneBy({ signupTokenIssuer: acceptance.serviceOrigin, signupTokenJti: jti });
    if (existing) return this.sameOrConflict(existing, tokenSha, agent);
    const [inserted] = (await this.dataSource.query(INSERT_RECEIPT_PROOF_SQL, [
      agent.id,
      agent.owner_id,
      acceptance.serviceOrigin,
      acceptance.audience,
      acceptance.providerName,
      payload.account,
      jti,
      tokenSha,
      assertionJti,
      attestationJti,
      acceptance.id,
      acceptance.rpVerificationId,
      agent.inbox_address,
      acceptance.termsSha256,
    ])) as InsertedProofRow[];
    const id = inserted?.id;
    if (!id) {
      // A concurrent identical call won the insert.
      return this.sameOrConflict(
        await this.proofs.findOneByOrFail({ signupTokenIssuer: acceptance.serviceOrigin, signupTokenJti: jti }),
        tokenSha,
        agent,
      );
    }
    return toRecordView(await this.proofs.findOneByOrFail({ id }), false);
  }

  private sameOrConflict(existing: SignupProofEntity, tokenSha: string, agent: AgentView): SignupRecordView {
    if (existing.agentId !== agent.id) throw identityErrors.signupTokenOwnershipMismatch('This receipt is recorded for another agent.');
    if (existing.signupTokenSha256 !== tokenSha) {
      throw identityErrors.signupConflict('A different receipt with the same jti is already recorded.');
    }
    return toRecordView(existing, true);
  }

  private async recordSelfReport(
    agent: AgentView,
    report: { service: string; account?: string; context_url?: string },
  ): Promise<SignupRecordView> {
    let origin: string;
    try {
      origin = new URL(report.service).origin;
      if (origin === 'null') throw new Error();
    } catch {
      throw identityErrors.invalidInput('self_report.service must be the service origin, e.g. https://example.com');
    }
    const acceptance = await this.acceptances.findOne({
      where: { agentId: agent.id, serviceOrigin: origin },
      order: { createdAt: 'DESC' },
    });
    if (!acceptance) {
      throw identityErrors.signupTokenNotLinked(`No recorded acceptance of ${origin}'s terms by this agent: call identity_signup first.`);
    }
    const stronger = await this.proofs.findOne({
      where: { agentId: agent.id, serviceOrigin: origin, proofSource: 'rp_signed_receipt' },
      order: { createdAt: 'DESC' },
    });
    if (stronger) return toRecordView(stronger, true);
    const account = report.account ?? null;
    const contextUrl = report.context_url ?? null;
    const existing = await this.proofs.findOneBy({ agentId: agent.id, serviceOrigin: origin, proofSource: 'agent_self_reported' });
    if (existing) {
      if (existing.account !== null && account !== null && existing.account !== account) {
        throw identityErrors.signupConflict(`A self-report for ${origin} with another account is already recorded.`);
      }
      return toRecordView(existing, true);
    }
    const [inserted] = (await this.dataSource.query(INSERT_SELF_REPORT_PROOF_SQL, [
      agent.id,
      agent.owner_id,
      origin,
      acceptance.audience,
      acceptance.providerName,
      account,
      acceptance.id,
      contextUrl,
      contextUrl ? sha256Hex(contextUrl) : null,
      agent.inbox_address,
      acceptance.termsSha256,
    ])) as InsertedProofRow[];
    const insertedId = inserted?.id;
    const row = await this.proofs.findOneByOrFail({ agentId: agent.id, serviceOrigin: origin, proofSource: 'agent_self_reported' });
    if (row.account !== account && account !== null && row.account !== null) {
      throw identityErrors.signupConflict(`A self-report for ${origin} with another account is already recorded.`);
    }
    return toRecordView(row, row.id !== insertedId);
  }

  /** The agent's recent proofs, newest first. */
  async recent(agentId: string, limit = 20): Promise<SignupRecordView[]> {
    const rows = await this.proofs.find({ where: { agentId }, order: { createdAt: 'DESC' }, take: limit });
    return rows.map((r) => toRecordView(r, false));
  }
}
