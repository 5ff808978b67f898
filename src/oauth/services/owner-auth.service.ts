import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource, IsNull, MoreThan, Repository, type EntityManager } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { generateToken, hashToken } from '../../common/auth/token.js';
import { MailService } from '../../common/mail/mail.service.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { isEmailAddress } from '../../common/validation/email-address.js';
import { AppConfig } from '../../config/app-config.js';
import { OwnerEntity } from '../entities/owner.entity.js';
import { SessionEntity } from '../entities/session.entity.js';
import { SigninChallengeEntity } from '../entities/signin-challenge.entity.js';
import { oauthErrors } from '../oauth.errors.js';
import { COUNT_SIGNIN_ATTEMPT_SQL, UPSERT_OWNER_SQL, type SigninAttemptRow } from '../queries/owner.queries.js';
import { BrokerAudit } from './broker-audit.js';

export const SIGNIN_TTL_MS = 15 * 60 * 1000;
export const SIGNIN_MAX_ATTEMPTS = 5;
/** Sessions end after 24 h without use, and 14 days after sign-in whatever happens. */
export const SESSION_IDLE_MS = 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 14 * 24 * 3600 * 1000;

/** Where a sign-in may send the browser back to: a path on this site, never another origin. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/account';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/account';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/account';
  return value;
}

export function normaliseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return isEmailAddress(email) ? email : undefined;
}

export interface SigninStarted {
  /** Identifies the pending sign-in in the browser (the code form's hidden field). */
  handle: string;
  email: string;
}

export interface SignedIn {
  sessionToken: string;
  returnTo: string;
  owner: OwnerEntity;
}

/**
 * Passwordless sign-in for human owners: one mail holding a link and a six-digit code (15
 * minutes, single use, stored hashed; the link opens a page whose button POSTs, so mail scanners
 * sign nobody in), then an opaque session cookie stored hashed. Answers never reveal whether an
 * address has an account.
 */
