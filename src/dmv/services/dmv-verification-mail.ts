import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { generateToken, hashToken } from '../../common/auth/token.js';
import { MailService, type MailResult } from '../../common/mail/mail.service.js';
import { emailDomain } from '../../common/validation/email-address.js';
import { AppConfig } from '../../config/app-config.js';
import { parseCertificateId } from '../domain/certificate-id.js';
import { dmvErrors } from '../dmv.errors.js';
import { NON_BINDING_MESSAGE, type ResendVerificationInput, type ResendVerificationResult } from '../dmv.types.js';
import type { DmvRegistrationEntity } from '../entities/dmv-registration.entity.js';
import { DmvVerificationTokenEntity } from '../entities/dmv-verification-token.entity.js';
import { RESEND_TARGET_SQL, type ResendTargetRow } from '../queries/registration.queries.js';
import {
  EXPIRE_OPEN_TOKENS_SQL,
  LOCK_MAIL_CAPS_SQL,
  MAIL_WINDOW_SQL,
  REGISTRATION_MAILS_TODAY_SQL,
  type CountRow,
  type MailWindowRow,
} from '../queries/verification-token.queries.js';
import { DmvRegisterBudget } from './register-budget.js';

/** How long the email verification link works. */
export const VERIFICATION_TTL_DAYS = 7;
/** Verification emails per registration per 24 hours, the first one included. */
export const VERIFICATION_MAILS_PER_DAY = 3;

/** What queue() did: a message in the outbox, or none because a daily mail cap is reached. */
export type QueuedVerification = { kind: 'queued'; mail: MailResult } | { kind: 'capped'; scope: 'domain' | 'total'; domain: string };

/** What the registration result says about its email (email_sent, email_note). */
export interface MailedNote {
  sent: boolean;
  note?: string;
}

type MailRecipient = Pick<DmvRegistrationEntity, 'id' | 'domain' | 'certificateId' | 'contactEmail'>;

const RESEND_MESSAGE =
  'If this address is the unverified contact of this registration, a new verification email is on its way ' +
  `(at most ${VERIFICATION_MAILS_PER_DAY} per registration per 24 hours); only its newest link works.`;

const CAPPED_TAIL =
  'The registration is recorded and the contact stays unverified; ask for a new verification email ' +
  '(POST /api/v1/dmv/registrations/<certificate ID>/resend-verification) after 24 hours.';

/**
 * The DMV's verification mail: one token and one outbox message written in the registration's own
 * transaction (so a crash or a relay outage can never leave a contact that cannot be verified), an
 * immediate attempt after the commit, the budgeted resend the pages promise, and the daily caps on
 * verification mail per recipient domain and in total (issue 14), counted in PostgreSQL so that all
 * instances share them. Over a cap nothing is queued and the answer says so.
 */
@Injectable()
export class DmvVerificationMail {
  private readonly logger = new Logger('DmvMail');

  constructor(
    private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly budget: DmvRegisterBudget,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Inside the registration's transaction: a new token and its message in the outbox, unless a cap is
   * reached. `supersede` ends the registration's earlier links when (and only when) a new one goes out.
   */
  async queue(tx: EntityManager, registration: MailRecipient, supersede = false): Promise<QueuedVerification> {
    const domain = emailDomain(registration.contactEmail);
    // Held until the commit, so concurrent registrations on every instance see each other's mail.
    await tx.query(LOCK_MAIL_CAPS_SQL);
    const [window] = (await tx.query(MAIL_WINDOW_SQL, [domain])) as MailWindowRow[];
    const scope =
      window.domain >= this.config.dmvMailDailyCapPerDomain
        ? 'domain'
        : window.total >= this.config.dmvMailDailyCapTotal
          ? 'total'
          : undefined;
    if (scope) {
      this.logger.warn(`Verification email for ${registration.certificateId} not sent: the daily ${scope} cap is reached (${domain})`);
      return { kind: 'capped', scope, domain };
    }
    if (supersede) await tx.query(EXPIRE_OPEN_TOKENS_SQL, [registration.id]);
    const token = generateToken('dmvv');
    await tx.getRepository(DmvVerificationTokenEntity).insert({
      tokenHash: hashToken(token),
      registrationId: registration.id,
      recipientDomain: domain,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_DAYS * 24 * 3600 * 1000),
    });
    const mail = await this.mail.enqueue(
      {
        to: registration.contactEmail,
        subject: `Confirm your .agent pre-registration: ${registration.domain}`,
        text: this.compose(registration.domain, registration.certificateId, token),
        secrets: [token],
      },
      tx,
    );
    return { kind: 'queued', mail };
  }

