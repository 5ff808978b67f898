import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { hashToken } from '../../common/auth/token.js';
import { SecretsService } from '../../common/secrets/secrets.service.js';
import { mailboxKey } from '../../common/validation/email-address.js';
import { AppConfig } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import { normalizeAgentName } from '../domain/agent-name.js';
import { generateCertificateId } from '../domain/certificate-id.js';
import { dmvErrors } from '../dmv.errors.js';
import {
  NON_BINDING_MESSAGE,
  type DmvRegistrationSource,
  type RegisterAgentInput,
  type RegisterContext,
  type RegisterOutcome,
  type RegistrationResult,
} from '../dmv.types.js';
import { DmvRegistrationEntity } from '../entities/dmv-registration.entity.js';
import { DmvReservedNameEntity } from '../entities/dmv-reserved-name.entity.js';
import { LOCK_MAILBOX_SQL, MAILBOX_WINDOW_SQL, type MailboxWindowRow } from '../queries/registration.queries.js';
import { certificateUrl } from './certificate-url.js';
import { DmvVerificationMail, type MailedNote, type QueuedVerification } from './dmv-verification-mail.js';
import { DmvRegisterBudget } from './register-budget.js';
import { DmvRegistrationIdempotency, IDEMPOTENCY_KEY } from './registration-idempotency.js';

/** The server secret the caller IP hashes are keyed with (SecretsService, shared by all instances). */
const IP_HASH_SECRET = 'dmv-ip-hash';
const MAILBOX_WINDOW_MS = 24 * 3600 * 1000;
const NO_RESERVED: ReadonlySet<string> = new Set();
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A registration request in its stored form. */
interface CleanRegistration {
  label: string;
  domain: string;
  email: string;
  mailbox: string;
  operatorName: string;
  description: string | null;
}

type Inserted =
  | { created: true; registration: DmvRegistrationEntity; mail: QueuedVerification }
  | { created: false; registration: DmvRegistrationEntity };

/**
 * The registration flow: normalize → Idempotency-Key replay → the register budget → an existing
 * name+address registration (already_recorded) → the per-mailbox daily cap → insert with its
 * verification mail in one transaction → one immediate delivery attempt.
 */
@Injectable()
export class DmvRegistrationFlow {
  constructor(
    private readonly config: AppConfig,
    private readonly secrets: SecretsService,
    private readonly budget: DmvRegisterBudget,
    private readonly idempotency: DmvRegistrationIdempotency,
    private readonly verificationMail: DmvVerificationMail,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(DmvReservedNameEntity) private readonly reserved: Repository<DmvReservedNameEntity>,
  ) {}

  async register(ctx: RegisterContext, input: RegisterAgentInput): Promise<RegisterOutcome> {
    const clean = await this.normalize(input);
    const key = ctx.idempotencyKey;
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw dmvErrors.invalidIdempotencyKey();
    // Keyed with a server secret: without it a hash cannot be reversed by hashing every IPv4 address.
    const ipHash = await this.secrets.keyedHash(IP_HASH_SECRET, ctx.ip);
    const requestHash = hashToken(JSON.stringify([clean.label, clean.email, clean.operatorName, clean.description]));

    if (key !== undefined) {
      const stored = await this.idempotency.find(key, ipHash);
      if (stored) {
        if (stored.request_hash !== requestHash) throw dmvErrors.idempotencyKeyReused();
        // A replay consumes nothing: the budget is only reported.
        const headers = { ...(await this.budget.peek(ctx.ip)), 'Idempotency-Replayed': 'true' };
        return { result: stored.result, created: false, replayed: true, headers };
      }
    }

    const headers = await this.budget.spend(ctx.ip);
    const inserted = await this.insert(clean, ctx.source, ipHash, headers);
    const result = inserted.created
      ? this.toResult(inserted.registration, await this.verificationMail.deliver(inserted.mail))
      : {
          ...this.toResult(inserted.registration, {
            sent: false,
            note: 'No email was sent: this name was already registered with this address, so the existing certificate is returned.',
          }),
          already_recorded: true as const,
        };
    if (key !== undefined) await this.idempotency.store(key, ipHash, requestHash, result);
    return { result, created: inserted.created, replayed: false, headers };
  }

