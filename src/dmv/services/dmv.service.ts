import { clientKey } from '../../common/http/client-ip.js';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, IsNull, Repository, type EntityManager } from 'typeorm';
import { hashToken } from '../../common/auth/token.js';
import { AppError } from '../../common/errors/app-error.js';
import type { MailResult } from '../../common/mail/mail.service.js';
import { RateLimitService, type RateLimitOutcome } from '../../common/rate-limit/rate-limit.service.js';
import { AppConfig } from '../../config/app-config.js';
import { normalizeAgentName } from '../domain/agent-name.js';
import { generateCertificateId, parseCertificateId } from '../domain/certificate-id.js';
import {
  NON_BINDING_MESSAGE,
  renderBadgeSvg,
  renderCertificatePage,
  renderDmvHomePage,
  renderNotFoundPage,
  renderVerifyConfirmPage,
  renderVerifyResultPage,
  type VerifyResultKind,
} from '../domain/certificate-view.js';
import { DmvIdempotencyEntity } from '../entities/dmv-idempotency.entity.js';
import { DmvRegistrationEntity, type DmvRegistrationSource } from '../entities/dmv-registration.entity.js';
import { DmvReservedNameEntity } from '../entities/dmv-reserved-name.entity.js';
import { DmvVerificationTokenEntity } from '../entities/dmv-verification-token.entity.js';
import { DmvVerificationMail, type ResendVerificationResult } from './dmv-verification-mail.js';
import type {
  AdminRegistrationList,
  AdminRegistrationQuery,
  AdminRegistrationView,
  LookupResult,
  PageResponse,
  RegisterAgentInput,
  RegisterContext,
  RegisterOutcome,
  RegistrationResult,
  ReservedNamesView,
  VerifyResult,
} from './dmv.views.js';

/** How long an Idempotency-Key result is replayed. */
const IDEMPOTENCY_WINDOW_HOURS = 24;
/** How long verify_certificate waits for the lookup API. */
const LOOKUP_TIMEOUT_MS = 3000;
const EMAIL_CAP_WINDOW_MS = 24 * 3600 * 1000;