@Injectable()
export class OwnerAuthService {
  private readonly logger = new Logger('OwnerAuth');

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly rateLimits: RateLimitService,
    private readonly audit: BrokerAudit,
    @InjectRepository(OwnerEntity) private readonly owners: Repository<OwnerEntity>,
    @InjectRepository(SigninChallengeEntity) private readonly challenges: Repository<SigninChallengeEntity>,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
  ) {}

  /** @throws validation_failed (bad address), rate_limited (per IP, per address), mail_relay_failed */
  async start(emailInput: unknown, returnToInput: unknown, ip: string): Promise<SigninStarted> {
    const email = normaliseEmail(emailInput);
    if (!email) throw oauthErrors.invalidEmail();
    for (const [policy, key] of [
      ['signin_ip', ip],
      ['signin_email', email],
    ] as const) {
      const outcome = await this.rateLimits.consume(policy, key);
      if (!outcome.allowed) throw oauthErrors.signinRateLimited(outcome.retryAfterSeconds || outcome.policy.windowSeconds);
    }
    const handle = generateToken('msh');
    const link = generateToken('msl');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const returnTo = safeReturnTo(returnToInput);
    await this.challenges.insert({
      email,
      challengeHash: hashToken(handle),
      linkHash: hashToken(link),
      codeHash: hashToken(`${handle}:${code}`),
      returnTo,
      expiresAt: new Date(Date.now() + SIGNIN_TTL_MS),
    });
    const url = `${this.config.publicBaseUrl}/signin/confirm?token=${encodeURIComponent(link)}`;
    await this.mail.send({
      to: email,
      subject: `Your Agentry sign-in code: ${code}`,
      text: [
        `Your sign-in code is ${code}`,
        '',
        'Type it on the sign-in page, or open this link and press the button to sign in:',
        url,
        '',
        'The code and the link work once, for 15 minutes. If you did not ask to sign in, ignore this message.',
      ].join('\n'),
      secrets: [code, link],
    });
    return { handle, email };
  }

  /** Verifies the code typed on the page that asked for it. @throws validation_failed (wrong, expired, used, too many tries) */
  async verifyCode(handleInput: unknown, codeInput: unknown): Promise<SignedIn> {
    const handle = typeof handleInput === 'string' ? handleInput : '';
    const code = typeof codeInput === 'string' ? codeInput.replace(/\s+/g, '') : '';
    const row = handle ? await this.challenges.findOne({ where: { challengeHash: hashToken(handle) } }) : null;
    const refuse = (message: string) => oauthErrors.invalid(message);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) {
      throw refuse('This sign-in has expired or was already used. Start again.');
    }
    if (row.attempts >= SIGNIN_MAX_ATTEMPTS) throw refuse('Too many wrong codes. Start again to get a new one.');
    const attempts = (await this.dataSource.query(COUNT_SIGNIN_ATTEMPT_SQL, [row.id, SIGNIN_MAX_ATTEMPTS])) as [SigninAttemptRow[], number];
    if (attempts[1] === 0) throw refuse('Too many wrong codes. Start again to get a new one.');
    const expected = Buffer.from(row.codeHash);
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(Buffer.from(hashToken(`${handle}:${code}`)), expected)) {
      throw refuse('That code is not right. Check the latest message and try again.');
    }
    return this.complete(row);
  }

  /** The link's confirmation page reads the pending sign-in without using it (GET changes nothing). */
  async peekLink(linkInput: unknown): Promise<{ email: string } | undefined> {
    if (typeof linkInput !== 'string' || linkInput.length > 200) return undefined;
    const row = await this.challenges.findOne({ where: { linkHash: hashToken(linkInput) } });
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return undefined;
    return { email: row.email };
  }

  /** The button on the link's page (POST). */
  async confirmLink(linkInput: unknown): Promise<SignedIn> {
    const row =
      typeof linkInput === 'string' && linkInput.length <= 200
        ? await this.challenges.findOne({ where: { linkHash: hashToken(linkInput) } })
        : null;
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) {
      throw oauthErrors.invalid('This sign-in link has expired or was already used. Start again.');
    }
    return this.complete(row);
  }

  private async complete(row: SigninChallengeEntity): Promise<SignedIn> {
    return this.dataSource.transaction(async (tx) => {
      const used = await tx.getRepository(SigninChallengeEntity).update({ id: row.id, usedAt: IsNull() }, { usedAt: new Date() });
      if (!used.affected) throw oauthErrors.invalid('This sign-in was already used. Start again.');
      return this.openSession(tx, row.email, row.returnTo);
    });
  }

  /**
   * The one place a sign-in becomes a session (email code, mailed link, passkey): stamps the
   * owner's sign-in time, stores the new session hashed and records `owner.signed_in` (with
   * `detail`, e.g. the passkey used). Runs in the caller's transaction. (Passkeys, issue 24: extracted from complete().)
   */
  async openSession(tx: EntityManager, email: string, returnTo: string, detail: Record<string, unknown> = {}): Promise<SignedIn> {
    await tx.query(UPSERT_OWNER_SQL, [email]);
    const owner = await tx.getRepository(OwnerEntity).findOneByOrFail({ email });
    const sessionToken = generateToken('mss');
    const now = Date.now();
    const session = await tx.getRepository(SessionEntity).save(
      tx.getRepository(SessionEntity).create({
        tokenHash: hashToken(sessionToken),
        ownerId: owner.id,
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
      }),
    );
    await this.audit.record(`owner:${owner.id}`, 'owner.signed_in', 'session', session.id, owner.id, detail, tx);
    return { sessionToken, returnTo, owner };
  }

  /** The owner behind a session cookie, or undefined (unknown, signed out, idle or past its absolute expiry). */
  async session(cookie: string | undefined): Promise<OwnerPrincipal | undefined> {
    if (!cookie || cookie.length > 200) return undefined;
    const session = await this.sessions.findOne({
      where: { tokenHash: hashToken(cookie), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
    });
    if (!session) return undefined;
    const now = Date.now();
    if (now - session.lastSeenAt.getTime() > SESSION_IDLE_MS) return undefined;
    const owner = await this.owners.findOne({ where: { id: session.ownerId } });
    if (!owner) return undefined;
    if (now - session.lastSeenAt.getTime() > 60_000) {
      await this.sessions.update({ id: session.id }, { lastSeenAt: new Date(now) });
    }
    return { kind: 'owner', ownerId: owner.id, email: owner.email, sessionId: session.id };
  }

  /** Ends the owner's current session. */
  async signOut(owner: OwnerPrincipal): Promise<void> {
    await this.sessions.update({ id: owner.sessionId }, { revokedAt: new Date() });
  }

  /** The signed-in owner's account row (its status may have changed since sign-in). */
  async owner(owner: OwnerPrincipal): Promise<OwnerEntity | null> {
    return this.owners.findOne({ where: { id: owner.ownerId } });
  }
}
