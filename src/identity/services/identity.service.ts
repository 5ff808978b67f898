import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AgentPrincipal, OperatorPrincipal, OwnerPrincipal } from '../../common/auth/principals.js';
import type { AgentStatus } from '../entities/agent.entity.js';
import { identityErrors } from '../identity.errors.js';
import { Agents } from './agents.js';
import type { RpPolicy } from '../entities/rp-verification.entity.js';
import { AttestationAuthorities, type AttestationAuthorityView } from './attestation-authorities.js';
import { IdentityProfile } from './identity-profile.js';
import type { DiscoveryInput } from './relying-parties.js';
import { RpPolicies, type EffectivePolicyView, type RpPolicyRuleView } from './rp-policies.js';
import { SignupFlow } from './signup-flow.js';
import { SignupProofs } from './signup-proofs.js';
import { listSigningKeys, rotateSigningKey, SigningKeys, signingKeyView, type SigningKeyView } from './signing-keys.js';
import type { SecretBox } from '../../common/secrets/secret-box.js';
import type { SealedColumn } from '../../common/secrets/sealed-columns.queries.js';
import { SigningKeyEntity } from '../entities/signing-key.entity.js';
import { IDENTITY_SEALED_COLUMNS } from '../queries/sealed-columns.queries.js';
import type {
  AgentView,
  ProveInput,
  ProveResult,
  RecordSignupRequest,
  RegisterInput,
  RegisterView,
  SignupInput,
  SignupRecordView,
  SignupResult,
  WhoamiView,
} from '../identity.types.js';

const REFUSED_SOURCES = ['rp_discovery', 'rp_discovery_url', 'rp_attestation'] as const;

/**
 * The identity module's facade. Agent sub-identities of human owners (Agents): the OAuth module
 * creates them at consent; the broker's tools resolve them per call (a revoked or suspended agent
 * is `agent_revoked`). Behind it: signups, proofs, relying-party policies, authorities and keys.
 */
@Injectable()
export class IdentityService {
  constructor(
    private readonly agents: Agents,
    private readonly profile: IdentityProfile,
    private readonly flow: SignupFlow,
    private readonly proofs: SignupProofs,
    private readonly policies: RpPolicies,
    private readonly authorities: AttestationAuthorities,
    private readonly keys: SigningKeys,
  ) {}

  // ---- The broker's agent-facing calls (MCP tools and the REST mirror) ----

  /** identity_whoami. @throws agent_revoked */
  async whoami(principal: AgentPrincipal): Promise<WhoamiView> {
    return this.profile.whoami(principal, await this.requireActiveAgent(principal));
  }

  /** identity_register: the sub-identity bound to the token, renamed when a new name is given. @throws agent_revoked, validation_failed */
  async register(principal: AgentPrincipal, input: RegisterInput): Promise<RegisterView> {
    const agent = await this.agents.rename(principal, await this.requireActiveAgent(principal), input);
    return this.profile.register(principal, agent, false);
  }

  /**
   * identity_signup: the broker fetches the RP's discovery itself.
   * @throws agent_revoked, discovery_source_not_allowed, rp_discovery_failed, rp_audience_mismatch, tos_mismatch, rp_blocked,
   * rp_unverified, rp_broker_untrusted, rp_attestation_invalid, rp_attestation_expired, rp_broker_unavailable, ledger_email_failed
   */
  async signup(
    principal: AgentPrincipal,
    input: SignupInput,
    via: 'identity_signup' | 'rest_signup' = 'identity_signup',
  ): Promise<SignupResult> {
    for (const key of REFUSED_SOURCES) {
      if (input[key] !== undefined) {
        throw identityErrors.discoverySourceNotAllowed(
          `identity_signup does not take ${key}: the broker fetches and verifies the service's discovery itself.`,
        );
      }
    }
    if (typeof input.service !== 'string' || typeof input.accepted_tos_text !== 'string') {
      throw identityErrors.invalidInput('service and accepted_tos_text are required strings');
    }
    const agent = await this.requireActiveAgent(principal);
    return this.flow.signup(principal, agent, {
      discovery: { kind: 'service', service: input.service },
      acceptedTosText: input.accepted_tos_text,
      forceNew: input.force_new === true,
      via,
    });
  }

