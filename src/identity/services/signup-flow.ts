import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decodeJwt } from 'jose';
import { DataSource, MoreThan } from 'typeorm';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { MailService } from '../../common/mail/mail.service.js';
import { SecretsService } from '../../common/secrets/secrets.service.js';
import { normalizeTerms, type RpDiscovery } from '../domain/rp-discovery.js';
import { AcceptanceEntity } from '../entities/acceptance.entity.js';
import { identityErrors } from '../identity.errors.js';
import { ASSERTION_TYP, AssertionMinter, sha256Hex } from './assertion-minter.js';
import { RelyingParties, type DiscoveryInput, type ResolvedRp } from './relying-parties.js';
import { signupNextSteps, toAcceptanceView, toServiceView } from './signup.views.js';
import type { AgentView, AssertionClaims, ProveResult, SignupResult } from '../identity.types.js';
import { SIGNUP_REQUEST_LOCK_SQL } from '../queries/locks.queries.js';

/** An assertion this close to expiry is not handed out again; a fresh one is minted. */
const REUSE_MARGIN_MS = 60_000;

interface Accepted {
  rp: ResolvedRp;
  acceptance: AcceptanceEntity;
  reused: boolean;
  /** Whether this call sent the ledger mail (first call, or a retry after ledger_email_failed). */
  mailed: boolean;
}

export interface SignupInput {
  discovery: DiscoveryInput;
  acceptedTosText: string;
  forceNew: boolean;
  via: 'identity_signup' | 'identity_prove' | 'rest_signup';
}

/**
 * The identity half of a signup: terms compared with what the RP publishes, the RP resolved and
 * checked against policy, the delegated acceptance recorded (one per identical call while its
 * assertion lives), the assertion minted, the ledger mailed to the agent's inbox and the owner.
 */
@Injectable()
export class SignupFlow {
  private readonly logger = new Logger('SignupFlow');