const NO_RESERVED: ReadonlySet<string> = new Set();
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const VERIFICATION_TOKEN = /^dmvv_[A-Za-z0-9_-]{43}$/;
// Deliberately stricter than RFC 5321: a dot-atom local part and a DNS host name with a letter TLD.
const EMAIL =
  /^(?=.{3,254}$)(?=[^@]{1,64}@)[A-Za-z0-9!#$%&*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const SOURCES: readonly DmvRegistrationSource[] = ['mcp', 'chatgpt', 'rest'];

interface CleanInput {
  label: string;
  domain: string;
  email: string;
  operatorName: string;
  description: string | null;
}

/** A salted hash of the caller IP: enough to group abuse, not to recover the address. */
function hashIp(ip: string): string {
  return createHash('sha256').update(`agentry-dmv-ip-v1:${ip}`, 'utf8').digest('hex');
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/**
 * The DMV: .agent name pre-registrations, certificates, the public lookup, certificate pages and
 * badges, contact verification and the operators' registry tools.
 */
@Injectable()
export class DmvService {
  private readonly logger = new Logger('Dmv');

  constructor(
    private readonly config: AppConfig,
    private readonly rateLimits: RateLimitService,
    private readonly verificationMail: DmvVerificationMail,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(DmvRegistrationEntity) private readonly registrations: Repository<DmvRegistrationEntity>,
    @InjectRepository(DmvVerificationTokenEntity) private readonly tokens: Repository<DmvVerificationTokenEntity>,
    @InjectRepository(DmvIdempotencyEntity) private readonly idempotency: Repository<DmvIdempotencyEntity>,
    @InjectRepository(DmvReservedNameEntity) private readonly reserved: Repository<DmvReservedNameEntity>,
  ) {}

  // -------------------------------------------------------------------------------------------------------------
  // Registration
  // -------------------------------------------------------------------------------------------------------------

  /**
   * Pre-registers a name. Order: validate → Idempotency-Key (same key and IP within 24 h: replay, or
   * refuse other arguments) → the register budget → an existing name+email registration
   * (already_recorded) → the per-email daily cap → insert → exactly one verification email.
   * @throws invalid_agent_name, invalid_email, validation_failed, invalid_idempotency_key (400),
   *   idempotency_key_reused (409), registration_withdrawn (409), rate_limited (429, details.budget)
   */
  async register(input: RegisterAgentInput, ctx: RegisterContext): Promise<RegisterOutcome> {
    const clean = await this.validate(input);
    const key = ctx.idempotencyKey;
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new AppError(
        'invalid_idempotency_key',
        'Idempotency-Key must be 1-255 visible ASCII characters (a random UUID is a good choice).',
        { status: 400 },
      );
    }
    const ipHash = hashIp(ctx.ip);
    const requestHash = hashToken(JSON.stringify([clean.label, clean.email, clean.operatorName, clean.description]));

    if (key !== undefined) {
      const stored = await this.findIdempotent(key, ipHash);
      if (stored) {
        if (stored.requestHash !== requestHash) {
          throw new AppError(
            'idempotency_key_reused',
            'This Idempotency-Key was already used with different arguments in the last 24 hours; use a new key for a new registration.',
            { status: 409 },
          );
        }
        // A replay consumes nothing: peek at the budget only to report it.
        const peek = await this.rateLimits.consume('register', clientKey(ctx.ip), 0);
        return {
          result: stored.result as unknown as RegistrationResult,
          created: false,
          replayed: true,
          headers: { ...this.budgetHeaders(peek), 'Idempotency-Replayed': 'true' },
        };
      }
    }

    const budget = await this.rateLimits.consume('register', clientKey(ctx.ip));
    const headers = this.budgetHeaders(budget);
    if (!budget.allowed) {
      const retry = Math.max(1, budget.retryAfterSeconds || budget.policy.windowSeconds);
      throw new AppError(
        'rate_limited',
        `Registration budget exhausted: at most ${budget.policy.limit} registration requests per ${budget.policy.windowSeconds} s per IP; retry after ${retry} s.`,
        {
          status: 429,
          retryable: true,
          headers: { ...headers, 'Retry-After': String(retry) },
          details: { budget: 'register', retry_after_seconds: retry },
        },
      );
    }

    const { registration, created, mail } = await this.insert(clean, ctx.source, ipHash, headers);
    let result: RegistrationResult;
    if (created) {
      // The message was queued in the registration's transaction; this is its immediate attempt.
      const mailed = await this.verificationMail.deliver(mail!);
      result = this.toResult(registration, mailed);
    } else {
      result = {
        ...this.toResult(registration, {
          sent: false,
          note: 'No email was sent: this name was already registered with this address, so the existing certificate is returned.',
        }),
        already_recorded: true,
      };
    }
    if (key !== undefined) await this.storeIdempotent(key, ipHash, requestHash, result);
    return { result, created, replayed: false, headers };
  }

  private async validate(input: RegisterAgentInput): Promise<CleanInput> {
    const name = normalizeAgentName(typeof input.agent_name === 'string' ? input.agent_name : '', NO_RESERVED);
    if (!name.ok) throw new AppError('invalid_agent_name', `Invalid agent_name: ${name.reason}.`, { status: 400 });
    if (await this.reserved.exists({ where: { name: name.label } })) {
      throw new AppError('invalid_agent_name', `Invalid agent_name: name '${name.label}' is reserved.`, { status: 400 });
    }
    const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
    if (!EMAIL.test(email)) {
      throw new AppError('invalid_email', 'Invalid email: give one plain address such as ops@example.com.', {
        status: 400,
      });
    }
    const operatorName = typeof input.operator_name === 'string' ? input.operator_name.trim() : '';
    if (operatorName.length < 1 || operatorName.length > 100 || CONTROL.test(operatorName)) {
      throw new AppError('validation_failed', 'operator_name must be 1-100 characters without control characters.', {
        status: 400,
      });
    }
    let description: string | null = null;
    if (input.description !== undefined && input.description !== null) {
      if (typeof input.description !== 'string' || input.description.trim().length > 500) {
        throw new AppError('validation_failed', 'description must be a string of at most 500 characters.', {
          status: 400,
        });
      }
      description = input.description.trim() || null;
    }
    return { label: name.label, domain: name.domain, email, operatorName, description };
  }

  private budgetHeaders(outcome: RateLimitOutcome): Record<string, string> {
    const headers = this.rateLimits.headers(outcome);
    delete headers['Retry-After'];
    return headers;
  }

  private async findIdempotent(key: string, ipHash: string): Promise<DmvIdempotencyEntity | null> {
    return this.idempotency
      .createQueryBuilder('i')
      .where('i.idempotencyKey = :key AND i.callerIpHash = :ipHash', { key, ipHash })
      .andWhere(`i.createdAt > now() - interval '${IDEMPOTENCY_WINDOW_HOURS} hours'`)
      .getOne();
  }

  private async storeIdempotent(key: string, ipHash: string, requestHash: string, result: RegistrationResult) {
    try {
      await this.idempotency
        .createQueryBuilder()
        .delete()
        .where(`created_at <= now() - interval '${IDEMPOTENCY_WINDOW_HOURS} hours'`)
        .execute();
      await this.idempotency
        .createQueryBuilder()
        .insert()
        .values({ idempotencyKey: key, callerIpHash: ipHash, requestHash, result: result as never })
        .orIgnore()
        .execute();
    } catch (error) {
      // The registration stands; only a later replay would miss it.
      this.logger.warn(`Could not store an idempotency record: ${(error as Error).message}`);
    }
  }

  /** Inserts the registration and its verification token, or finds the existing name+email one. */
  private async insert(
    clean: CleanInput,
    source: DmvRegistrationSource,
    ipHash: string,
    headers: Record<string, string>,
  ): Promise<{ registration: DmvRegistrationEntity; created: boolean; mail?: MailResult }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.dataSource.transaction(async (tx) => {
          // Serialize registrations per address so the daily cap and the name+email check hold under races.
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`dmv-email:${clean.email}`]);
          const repo = tx.getRepository(DmvRegistrationEntity);
          const existing = await repo.findOne({ where: { agentName: clean.label, contactEmail: clean.email } });
          if (existing) {
            if (existing.withdrawnAt) {
              throw new AppError(
                'registration_withdrawn',
                'This name was registered with this address and then withdrawn by an operator; it cannot be recorded again.',
                { status: 409 },
              );
            }
            return { registration: existing, created: false };
          }
          await this.checkEmailCap(tx, clean.email, headers);
          const registration = await repo.save(
            repo.create({
              certificateId: generateCertificateId(),
              agentName: clean.label,
              domain: clean.domain,
              registrationType: 'pre_registration',
              operatorName: clean.operatorName,
              contactEmail: clean.email,
              description: clean.description,
              source,
              callerIpHash: ipHash,
            }),
          );
          // The verification token and its message commit with the registration, or not at all.
          const mail = await this.verificationMail.queue(tx, registration);
          return { registration, created: true, mail };
        });
      } catch (error) {
        const constraint = (error as { constraint?: string; driverError?: { constraint?: string } }).driverError
          ?.constraint;
        // A 60-bit collision is astronomically rare, but retry rather than fail.
        if (constraint === 'dmv_registration_certificate_id_key' && attempt < 3) continue;
        throw error;
      }
    }
  }

  private async checkEmailCap(tx: EntityManager, email: string, headers: Record<string, string>): Promise<void> {
    const cap = this.config.dmvDailyCapPerEmail;
    const rows = (await tx.query(
      `SELECT count(*)::int AS n, min(created_at) AS oldest FROM dmv_registration
        WHERE contact_email = $1 AND created_at > now() - interval '24 hours'`,
      [email],
    )) as { n: number; oldest: Date | null }[];
    const { n, oldest } = rows[0];
    if (n < cap) return;
    const retry = oldest
      ? Math.max(1, Math.ceil((new Date(oldest).getTime() + EMAIL_CAP_WINDOW_MS - Date.now()) / 1000))
      : 24 * 3600;
    throw new AppError(
      'rate_limited',
      `This email address reached its cap of ${cap} new registrations per 24 hours; retry after ${retry} s.`,
      {
        status: 429,
        retryable: true,
        headers: { ...headers, 'Retry-After': String(retry) },
        details: { budget: 'email_daily_cap', retry_after_seconds: retry },
      },
    );
  }

  /**
   * A new verification email for an unverified contact (the link expired or the mail was lost).
   * @throws invalid_certificate_id, validation_failed (400), rate_limited (429)
   */
  resendVerification(input: { certificate_id: string; email: string }, ip: string): Promise<ResendVerificationResult> {
    return this.verificationMail.resend(input, ip);
  }

  private certificateUrl(certificateId: string): string {
    return `${this.config.publicBaseUrl}/dmv/certificates/${certificateId}`;
  }

  private toResult(r: DmvRegistrationEntity, mailed: { sent: boolean; note?: string }): RegistrationResult {
    const certificateUrl = this.certificateUrl(r.certificateId);
    const result: RegistrationResult = {
      certificate_id: r.certificateId,
      agent_name: r.agentName,
      domain: r.domain,
      registration_type: 'pre_registration',
      certificate_url: certificateUrl,
      badge_url: `${certificateUrl}/badge.svg`,
      message: NON_BINDING_MESSAGE,
      email_sent: mailed.sent,
    };
    if (mailed.note) result.email_note = mailed.note;
    return result;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Lookup and verification
  // -------------------------------------------------------------------------------------------------------------

  private async findIssued(canonical: string): Promise<DmvRegistrationEntity | null> {
    return this.registrations.findOne({ where: { certificateId: canonical, withdrawnAt: IsNull() } });
  }

  /** The lookup's answer from this process, or undefined when it failed (database down, …). */
  private async lookupInProcess(canonical: string): Promise<unknown> {
    try {
      return await this.lookup(canonical);
    } catch (error) {
      this.logger.warn(`DMV lookup failed (${(error as Error).name}); reporting unavailable`);
      return undefined;
    }
  }

  /** The answer of an external lookup API, or undefined when there is no well-formed 200 answer in time. */
  private async fetchLookup(lookupUrl: string, canonical: string): Promise<unknown> {
    try {
      const url = new URL(lookupUrl);
      url.searchParams.set('certificate_id', canonical);
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
      if (res.status !== 200) {
        this.logger.warn(`DMV lookup answered HTTP ${res.status}; reporting unavailable`);
        await res.body?.cancel().catch(() => undefined);
        return undefined;
      }
      return (await res.json()) as unknown;
    } catch (error) {
      this.logger.warn(`DMV lookup failed (${(error as Error).name}); reporting unavailable`);
      return undefined;
    }
  }

  /** The public lookup: issued, not_found (also for withdrawn certificates) or invalid_format. */
  async lookup(certificateId: string): Promise<LookupResult> {
    const parsed = parseCertificateId(certificateId);
    const none = { agent_name: null, domain: null, issued_at: null, certificate_url: null };
    if (!parsed.ok) return { certificate_id: certificateId, status: 'invalid_format', ...none };
    const row = await this.findIssued(parsed.canonical);
    if (!row) return { certificate_id: parsed.canonical, status: 'not_found', ...none };
    return {
      certificate_id: row.certificateId,
      status: 'issued',
      agent_name: row.agentName,
      domain: row.domain,
      issued_at: row.createdAt.toISOString(),
      certificate_url: this.certificateUrl(row.certificateId),
    };
  }

  /**
   * verify_certificate: the format is checked here; issuance is asked of the lookup — in process (the same
   * code as GET /dmv/api/lookup, without an HTTP round trip through our own rate limit) unless DMV_LOOKUP_URL
   * names an external lookup API. Any failure to get a well-formed answer is `unavailable`, never not_found.
   */
  async verifyCertificate(certificateId: string): Promise<VerifyResult> {
    const parsed = parseCertificateId(certificateId);
    if (!parsed.ok) {
      return {
        certificate_id: certificateId,
        status: 'invalid_format',
        valid_format: false,
        issued: false,
        agent_name: null,
        certificate_url: null,
      };
    }
    const canonical = parsed.canonical;
    const unavailable: VerifyResult = {
      certificate_id: canonical,
      status: 'unavailable',
      valid_format: true,
      issued: false,
      agent_name: null,
      certificate_url: null,
    };
    const lookupUrl = this.config.dmvLookupUrl;
    const body = lookupUrl === undefined ? await this.lookupInProcess(canonical) : await this.fetchLookup(lookupUrl, canonical);
    if (body === undefined) return unavailable;
    const answer = body as Partial<Record<string, unknown>> | null;
    if (!answer || typeof answer !== 'object' || answer.certificate_id !== canonical) return unavailable;
    if (answer.status === 'not_found') {
      return { ...unavailable, status: 'not_found' };
    }
    if (
      answer.status === 'issued' &&
      typeof answer.agent_name === 'string' &&
      answer.agent_name !== '' &&
      typeof answer.certificate_url === 'string' &&
      /^https?:\/\//.test(answer.certificate_url)
    ) {
      return {
        certificate_id: canonical,
        status: 'issued',
        valid_format: true,
        issued: true,
        agent_name: answer.agent_name,
        certificate_url: answer.certificate_url,
      };
    }
    return unavailable;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Pages
  // -------------------------------------------------------------------------------------------------------------

  private html(status: number, body: string, headers: Record<string, string> = {}): PageResponse {
    return { status, contentType: 'text/html; charset=utf-8', body, headers };
  }

  private redirect(location: string, status = 301): PageResponse {
    return this.html(status, `<!DOCTYPE html><title>Moved</title><a href="${location}">${location}</a>\n`, {
      Location: location,
    });
  }

  /** GET /dmv: what the DMV is, with a form to look a certificate up. */
  home(): PageResponse {
    return this.html(200, renderDmvHomePage());
  }

  /** GET /dmv/certificates?certificate_id=…: the form target; redirects to the certificate page. */
  findCertificatePage(certificateId: string | undefined): PageResponse {
    const parsed = parseCertificateId(certificateId ?? '');
    if (!parsed.ok) return this.html(404, renderNotFoundPage((certificateId ?? '').slice(0, 100)));
    return this.redirect(`/dmv/certificates/${parsed.canonical}`, 302);
  }

  /** GET /dmv/certificates/:id: the page, a 301 to the canonical form, or a 404 page. */
  async certificatePage(certificateId: string): Promise<PageResponse> {
    const parsed = parseCertificateId(certificateId);
    if (!parsed.ok) return this.html(404, renderNotFoundPage(certificateId.slice(0, 100)));
    if (parsed.canonical !== certificateId) return this.redirect(`/dmv/certificates/${parsed.canonical}`);
    const row = await this.findIssued(parsed.canonical);
    if (!row) return this.html(404, renderNotFoundPage(parsed.canonical));
    return this.html(
      200,
      renderCertificatePage({
        certificateId: row.certificateId,
        agentName: row.agentName,
        domain: row.domain,
        issuedAt: row.createdAt,
        contactVerified: row.contactVerifiedAt !== null,
        badgeUrl: `/dmv/certificates/${row.certificateId}/badge.svg`,
        nonBindingMessage: NON_BINDING_MESSAGE,
      }),
      { 'Cache-Control': 'no-cache' },
    );
  }

  /**
   * GET /dmv/certificates/:id/badge.svg: cacheable SVG with an ETag (304 when it matches).
   * @throws not_found (unknown, withdrawn or malformed IDs)
   */
  async badge(certificateId: string, ifNoneMatch?: string): Promise<PageResponse> {
    const parsed = parseCertificateId(certificateId);
    if (!parsed.ok) throw new AppError('not_found', 'No DMV certificate has this ID.', { status: 404 });
    if (parsed.canonical !== certificateId) return this.redirect(`/dmv/certificates/${parsed.canonical}/badge.svg`);
    const row = await this.findIssued(parsed.canonical);
    if (!row) throw new AppError('not_found', 'No DMV certificate has this ID.', { status: 404 });
    const svg = renderBadgeSvg({
      certificateId: row.certificateId,
      domain: row.domain,
      status: row.contactVerifiedAt ? 'verified' : 'issued',
    });
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
    const headers = { 'Cache-Control': 'public, max-age=300', ETag: etag };
    const matches = (ifNoneMatch ?? '')
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === etag || t === '*');
    if (matches) return { status: 304, contentType: 'image/svg+xml; charset=utf-8', body: '', headers };
    return { status: 200, contentType: 'image/svg+xml; charset=utf-8', body: svg, headers };
  }

  /**
   * GET /dmv/verify?token=…: a confirmation page whose button POSTs the token; consumes nothing (link
   * scanners open links). Invalid, used and expired links get their result pages.
   */
  async confirmContactPage(token: string | undefined): Promise<PageResponse> {
    const checked = await this.usableToken(token);
    if ('page' in checked) return checked.page;
    return this.html(200, renderVerifyConfirmPage(token!, checked.registration.domain), {
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    });
  }

  private async usableToken(
    token: string | undefined,
  ): Promise<{ page: PageResponse } | { row: DmvVerificationTokenEntity; registration: DmvRegistrationEntity }> {
    const page = (kind: VerifyResultKind, status: number, domain?: string) => ({
      page: this.html(status, renderVerifyResultPage(kind, domain), { 'Cache-Control': 'no-store' }),
    });
    if (!token || !VERIFICATION_TOKEN.test(token)) return page('invalid', 404);
    const row = await this.tokens.findOne({ where: { tokenHash: hashToken(token) }, relations: { registration: true } });
    const registration = row?.registration;
    if (!row || !registration || registration.withdrawnAt) return page('invalid', 404);
    if (row.usedAt) return page('already_used', 200, registration.domain);
    if (row.expiresAt.getTime() <= Date.now()) return page('expired', 410, registration.domain);
    return { row, registration };
  }

  /** POST /dmv/verify (the confirmation page's button): consumes the one-time token, marks the contact verified. */
  async verifyContact(token: string | undefined): Promise<PageResponse> {
    const page = (kind: VerifyResultKind, status: number, domain?: string) =>
      this.html(status, renderVerifyResultPage(kind, domain), { 'Cache-Control': 'no-store' });
    const checked = await this.usableToken(token);
    if ('page' in checked) return checked.page;
    const { row, registration } = checked;
    const consumed = await this.dataSource.transaction(async (tx) => {
      const used = (await tx.query(
        `UPDATE dmv_verification_token SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id`,
        [row.id],
      )) as [unknown[], number];
      if (used[1] !== 1) return false;
      await tx.query(
        `UPDATE dmv_registration SET contact_verified_at = now() WHERE id = $1 AND contact_verified_at IS NULL`,
        [registration.id],
      );
      return true;
    });
    if (!consumed) return page('already_used', 200, registration.domain);
    return page('verified', 200, registration.domain);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Operators
  // -------------------------------------------------------------------------------------------------------------

  private toAdminView(r: DmvRegistrationEntity): AdminRegistrationView {
    return {
      certificate_id: r.certificateId,
      agent_name: r.agentName,
      domain: r.domain,
      registration_type: r.registrationType,
      operator_name: r.operatorName,
      contact_email: r.contactEmail,
      description: r.description,
      source: r.source,
      created_at: r.createdAt.toISOString(),
      contact_verified_at: iso(r.contactVerifiedAt),
      withdrawn_at: iso(r.withdrawnAt),
      withdrawn_reason: r.withdrawnReason,
      withdrawn_by: r.withdrawnBy,
      certificate_url: this.certificateUrl(r.certificateId),
    };
  }

  /**
   * Lists registrations, newest first. `name` matches part of the normalized name, `email` the whole
   * address (case-insensitive), `since` the creation time.
   * @throws validation_failed (bad since or source)
   */
  async listRegistrations(query: AdminRegistrationQuery): Promise<AdminRegistrationList> {
    const limit = Math.min(Math.max(query.limit ?? 50, 1), 100);
    const offset = Math.max(query.offset ?? 0, 0);
    const qb = this.registrations.createQueryBuilder('r');
    if (query.name) {
      const needle = query.name.trim().toLowerCase().replace(/[\s_]+/g, '-').replace(/[\\%_]/g, (c) => `\\${c}`);
      qb.andWhere(`r.agentName LIKE :name ESCAPE '\\'`, { name: `%${needle}%` });
    }
    if (query.email) qb.andWhere('r.contactEmail = :email', { email: query.email.trim().toLowerCase() });
    if (query.source) {
      if (!SOURCES.includes(query.source)) {
        throw new AppError('validation_failed', `source must be one of ${SOURCES.join(', ')}.`);
      }
      qb.andWhere('r.source = :source', { source: query.source });
    }
    if (query.since) {
      const since = new Date(query.since);
      if (Number.isNaN(since.getTime())) throw new AppError('validation_failed', 'since must be an ISO 8601 date or time.');
      qb.andWhere('r.createdAt >= :since', { since });
    }
    qb.orderBy('r.createdAt', 'DESC').addOrderBy('r.id', 'DESC').take(limit).skip(offset);
    const [rows, total] = await qb.getManyAndCount();
    return { registrations: rows.map((r) => this.toAdminView(r)), total, limit, offset };
  }

  /**
   * Withdraws an abusive registration: kept with the reason, publicly not_found from then on.
   * @throws not_found, already_withdrawn (409)
   */
  async withdraw(certificateId: string, reason: string, operatorName: string): Promise<AdminRegistrationView> {
    const parsed = parseCertificateId(certificateId);
    const row = parsed.ok ? await this.registrations.findOne({ where: { certificateId: parsed.canonical } }) : null;
    if (!row) throw new AppError('not_found', `No registration with certificate ID ${certificateId}.`, { status: 404 });
    if (row.withdrawnAt) {
      throw new AppError('already_withdrawn', 'This registration was already withdrawn.', { status: 409 });
    }
    const cleanReason = reason.trim().slice(0, 500);
    if (!cleanReason) throw new AppError('validation_failed', 'reason must not be empty.');
    row.withdrawnAt = new Date();
    row.withdrawnReason = cleanReason;
    row.withdrawnBy = operatorName.slice(0, 100);
    await this.registrations.update(
      { id: row.id, withdrawnAt: IsNull() },
      { withdrawnAt: row.withdrawnAt, withdrawnReason: row.withdrawnReason, withdrawnBy: row.withdrawnBy },
    );
    this.logger.log(`Registration ${row.certificateId} withdrawn by ${row.withdrawnBy}`);
    return this.toAdminView(row);
  }

  private reservedLabel(name: string): string {
    const result = normalizeAgentName(name, NO_RESERVED);
    if (!result.ok) throw new AppError('invalid_agent_name', `Invalid reserved name: ${result.reason}.`, { status: 400 });
    return result.label;
  }

  async reservedNames(): Promise<ReservedNamesView> {
    const rows = await this.reserved.find({ order: { name: 'ASC' } });
    return { names: rows.map((r) => r.name) };
  }

  /** Adds one reserved name (no-op when present). @throws invalid_agent_name */
  async addReservedName(name: string): Promise<ReservedNamesView> {
    const label = this.reservedLabel(name);
    await this.reserved.createQueryBuilder().insert().values({ name: label }).orIgnore().execute();
    return this.reservedNames();
  }

  /** Removes one reserved name. @throws not_found */
  async removeReservedName(name: string): Promise<ReservedNamesView> {
    const label = name.trim().toLowerCase();
    const deleted = await this.reserved.delete({ name: label });
    if (!deleted.affected) throw new AppError('not_found', `'${label}' is not on the reserved list.`, { status: 404 });
    return this.reservedNames();
  }

  /** Replaces the whole reserved list. @throws invalid_agent_name */
  async replaceReservedNames(names: string[]): Promise<ReservedNamesView> {
    const labels = [...new Set(names.map((n) => this.reservedLabel(n)))];
    await this.dataSource.transaction(async (tx) => {
      await tx.query('DELETE FROM dmv_reserved_name');
      if (labels.length) await tx.getRepository(DmvReservedNameEntity).insert(labels.map((name) => ({ name })));
    });
    return this.reservedNames();
  }
}