  /** identity_prove (advanced): exactly one of rp_discovery or rp_discovery_url. @throws as signup */
  async prove(principal: AgentPrincipal, input: ProveInput): Promise<ProveResult> {
    if (input.rp_attestation !== undefined) {
      throw identityErrors.discoverySourceNotAllowed('A raw rp_attestation is not accepted; supply the discovery document or its URL.');
    }
    const hasDoc = input.rp_discovery !== undefined;
    const hasUrl = input.rp_discovery_url !== undefined;
    if (hasDoc === hasUrl) throw identityErrors.discoverySourceNotAllowed('Supply exactly one of rp_discovery or rp_discovery_url.');
    if (input.service !== undefined) {
      throw identityErrors.discoverySourceNotAllowed(
        'Do not combine a service origin with rp_discovery or rp_discovery_url; use identity_signup for an origin.',
      );
    }
    let discovery: DiscoveryInput;
    if (hasUrl) {
      if (typeof input.rp_discovery_url !== 'string') throw identityErrors.invalidInput('rp_discovery_url must be a URL');
      discovery = { kind: 'url', url: input.rp_discovery_url };
    } else {
      discovery = { kind: 'supplied', document: input.rp_discovery };
    }
    const agent = await this.requireActiveAgent(principal);
    return this.flow.prove(principal, agent, {
      discovery,
      acceptedTosText: input.accepted_tos_text,
      forceNew: input.force_new === true,
      via: 'identity_prove',
    });
  }

  /**
   * identity_record_signup: exactly one of signup_token or self_report.
   * @throws agent_revoked, validation_failed, signup_token_invalid, signup_token_not_linked, signup_token_ownership_mismatch, rp_attestation_invalid, conflict
   */
  async recordSignup(principal: AgentPrincipal, input: RecordSignupRequest): Promise<SignupRecordView> {
    for (const key of REFUSED_SOURCES) {
      if (input[key] !== undefined) throw identityErrors.discoverySourceNotAllowed(`identity_record_signup does not take ${key}.`);
    }
    if ((input.signup_token === undefined) === (input.self_report === undefined)) {
      throw identityErrors.invalidInput('Supply exactly one of signup_token or self_report.');
    }
    const agent = await this.requireActiveAgent(principal);
    return this.proofs.record(
      agent,
      input.signup_token !== undefined ? { signup_token: input.signup_token } : { self_report: input.self_report! },
    );
  }

  // ---- Relying-party policies ----

  /** An owner's own rules (the account page shows them). */
  ownerPolicies(owner: OwnerPrincipal): Promise<RpPolicyRuleView[]> {
    return this.policies.list(owner.ownerId);
  }

  /** Sets (or, with null, removes) an owner's rule for a service origin or "*" (their default). @throws validation_failed */
  setOwnerPolicy(owner: OwnerPrincipal, service: string, policy: RpPolicy | null): Promise<RpPolicyRuleView | null> {
    return this.policies.set(owner.ownerId, service, policy, `owner:${owner.email}`);
  }

  /** What applies to an owner's agents at a service, and which rule decided it (operators). @throws validation_failed */
  effectivePolicy(ownerId: string, service: string): Promise<EffectivePolicyView> {
    return this.policies.effective(ownerId, this.policyOrigin(service));
  }

  /** Operators' rules ("*" is the default that overrides BROKER_RP_POLICY), or an owner's when ownerId is given. */
  operatorPolicies(ownerId?: string): Promise<RpPolicyRuleView[]> {
    return this.policies.list(ownerId ?? this.policies.operatorKey());
  }

  setOperatorPolicy(operator: OperatorPrincipal, service: string, policy: RpPolicy | null): Promise<RpPolicyRuleView | null> {
    return this.policies.set(this.policies.operatorKey(), service, policy, `operator:${operator.name}`);
  }

  // ---- Attestation authorities and signing keys (operators) ----

  listAuthorities(): Promise<AttestationAuthorityView[]> {
    return this.authorities.list();
  }

  registerAuthority(operator: OperatorPrincipal, issuer: string, jwksUri: string): Promise<AttestationAuthorityView> {
    return this.authorities.register(issuer, jwksUri, operator.name);
  }

  removeAuthority(id: string): Promise<void> {
    return this.authorities.remove(id);
  }

