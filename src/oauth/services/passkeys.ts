import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { OperatorPrincipal, OwnerPrincipal } from '../../common/auth/principals.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { AppConfig } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import { answeredChallenge, loadWebAuthn, PasskeyRefusal, verifyAssertion, verifyRegistration } from '../domain/passkey-ceremonies.js';
import { ownerIdOfHandle, passkeyName, relyingPartyFor, userHandleOf, type RelyingParty } from '../domain/passkey-rules.js';
import { OwnerEntity } from '../entities/owner.entity.js';
import { PasskeyCredentialEntity } from '../entities/passkey-credential.entity.js';
import { SessionEntity } from '../entities/session.entity.js';
import { oauthErrors } from '../oauth.errors.js';
import {
  DELETE_OWNER_PASSKEYS_SQL,
  MARK_PASSKEY_CLONED_SQL,
  RECORD_PASSKEY_USE_SQL,
  type DeletedPasskeyRow,
} from '../queries/passkey.queries.js';
import { BrokerAudit } from './broker-audit.js';
import { OwnerAuth, safeReturnTo, type SignedIn } from './owner-auth.js';
import { PASSKEY_CEREMONY_TIMEOUT_MS, PasskeyChallenges } from './passkey-challenges.js';

/** Adding or removing a passkey needs a sign-in (email or passkey) within this long. */
export const PASSKEY_STEP_UP_MS = 10 * 60 * 1000;
/** At most this many passkeys per owner. */
export const MAX_PASSKEYS_PER_OWNER = 20;

/** One passkey as the owner (and an operator) sees it. */
export interface PasskeyView {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** Synced (multi-device, e.g. a password manager) or bound to one device. */
  synced: boolean;
  backed_up: boolean;
  /** Blocked because a sign-in showed a counter going backwards (a copied authenticator). */
  blocked: boolean;
}

/** What the account page's passkey section needs. */
export interface PasskeyAccountView {
  available: boolean;
  /** Signed in recently enough to add or remove a passkey. */
  fresh: boolean;
  passkeys: PasskeyView[];
}

function toView(row: PasskeyCredentialEntity): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    synced: row.deviceType === 'multiDevice',
    backed_up: row.backedUp,
    blocked: row.cloneDetectedAt !== null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Owners' passkeys (WebAuthn, issue 24): registration from the account page after a fresh
 * sign-in, sign-in on the sign-in page (modal or autofill) that opens the same session an email
 * sign-in opens (OwnerAuth.openSession), listing, removal, an operator's revocation.
 * Ceremonies are checked in domain/passkey-ceremonies.ts; challenges in PasskeyChallenges; every
 * outcome lands in the broker audit under the owner.
 */
@Injectable()
export class Passkeys {
  /** Undefined when PUBLIC_BASE_URL cannot carry passkeys (an IP address; http off localhost). */
  readonly relyingParty: RelyingParty | undefined;

  constructor(
    config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimitService,
    private readonly challenges: PasskeyChallenges,
    private readonly owners: OwnerAuth,
    private readonly audit: BrokerAudit,
    @InjectRepository(PasskeyCredentialEntity) private readonly credentials: Repository<PasskeyCredentialEntity>,
    @InjectRepository(OwnerEntity) private readonly ownerRows: Repository<OwnerEntity>,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
  ) {
    this.relyingParty = relyingPartyFor(config.publicBaseUrl);
    // Ceremony budgets: each step (options, answer) counts. Per IP three times the email sign-in
    // budget (a page load may ask for autofill options, then the button again); per owner for
    // registrations twice the per-address sign-in budget.
    const signin = config.rateLimitSignin;
    this.rateLimits.define({ name: 'passkey_ip', ...signin, limit: signin.limit * 3, exposeRemaining: false });
    const perOwner = config.rateLimitSigninEmail;
    this.rateLimits.define({ name: 'passkey_owner', ...perOwner, limit: perOwner.limit * 2, exposeRemaining: false });
  }

  private rp(): RelyingParty {
    if (!this.relyingParty) throw oauthErrors.passkeysUnavailable();
    return this.relyingParty;
  }

  private async budget(policy: 'passkey_ip' | 'passkey_owner', key: string): Promise<void> {
    const outcome = await this.rateLimits.consume(policy, key);
    if (!outcome.allowed) throw oauthErrors.passkeyRateLimited(outcome.retryAfterSeconds || outcome.policy.windowSeconds);
  }

  // ---- sign-in -------------------------------------------------------------------------------