  constructor(
    private readonly rps: RelyingParties,
    private readonly minter: AssertionMinter,
    private readonly mail: MailService,
    private readonly secrets: SecretsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async signup(principal: AgentPrincipal, agent: AgentView, input: SignupInput): Promise<SignupResult> {
    const accepted = await this.accept(principal, agent, input);
    return this.signupResult(principal, agent, accepted);
  }

  async prove(principal: AgentPrincipal, agent: AgentView, input: SignupInput): Promise<ProveResult> {
    const accepted = await this.accept(principal, agent, input);
    const { acceptance, reused } = accepted;
    const base = this.signupResult(principal, agent, accepted);
    const jwt = base.assertion.jwt;
    return {
      assertion: {
        jwt,
        jti: acceptance.assertionJti,
        kid: acceptance.assertionKid,
        typ: ASSERTION_TYP,
        sha256: acceptance.assertionSha256,
        issued_at: acceptance.assertionIssuedAt.toISOString(),
        expires_at: acceptance.assertionExpiresAt.toISOString(),
        claims: decodeJwt(jwt) as unknown as AssertionClaims,
      },
      verification_instructions: {
        jwks_uri: this.minter.jwksUri,
        issuer: this.minter.issuer,
        audience: acceptance.audience,
        typ: ASSERTION_TYP,
        algorithms: ['ES256'],
        required_claims: ['iss', 'sub', 'aud', 'jti', 'iat', 'exp', 'agent_email', 'owner_verified', 'scope', 'tos'],
        single_use: 'Accept each jti once, until its exp.',
        docs: 'agentregistrar://docs/relying-party-guide',
      },
      scopes: acceptance.scopes,
      acceptance: base.acceptance,
      reuse: reused,
      rp_verification: base.rp_verification,
      ...(base.rp_verification_warning ? { rp_verification_warning: base.rp_verification_warning } : {}),
      side_effects: base.side_effects,
      agent_id: agent.id,
      agent_email: agent.inbox_address,
      audience: acceptance.audience,
      tos_ledger_email: base.tos_ledger_email,
      signup_request: base.signup_request,
      next_steps: base.next_steps,
    };
  }

  private async accept(principal: AgentPrincipal, agent: AgentView, input: SignupInput): Promise<Accepted> {
    const accepted = normalizeTerms(input.acceptedTosText);
    const rp = await this.rps.resolve(agent, input.discovery, (discovery: RpDiscovery) => {
      const published = normalizeTerms(discovery.terms.text);
      if (published !== accepted) throw identityErrors.tosMismatch(sha256Hex(published), sha256Hex(accepted));
    });
    const d = rp.discovery;
    const termsSha256 = sha256Hex(normalizeTerms(d.terms.text));
    const scopes = [...d.scopes];
    const kind = input.via === 'identity_prove' ? 'prove' : 'signup';
    const requestKey = sha256Hex(
      JSON.stringify([agent.id, kind, rp.origin, d.endpoints.agent_signup, termsSha256, d.terms.version, [...scopes].sort(), rp.source]),
    );

    const { acceptance, reused } = await this.dataSource.transaction(async (tx) => {
      // Identical concurrent calls queue here, so they agree on one acceptance.
      await tx.query(SIGNUP_REQUEST_LOCK_SQL, [requestKey]);
      const repo = tx.getRepository(AcceptanceEntity);
      if (!input.forceNew) {
        const existing = await repo.findOne({
          where: { agentId: agent.id, requestKey, assertionExpiresAt: MoreThan(new Date(Date.now() + REUSE_MARGIN_MS)) },
          order: { createdAt: 'DESC' },
        });
        if (existing) return { acceptance: existing, reused: true };
      }
      const minted = await this.minter.mint({
        agentId: agent.id,
        agentEmail: agent.inbox_address,
        // The origin the discovery document speaks for, never a value the document chose.
        audience: rp.origin,
        scopes,
        tos: { version: d.terms.version, sha256: termsSha256 },
      });
      const row = await repo.save(
        repo.create({
          agentId: agent.id,
          ownerId: agent.owner_id,
          serviceOrigin: rp.origin,
          audience: rp.origin,
          providerName: d.name,
          providerUrl: d.provider_url,
          termsUrl: d.terms.url,
          termsVersion: d.terms.version,
          termsSha256,
          agentSignupEndpoint: d.endpoints.agent_signup,
          scopes,
          source: rp.source,
          via: input.via,
          requestKey,
          rpVerificationId: rp.verification.id,
          assertionJti: minted.jti,
          assertionKid: minted.kid,
          assertionJwt: this.secrets.box.seal(minted.jwt),
          assertionSha256: minted.sha256,
          assertionIssuedAt: minted.issuedAt,
          assertionExpiresAt: minted.expiresAt,
          ledgerEmailStatus: 'pending',
        }),
      );
      return { acceptance: row, reused: false };
    });

    const mailed = acceptance.ledgerEmailStatus !== 'sent';
    if (mailed) await this.sendLedger(principal, agent, acceptance, rp);
    return { rp, acceptance, reused, mailed };
  }

  /** The ledger copy to the agent's mailbox and its forward to the owner. @throws ledger_email_failed */
  private async sendLedger(principal: AgentPrincipal, agent: AgentView, acceptance: AcceptanceEntity, rp: ResolvedRp): Promise<void> {
    const text = [
      `Your agent "${agent.name}" (${agent.inbox_address}) accepted the terms of ${acceptance.providerName} (${acceptance.serviceOrigin}) on your behalf,`,
      `under the Master Agent Delegation agreement you signed.`,
      '',
      `Acceptance: ${acceptance.id}`,
      `Recorded at: ${acceptance.createdAt.toISOString()}`,
      `Terms: ${acceptance.termsUrl} (version ${acceptance.termsVersion})`,
      `Terms SHA-256: ${acceptance.termsSha256}`,
      `Scopes requested by the service: ${acceptance.scopes.join(' ') || '(none)'}`,
      `Verification of the service: ${rp.verification.status} (policy ${rp.verification.policy})`,
      `Identity assertion: ${acceptance.assertionJti}, valid until ${acceptance.assertionExpiresAt.toISOString()}`,
      '',
      'The accepted terms, as published by the service:',
      '',
      normalizeTerms(rp.discovery.terms.text),
    ].join('\n');
    const subject = `Terms accepted: ${acceptance.providerName} (${acceptance.serviceOrigin})`;
    const effects = {
      acceptance_recorded: true,
      acceptance_id: acceptance.id,
      assertion_minted: true,
      rp_verification_recorded: true,
      rp_verification_id: rp.verification.id,
    };
    let agentSent = false;
    try {
      const copy = await this.mail.send({ to: agent.inbox_address, subject, text });
      if (copy.status === 'failed') throw new Error('the agent mailbox refused the ledger copy');
      agentSent = true;
      const forward = await this.mail.send({ to: principal.ownerEmail, subject: `[Agentry] ${subject}`, text });
      if (forward.status === 'failed') throw new Error('the owner forward was not accepted');
    } catch (error) {
      this.logger.warn(`Ledger mail for acceptance ${acceptance.id} failed: ${(error as Error).message}`);
      await this.dataSource.getRepository(AcceptanceEntity).update({ id: acceptance.id }, { ledgerEmailStatus: 'failed' });
      throw identityErrors.ledgerEmailFailed({ ...effects, ledger_email_sent: agentSent, owner_forward_sent: false });
    }
    acceptance.ledgerEmailStatus = 'sent';
    acceptance.ledgerEmailSentAt = new Date();
    await this.dataSource
      .getRepository(AcceptanceEntity)
      .update({ id: acceptance.id }, { ledgerEmailStatus: 'sent', ledgerEmailSentAt: acceptance.ledgerEmailSentAt });
  }

  private signupResult(principal: AgentPrincipal, agent: AgentView, { rp, acceptance, reused, mailed }: Accepted): SignupResult {
    const jwt = this.secrets.box.open(acceptance.assertionJwt);
    return {
      service: toServiceView(rp, acceptance),
      rp_verification: rp.verification,
      ...(rp.warning ? { rp_verification_warning: rp.warning } : {}),
      assertion: {
        jwt,
        jti: acceptance.assertionJti,
        kid: acceptance.assertionKid,
        typ: ASSERTION_TYP,
        expiry: acceptance.assertionExpiresAt.toISOString(),
      },
      acceptance: toAcceptanceView(acceptance),
      reuse: reused,
      side_effects: {
        acceptance_recorded: true,
        acceptance_id: acceptance.id,
        new_consent_event: !reused,
        rp_verification_recorded: true,
        rp_verification_id: rp.verification.id,
        assertion_minted: !reused,
        ledger_email_sent: mailed,
        owner_forward_sent: mailed,
      },
      agent_id: agent.id,
      agent_email: agent.inbox_address,
      audience: acceptance.audience,
      tos_ledger_email: {
        status: 'sent',
        to: agent.inbox_address,
        forwarded_to: principal.ownerEmail,
        sent_at: acceptance.ledgerEmailSentAt?.toISOString() ?? null,
      },
      signup_request: {
        url: acceptance.agentSignupEndpoint,
        headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
        body: {},
      },
      next_steps: signupNextSteps,
    };
  }
}
