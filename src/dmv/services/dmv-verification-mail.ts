import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { generateToken, hashToken } from '../../common/auth/token.js';
import { AppError } from '../../common/errors/app-error.js';
import { MailService, type MailResult } from '../../common/mail/mail.service.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { AppConfig } from '../../config/app-config.js';
import { parseCertificateId } from '../domain/certificate-id.js';
import { NON_BINDING_MESSAGE } from '../domain/certificate-view.js';
import type { DmvRegistrationEntity } from '../entities/dmv-registration.entity.js';
import { DmvVerificationTokenEntity } from '../entities/dmv-verification-token.entity.js';

/** How long the email verification link works. */
export const VERIFICATION_TTL_DAYS = 7;
/** Verification emails per registration per 24 hours, the first one included. */
export const VERIFICATION_MAILS_PER_DAY = 3;

export interface MailedNote {
  sent: boolean;
  note?: string;
}

export interface ResendVerificationResult {
  certificate_id: string;
  accepted: true;
  message: string;
}

interface RegistrationRow {
  id: string;
  certificate_id: string;
  domain: string;
  contact_email: string;
  contact_verified_at: Date | null;
  withdrawn_at: Date | null;
}

const RESEND_MESSAGE =
  'If this address is the unverified contact of this registration, a new verification email is on its way ' +
  `(at most ${VERIFICATION_MAILS_PER_DAY} per registration per 24 hours); only its newest link works.`;

/**
 * The DMV's verification mail: one token and one outbox message written in the registration's own
 * transaction (so a crash or a relay outage can never leave a contact that cannot be verified), an
 * immediate attempt after the commit, and the budgeted resend the pages promise.
 */
@Injectable()
export class DmvVerificationMail {
  private readonly logger = new Logger('DmvMail');

  constructor(
    private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly rateLimits: RateLimitService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Inside the registration's transaction: a new token and its message in the outbox. */
  async queue(tx: EntityManager, registration: Pick<DmvRegistrationEntity, 'id' | 'domain' | 'certificateId' | 'contactEmail'>): Promise<MailResult> {
    const token = generateToken('dmvv');
    await tx.getRepository(DmvVerificationTokenEntity).insert({
      tokenHash: hashToken(token),
      registrationId: registration.id,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_DAYS * 24 * 3600 * 1000),
    });
    return this.mail.enqueue(
      {
        to: registration.contactEmail,
        subject: `Confirm your .agent pre-registration: ${registration.domain}`,
        text: this.compose(registration.domain, registration.certificateId, token),
        secrets: [token],
      },
      tx,
    );
  }

  /** After the commit: one immediate attempt, and what is true about the message afterwards. */
  async deliver(queued: MailResult): Promise<MailedNote> {
    const result = await this.mail.deliverNow(queued);
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
        this.logger.warn(`Verification email ${queued.id} refused by the relay`);
        return {
          sent: false,
          note: 'The verification email could not be sent (the mail relay refused it). The registration is recorded; the contact stays unverified.',
        };
    }
  }

  /**
   * A new verification link for an unverified contact, charged to the caller's registration budget
   * and capped per registration. The answer is the same whether or not the address matches, so it
   * reveals nothing about a registration's contact.
   * @throws invalid_certificate_id (400), validation_failed (400), rate_limited (429, details.budget)
   */
  async resend(input: { certificate_id: string; email: string }, ip: string): Promise<ResendVerificationResult> {
    const parsed = parseCertificateId(typeof input.certificate_id === 'string' ? input.certificate_id : '');
    if (!parsed.ok) throw new AppError('invalid_certificate_id', 'certificate_id is not a DMV certificate ID.', { status: 400 });
    const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
    if (email.length < 3 || email.length > 254 || !email.includes('@')) {
      throw new AppError('validation_failed', 'email must be the contact address of the registration.', { status: 400 });
    }
    const budget = await this.rateLimits.consume('register', ip);
    if (!budget.allowed) {
      const retry = Math.max(1, budget.retryAfterSeconds || budget.policy.windowSeconds);
      throw new AppError('rate_limited', `Registration budget exhausted; retry after ${retry} s.`, {
        status: 429,
        retryable: true,
        headers: { ...this.rateLimits.headers(budget), 'Retry-After': String(retry) },
        details: { budget: 'register', retry_after_seconds: retry },
      });
    }
    const answer = { certificate_id: parsed.canonical, accepted: true as const, message: RESEND_MESSAGE };
    const queued = await this.dataSource.transaction(async (tx) => {
      const [row] = (await tx.query(
        `SELECT id, certificate_id, domain, contact_email, contact_verified_at, withdrawn_at
           FROM dmv_registration WHERE certificate_id = $1 FOR UPDATE`,
        [parsed.canonical],
      )) as RegistrationRow[];
      if (!row || row.contact_email !== email || row.withdrawn_at || row.contact_verified_at) return undefined;
      const [{ n }] = (await tx.query(
        `SELECT count(*)::int AS n FROM dmv_verification_token
          WHERE registration_id = $1 AND created_at > now() - interval '24 hours'`,
        [row.id],
      )) as Array<{ n: number }>;
      if (n >= VERIFICATION_MAILS_PER_DAY) return undefined;
      // Only the newest link works.
      await tx.query(
        `UPDATE dmv_verification_token SET expires_at = least(expires_at, now())
          WHERE registration_id = $1 AND used_at IS NULL`,
        [row.id],
      );
      return this.queue(tx, { id: row.id, domain: row.domain, certificateId: row.certificate_id, contactEmail: row.contact_email });
    });
    if (queued) await this.deliver(queued);
    return answer;
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