  /**
   * The stored form of a request the edge already checked (types, lengths, the email rule): the name
   * normalized and not reserved, the address lower-cased with its mailbox key, the texts trimmed.
   * Blank or control characters in operator_name are the one rule neither edge can state.
   */
  private async normalize(input: RegisterAgentInput): Promise<CleanRegistration> {
    const name = normalizeAgentName(input.agent_name, NO_RESERVED);
    if (!name.ok) throw dmvErrors.invalidAgentName(name.reason);
    if (await this.reserved.exists({ where: { name: name.label } })) {
      throw dmvErrors.invalidAgentName(`name '${name.label}' is reserved`);
    }
    const operatorName = input.operator_name.trim();
    if (!operatorName || CONTROL.test(operatorName)) throw dmvErrors.invalidOperatorName();
    const email = input.email.trim().toLowerCase();
    return {
      label: name.label,
      domain: name.domain,
      email,
      mailbox: mailboxKey(email),
      operatorName,
      description: input.description?.trim() || null,
    };
  }

  /** Inserts the registration and queues its verification mail, or finds the existing name+address one. */
  private async insert(
    clean: CleanRegistration,
    source: DmvRegistrationSource,
    ipHash: string,
    headers: Record<string, string>,
  ): Promise<Inserted> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.dataSource.transaction(async (tx): Promise<Inserted> => {
          // One mailbox at a time, so its daily cap and the name+address check hold under races.
          await tx.query(LOCK_MAILBOX_SQL, [clean.mailbox]);
          const repo = tx.getRepository(DmvRegistrationEntity);
          const existing = await repo.findOne({ where: { agentName: clean.label, contactEmail: clean.email } });
          if (existing) {
            if (existing.withdrawnAt) throw dmvErrors.registrationWithdrawn();
            return { created: false, registration: existing };
          }
          await this.checkMailboxCap(tx, clean.mailbox, headers);
          const registration = await repo.save(
            repo.create({
              certificateId: generateCertificateId(),
              agentName: clean.label,
              domain: clean.domain,
              registrationType: 'pre_registration',
              operatorName: clean.operatorName,
              contactEmail: clean.email,
              contactMailbox: clean.mailbox,
              description: clean.description,
              source,
              callerIpHash: ipHash,
            }),
          );
          // The verification token and its message commit with the registration, or not at all.
          const mail = await this.verificationMail.queue(tx, registration);
          return { created: true, registration, mail };
        });
      } catch (error) {
        // A 60-bit collision is astronomically rare, but retry rather than fail.
        if (isUniqueViolation(error, 'dmv_registration_certificate_id_key') && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** @throws rate_limited (429, budget email_daily_cap) when the mailbox has its day's registrations. */
  private async checkMailboxCap(tx: EntityManager, mailbox: string, headers: Record<string, string>): Promise<void> {
    const cap = this.config.dmvDailyCapPerEmail;
    const [{ n, oldest }] = (await tx.query(MAILBOX_WINDOW_SQL, [mailbox])) as MailboxWindowRow[];
    if (n < cap) return;
    const retry = oldest
      ? Math.max(1, Math.ceil((new Date(oldest).getTime() + MAILBOX_WINDOW_MS - Date.now()) / 1000))
      : MAILBOX_WINDOW_MS / 1000;
    throw dmvErrors.mailboxCapReached(cap, retry, headers);
  }

  private toResult(r: DmvRegistrationEntity, mailed: MailedNote): RegistrationResult {
    const url = certificateUrl(this.config, r.certificateId);
    const result: RegistrationResult = {
      certificate_id: r.certificateId,
      agent_name: r.agentName,
      domain: r.domain,
      registration_type: 'pre_registration',
      certificate_url: url,
      badge_url: `${url}/badge.svg`,
      message: NON_BINDING_MESSAGE,
      email_sent: mailed.sent,
    };
    if (mailed.note) result.email_note = mailed.note;
    return result;
  }
}