  /** Options for navigator.credentials.get (discoverable credentials: any passkey of this site). @throws rate_limited, not_found */
  async signinOptions(binding: string, returnToInput: unknown, ip: string): Promise<Record<string, unknown>> {
    const rp = this.rp();
    await this.budget('passkey_ip', ip);
    const challenge = await this.challenges.issue('signin', binding, null, safeReturnTo(returnToInput));
    const { generateAuthenticationOptions } = await loadWebAuthn();
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge,
      userVerification: 'required',
      allowCredentials: [],
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    });
    return { ...options, challenge };
  }

  /**
   * Checks a sign-in answer and opens the owner's session exactly as an email sign-in does.
   * @throws passkey_refused (unknown, blocked, replayed/foreign challenge, failed checks, suspended owner), rate_limited
   */
  async signIn(binding: string, responseText: unknown, ip: string): Promise<SignedIn> {
    const rp = this.rp();
    await this.budget('passkey_ip', ip);
    const answer = this.refusing(() => answeredChallenge(responseText, 'get'));
    const credential = await this.credentials.findOne({ where: { credentialId: answer.credentialId } });
    if (!credential) throw oauthErrors.passkeyRefused('This passkey is not registered here (it may have been removed). Sign in by email.');
    const refuse = async (reason: string, message: string): Promise<never> => {
      await this.audit.record(`owner:${credential.ownerId}`, 'passkey.signin_refused', 'passkey', credential.id, credential.ownerId, {
        reason,
      });
      throw oauthErrors.passkeyRefused(message);
    };
    if (answer.userHandle !== undefined && ownerIdOfHandle(answer.userHandle) !== credential.ownerId) {
      return refuse('user_handle', 'This passkey answered for another account.');
    }
    if (credential.cloneDetectedAt) {
      return refuse('blocked', 'This passkey was blocked because it looked copied. Sign in by email and remove it.');
    }
    const owner = await this.ownerRows.findOne({ where: { id: credential.ownerId } });
    if (!owner) return refuse('no_owner', 'This passkey is not registered here. Sign in by email.');
    if (owner.status !== 'active') return refuse('owner_suspended', 'This account is suspended. Contact the operator of this service.');
    const challenge = await this.challenges.consume('signin', answer.challenge, binding);
    if (!challenge) {
      return refuse('challenge', 'This passkey request has expired, was already used, or was started in another browser. Try again.');
    }
    let use: Awaited<ReturnType<typeof verifyAssertion>>;
    try {
      use = await verifyAssertion(responseText, answer.challenge, rp, credential);
    } catch (error) {
      if (!(error instanceof PasskeyRefusal)) throw error;
      if (error.reason === 'cloned') {
        await this.dataSource.query(MARK_PASSKEY_CLONED_SQL, [credential.id]);
        await this.audit.record('system', 'passkey.clone_detected', 'passkey', credential.id, credential.ownerId, {
          stored_counter: credential.counter,
        });
      }
      return refuse(error.reason, error.message);
    }
    const signedIn = await this.dataSource.transaction(async (tx) => {
      const recorded = (await tx.query(RECORD_PASSKEY_USE_SQL, [credential.id, use.counter, use.backedUp, credential.counter])) as [
        unknown[],
        number,
      ];
      if (recorded[0].length === 0) return undefined;
      return this.owners.openSession(tx, owner.email, challenge.return_to, { method: 'passkey', passkey_id: credential.id });
    });
    if (!signedIn) return refuse('concurrent_use', 'This passkey was used twice at once. Try again.');
    return signedIn;
  }

  private refusing<T>(run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (error instanceof PasskeyRefusal) throw oauthErrors.passkeyRefused(error.message);
      throw error;
    }
  }

  // ---- the account page ---------------------------------------------------------------------

  /** Whether the owner's session began within the step-up window. */
  async isFresh(owner: OwnerPrincipal): Promise<boolean> {
    const session = await this.sessions.findOne({ where: { id: owner.sessionId } });
    return !!session && Date.now() - session.createdAt.getTime() <= PASSKEY_STEP_UP_MS;
  }

  async list(owner: OwnerPrincipal): Promise<PasskeyView[]> {
    const rows = await this.credentials.find({ where: { ownerId: owner.ownerId }, order: { createdAt: 'ASC' } });
    return rows.map(toView);
  }

  async accountView(owner: OwnerPrincipal): Promise<PasskeyAccountView> {
    return { available: !!this.relyingParty, fresh: await this.isFresh(owner), passkeys: await this.list(owner) };
  }

  /** Options for navigator.credentials.create. @throws step_up_required, rate_limited, conflict (too many), not_found (unavailable) */
  async registrationOptions(owner: OwnerPrincipal, ip: string): Promise<Record<string, unknown>> {
    const rp = this.rp();
    if (!(await this.isFresh(owner))) throw oauthErrors.stepUpRequired();
    await this.budget('passkey_ip', ip);
    await this.budget('passkey_owner', owner.ownerId);
    const existing = await this.credentials.find({ where: { ownerId: owner.ownerId } });
    if (existing.length >= MAX_PASSKEYS_PER_OWNER) {
      throw oauthErrors.invalid(`You have ${MAX_PASSKEYS_PER_OWNER} passkeys already; remove one first.`);
    }
    const challenge = await this.challenges.issue('register', owner.sessionId, owner.ownerId, '/account');
    const { generateRegistrationOptions } = await loadWebAuthn();
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: owner.email,
      userDisplayName: owner.email,
      userID: userHandleOf(owner.ownerId),
      challenge,
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    return { ...options, challenge };
  }

  /** Stores a new passkey from the browser's answer. @throws validation_failed, passkey_refused, step_up_required, conflict */
  async register(owner: OwnerPrincipal, nameInput: unknown, responseText: unknown): Promise<PasskeyView> {
    const rp = this.rp();
    if (!(await this.isFresh(owner))) throw oauthErrors.stepUpRequired();
    const name = passkeyName(nameInput);
    if (!name) throw oauthErrors.invalid('Name the passkey (1 to 60 characters), e.g. "Laptop" or "Phone".');
    const answer = this.refusing(() => answeredChallenge(responseText, 'create'));
    const challenge = await this.challenges.consume('register', answer.challenge, owner.sessionId);
    const refuse = async (reason: string, message: string): Promise<never> => {
      await this.audit.record(`owner:${owner.ownerId}`, 'passkey.registration_refused', 'owner', owner.ownerId, owner.ownerId, { reason });
      throw oauthErrors.passkeyRefused(message);
    };
    if (!challenge || challenge.owner_id !== owner.ownerId) {
      return refuse('challenge', 'This passkey request has expired, was already used, or was started elsewhere. Try again.');
    }
    let created: Awaited<ReturnType<typeof verifyRegistration>>;
    try {
      created = await verifyRegistration(responseText, answer.challenge, rp);
    } catch (error) {
      if (error instanceof PasskeyRefusal) return refuse(error.reason, error.message);
      throw error;
    }
    try {
      const row = await this.credentials.save(
        this.credentials.create({ ownerId: owner.ownerId, name, lastUsedAt: null, cloneDetectedAt: null, ...created }),
      );
      await this.audit.record(`owner:${owner.ownerId}`, 'passkey.registered', 'passkey', row.id, owner.ownerId, {
        name,
        synced: row.deviceType === 'multiDevice',
        aaguid: row.aaguid,
      });
      return toView(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw oauthErrors.invalid('This passkey is already registered.');
      throw error;
    }
  }

  /** Removes one of the owner's passkeys (fresh sign-in required). @throws not_found, step_up_required */
  async remove(owner: OwnerPrincipal, id: string): Promise<void> {
    const row = UUID.test(id) ? await this.credentials.findOne({ where: { id, ownerId: owner.ownerId } }) : null;
    if (!row) throw oauthErrors.passkeyNotFound();
    if (!(await this.isFresh(owner))) throw oauthErrors.stepUpRequired();
    await this.credentials.delete({ id: row.id, ownerId: owner.ownerId });
    await this.audit.record(`owner:${owner.ownerId}`, 'passkey.removed', 'passkey', row.id, owner.ownerId, { name: row.name });
  }

  // ---- operators ------------------------------------------------------------------------------

  /** An owner's passkeys, for an operator. @throws not_found */
  async listForOperator(ownerId: string): Promise<{ passkeys: PasskeyView[] }> {
    if (!UUID.test(ownerId) || !(await this.ownerRows.existsBy({ id: ownerId }))) throw oauthErrors.ownerNotFound();
    const rows = await this.credentials.find({ where: { ownerId }, order: { createdAt: 'ASC' } });
    return { passkeys: rows.map(toView) };
  }

  /** Removes every passkey of an owner (they sign in by email again). @throws not_found */
  async revokeAll(operator: OperatorPrincipal, ownerId: string, reason: string | null): Promise<{ revoked: number }> {
    if (!UUID.test(ownerId) || !(await this.ownerRows.existsBy({ id: ownerId }))) throw oauthErrors.ownerNotFound();
    const revoked = await this.dataSource.transaction(async (tx) => {
      const result = (await tx.query(DELETE_OWNER_PASSKEYS_SQL, [ownerId])) as [DeletedPasskeyRow[], number];
      const rows = result[0];
      await this.audit.record(
        `operator:${operator.name}`,
        'passkey.revoked_by_operator',
        'owner',
        ownerId,
        ownerId,
        { count: rows.length, passkeys: rows.map((r) => ({ id: r.id, name: r.name })), reason: reason?.slice(0, 300) ?? null },
        tx,
      );
      return rows.length;
    });
    return { revoked };
  }
}
