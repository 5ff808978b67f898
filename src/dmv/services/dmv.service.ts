import { Injectable } from '@nestjs/common';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import type {
  AdminRegistrationList,
  AdminRegistrationQuery,
  AdminRegistrationView,
  BadgeResult,
  CertificatePageResult,
  ContactVerificationView,
  LookupResult,
  RegisterAgentInput,
  RegisterContext,
  RegisterOutcome,
  ResendVerificationInput,
  ResendVerificationResult,
  ReservedNamesView,
  VerifyResult,
} from '../dmv.types.js';
import { DmvCertificateLookupClient } from './certificate-lookup-client.js';
import { DmvCertificateLookup } from './certificate-lookup.js';
import { DmvCertificatePages } from './certificate-pages.js';
import { DmvContactVerification } from './contact-verification.js';
import { DmvAdmin } from './dmv-admin.js';
import { DmvVerificationMail } from './dmv-verification-mail.js';
import { DmvRegistrationFlow } from './registration.js';

/**
 * The DMV's one public service (STYLE R7): .agent name pre-registrations, the public lookup and
 * verify_certificate, what the certificate pages, badges and verification link show (the pages
 * controller renders it with src/dmv/views), contact verification, and the operators' tools.
 * Callers are anonymous except the operators; inputs arrive checked by the REST DTOs or the tools'
 * schemas. The work lives in the collaborators; this class only routes to them.
 */
@Injectable()
export class DmvService {
  constructor(
    private readonly registration: DmvRegistrationFlow,
    private readonly verificationMail: DmvVerificationMail,
    private readonly lookups: DmvCertificateLookup,
    private readonly lookupClient: DmvCertificateLookupClient,
    private readonly pages: DmvCertificatePages,
    private readonly contact: DmvContactVerification,
    private readonly admin: DmvAdmin,
  ) {}

  /**
   * Pre-registers a name and sends its one verification email (unless a daily mail cap is reached:
   * then the result says so in email_note). Same key and IP within 24 h: the stored result again.
   * @throws invalid_agent_name, validation_failed, invalid_idempotency_key (400),
   *   idempotency_key_reused, registration_withdrawn (409), rate_limited (429, details.budget
   *   register or email_daily_cap)
   */
  register(ctx: RegisterContext, input: RegisterAgentInput): Promise<RegisterOutcome> {
    return this.registration.register(ctx, input);
  }

  /**
   * A new verification email for an unverified contact (the link expired or the mail was lost).
   * @throws invalid_certificate_id (400), rate_limited (429, details.budget register)
   */
  resendVerification(ip: string, input: ResendVerificationInput): Promise<ResendVerificationResult> {
    return this.verificationMail.resend(ip, input);
  }

  /** GET /dmv/api/lookup: issued, not_found (also for withdrawn certificates) or invalid_format. */
  lookup(certificateId: string): Promise<LookupResult> {
    return this.lookups.lookup(certificateId);
  }

  /** verify_certificate: the format here, issuance from the lookup API; failures are `unavailable`. */
  verifyCertificate(certificateId: string): Promise<VerifyResult> {
    return this.lookupClient.verify(certificateId);
  }

  /** GET /dmv/certificates?certificate_id=…: a redirect to the certificate page, or "not found". */
  findCertificate(certificateId: string | undefined): CertificatePageResult {
    return this.pages.find(certificateId);
  }

  /** GET /dmv/certificates/:id: the certificate, a 301 to the canonical form, or "not found". */
  certificate(certificateId: string): Promise<CertificatePageResult> {
    return this.pages.certificate(certificateId);
  }

  /**
   * GET /dmv/certificates/:id/badge.svg: what the badge shows, or a 301 to the canonical form.
   * @throws not_found (unknown, withdrawn or malformed IDs)
   */
  badge(certificateId: string): Promise<BadgeResult> {
    return this.pages.badge(certificateId);
  }

  /** GET /dmv/verify?token=…: the confirmation form (consumes nothing), or why the link cannot be used. */
  confirmContact(token: string | undefined): Promise<ContactVerificationView> {
    return this.contact.confirm(token);
  }

  /** POST /dmv/verify: consumes the one-time token and marks the contact verified. */
  verifyContact(token: string | undefined): Promise<ContactVerificationView> {
    return this.contact.verify(token);
  }

  /** Registrations, newest first, filtered by part of the name, the whole address, source or time. */
  listRegistrations(query: AdminRegistrationQuery): Promise<AdminRegistrationList> {
    return this.admin.list(query);
  }

  /** Withdraws an abusive registration. @throws not_found, already_withdrawn (409) */
  withdraw(operator: OperatorPrincipal, certificateId: string, reason: string): Promise<AdminRegistrationView> {
    return this.admin.withdraw(operator, certificateId, reason);
  }

  reservedNames(): Promise<ReservedNamesView> {
    return this.admin.reservedNames();
  }

  /** Adds one reserved name (no-op when present). @throws invalid_agent_name */
  addReservedName(operator: OperatorPrincipal, name: string): Promise<ReservedNamesView> {
    return this.admin.addReservedName(operator, name);
  }

  /** Removes one reserved name. @throws not_found */
  removeReservedName(operator: OperatorPrincipal, name: string): Promise<ReservedNamesView> {
    return this.admin.removeReservedName(operator, name);
  }

  /** Replaces the whole reserved list. @throws invalid_agent_name */
  replaceReservedNames(operator: OperatorPrincipal, names: string[]): Promise<ReservedNamesView> {
    return this.admin.replaceReservedNames(operator, names);
  }
}