  /** After the commit: one immediate attempt, and what is true about the message afterwards. */
  async deliver(queued: QueuedVerification): Promise<MailedNote> {
    if (queued.kind === 'capped') {
      const limit =
        queued.scope === 'domain'
          ? `the daily limit of verification emails to addresses at ${queued.domain} is reached`
          : "this service's daily limit of verification emails is reached";
      return { sent: false, note: `No verification email was sent: ${limit}. ${CAPPED_TAIL}` };
    }
    const result = await this.mail.deliverNow(queued.mail);
    switch (result.status) {
      case 'sent':
        return { sent: true };
      case 'queued':
        return {
          sent: false,
          note: 'The verification email is queued: the mail relay did not accept it yet, and it is retried automatically. The registration is recorded.',
        };
      case 'held':
        return {
          sent: false,
          note: 'The verification email was queued but not sent: this server has no outgoing mail relay configured. The registration is recorded.',
        };
      case 'failed':
      case 'dead':
        this.logger.warn(`Verification email ${queued.mail.id} refused by the relay`);
        return {
          sent: false,
          note: 'The verification email could not be sent (the mail relay refused it). The registration is recorded; the contact stays unverified.',
        };
    }
  }

  /**
   * A new verification link for an unverified contact, charged to the caller's register budget and
   * capped per registration (and by the mail caps). The answer is the same whether or not the
   * address matches or a mail goes out, so it reveals nothing about a registration's contact.
   * @throws invalid_certificate_id (400), rate_limited (429, details.budget)
   */
  async resend(ip: string, input: ResendVerificationInput): Promise<ResendVerificationResult> {
    const parsed = parseCertificateId(input.certificate_id);
    if (!parsed.ok) throw dmvErrors.invalidCertificateId();
    await this.budget.spend(ip);
    const email = input.email.trim().toLowerCase();
    const queued = await this.dataSource.transaction(async (tx) => {
      const [row] = (await tx.query(RESEND_TARGET_SQL, [parsed.canonical])) as ResendTargetRow[];
      if (!row || row.contact_email !== email || row.withdrawn_at || row.contact_verified_at) return undefined;
      const [{ n }] = (await tx.query(REGISTRATION_MAILS_TODAY_SQL, [row.id])) as CountRow[];
      if (n >= VERIFICATION_MAILS_PER_DAY) return undefined;
      // Only the newest link works; when no new one goes out (a mail cap), the current one stays valid.
      const recipient = { id: row.id, domain: row.domain, certificateId: row.certificate_id, contactEmail: row.contact_email };
      return this.queue(tx, recipient, true);
    });
    if (queued) await this.deliver(queued);
    return { certificate_id: parsed.canonical, accepted: true, message: RESEND_MESSAGE };
  }

  private compose(domain: string, certificateId: string, token: string): string {
    const base = this.config.publicBaseUrl;
    const link = `${base}/dmv/verify?token=${encodeURIComponent(token)}`;
    // Only the normalized name and the certificate ID come from the request: nothing free-form is mailed.
    return [
      `Someone asked the Agentry DMV to pre-register the proposed name ${domain} and gave this address as its contact.`,
      '',
      `Certificate ID: ${certificateId}`,
      `Certificate:    ${base}/dmv/certificates/${certificateId}`,
      '',
      `To confirm that this address belongs to the registration's contact, open this link within ${VERIFICATION_TTL_DAYS} days (it works once):`,
      link,
      '',
      'If you did not ask for this, ignore this message: the contact stays unverified and no further mail is sent about it.',
      '',
      NON_BINDING_MESSAGE,
      '',
    ].join('\n');
  }
}