  jwks(): ReturnType<SigningKeys['jwks']> {
    return this.keys.jwks();
  }

  signingKeys(): Promise<SigningKeyView[]> {
    return this.keys.list();
  }

  rotateSigningKey(): Promise<SigningKeyView> {
    return this.keys.rotate();
  }

  private policyOrigin(service: string): string {
    try {
      return new URL(service).origin;
    } catch {
      throw identityErrors.invalidInput('service must be an origin such as https://example.com');
    }
  }

  // ---- Agents (the OAuth module's consent and account pages, operators, inbox) ----

  /** Creates an agent for the signed-in owner (in the caller's transaction when given). @throws validation_failed */
  createAgent(owner: OwnerPrincipal, name: string, harness: string | null, tx?: EntityManager): Promise<AgentView> {
    return this.agents.create(owner, name, harness, tx);
  }

  /** The signed-in owner's agents, oldest first. */
  ownerAgents(owner: OwnerPrincipal): Promise<AgentView[]> {
    return this.agents.ofOwner(owner.ownerId);
  }

  /** Any owner's agents, oldest first (operators). */
  agentsOf(ownerId: string): Promise<AgentView[]> {
    return this.agents.ofOwner(ownerId);
  }

  /** The recent signups of one of the signed-in owner's agents (the account page); [] when it is not theirs. */
  async ownerAgentSignups(owner: OwnerPrincipal, agentId: string, limit = 5): Promise<SignupRecordView[]> {
    const agent = await this.agents.owned(owner, agentId);
    return agent ? this.proofs.recent(agent.id, limit) : [];
  }

  /** One of the signed-in owner's agents by id, or undefined when it is not theirs. */
  ownedAgent(owner: OwnerPrincipal, agentId: string): Promise<AgentView | undefined> {
    return this.agents.owned(owner, agentId);
  }

  get(agentId: string): Promise<AgentView | undefined> {
    return this.agents.get(agentId);
  }

  findByHandle(handle: string): Promise<AgentView | undefined> {
    return this.agents.findByHandle(handle);
  }

  /**
   * The active agent a token is bound to.
   * @throws agent_revoked when it was revoked by its owner, suspended by an operator, or is gone
   */
  requireActiveAgent(principal: AgentPrincipal, options: { reread?: boolean } = {}): Promise<AgentView> {
    return this.agents.requireActive(principal, options);
  }

  /** The owner revokes or restores one of their agents; an operator's suspension stays. @throws not_found, forbidden */
  setAgentStatusByOwner(owner: OwnerPrincipal, agentId: string, status: 'active' | 'revoked'): Promise<AgentView> {
    return this.agents.setStatusByOwner(owner, agentId, status);
  }

  /** Operators suspend, restore or revoke any agent. @throws not_found */
  setAgentStatusByOperator(agentId: string, status: AgentStatus, reason: string | null): Promise<AgentView> {
    return this.agents.setStatusByOperator(agentId, status, reason);
  }

  /** Every agent, newest first, optionally of one status or owner (operators). */
  list(options: {
    status?: AgentStatus;
    ownerId?: string;
    limit: number;
    offset: number;
  }): Promise<{ agents: AgentView[]; total: number }> {
    return this.agents.list(options);
  }

  // ---- Without the application: the CLI's calls on a bare DataSource (no DI, no boot checks) ----

  /** The entities the offline calls below need on the caller's DataSource. */
  static readonly offlineEntities = [SigningKeyEntity];

  /** The identity columns that hold sealed values (`secrets:encrypt`). */
  static readonly sealedColumns: readonly SealedColumn[] = IDENTITY_SEALED_COLUMNS;

  /** identity:rotate-key: a new active signing key; the previous one stays published until its assertions expired. */
  static async rotateSigningKeyOffline(manager: EntityManager, box: SecretBox, maxAssertionTtlSeconds: number): Promise<SigningKeyView> {
    return signingKeyView((await rotateSigningKey(manager, box, maxAssertionTtlSeconds))!);
  }

  /** identity:list-keys: every signing key, oldest first. */
  static async signingKeysOffline(manager: EntityManager): Promise<SigningKeyView[]> {
    return listSigningKeys(manager, 'ASC');
  }
}
