import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource, IsNull, MoreThan, Repository, type EntityManager } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { generateToken, hashToken } from '../../common/auth/token.js';
import { MailService } from '../../common/mail/mail.service.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { clientKey } from '../../common/http/client-ip.js';
import { isEmailAddress } from '../../common/validation/email-address.js';
import { AppConfig } from '../../config/app-config.js';
import { OwnerEntity } from '../entities/owner.entity.js';
import { SessionEntity } from '../entities/session.entity.js';
import { SigninChallengeEntity } from '../entities/signin-challenge.entity.js';
import { routesToAgentMailbox } from '../domain/owner-address.js';
import { oauthErrors } from '../oauth.errors.js';
import {
  COUNT_SIGNIN_ATTEMPT_SQL,
  END_OWNER_SESSIONS_SQL,
  UPSERT_OWNER_SQL,
  USE_CHALLENGE_SQL,
  type SigninAttemptRow,
} from '../queries/owner.queries.js';
import { BrokerAudit } from './broker-audit.js';

export const SIGNIN_TTL_MS = 15 * 60 * 1000;
export const SIGNIN_MAX_ATTEMPTS = 5;
/** How long after a code is sent a new one may be asked for. */
export const SIGNIN_RESEND_AFTER_MS = 60 * 1000;
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

/** A pending sign-in as its code page shows it (read with the browser's handle; changes nothing). */
export interface PendingSignin {
  email: string;
  returnTo: string;
  attemptsLeft: number;
  /** Five wrong codes: the code field is closed; a new code is the way on. */
  lockedOut: boolean;
  /** Past its 15 minutes, or already used. */
  ended: boolean;
  /** When a new code may be sent (ISO). */
  resendAt: string;
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
export class OwnerAuth {
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

  /**
   * @throws validation_failed (bad address, or one that routes to an agent mailbox), rate_limited
   * (per IP by its /64 client key, per address), mail_relay_failed
   */
  async start(emailInput: unknown, returnToInput: unknown, ip: string): Promise<SigninStarted> {
    const email = normaliseEmail(emailInput);
    if (!email) throw oauthErrors.invalidEmail();
    if (routesToAgentMailbox(email, this.config.mailDomain)) throw oauthErrors.agentMailboxOwner(this.config.mailDomain);
    for (const [policy, key] of [
      ['signin_ip', clientKey(ip)],
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
      // Never the code in the subject: lock screens and notification previews show subjects.
      subject: 'Your Agentry sign-in code',
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
    const row = handle ? await this.challenges.findOne({ where: { challengeHash: hashToken(handle), purpose: 'signin' } }) : null;
    const refuse = (message: string) => oauthErrors.invalid(message);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) {
      throw refuse('This sign-in has expired or was already used. Start again.');
    }
    const tooMany = 'Too many wrong codes: this code no longer works. Ask for a new code below.';
    if (row.attempts >= SIGNIN_MAX_ATTEMPTS) throw refuse(tooMany);
    const attempts = (await this.dataSource.query(COUNT_SIGNIN_ATTEMPT_SQL, [row.id, SIGNIN_MAX_ATTEMPTS])) as [SigninAttemptRow[], number];
    if (attempts[1] === 0) throw refuse(tooMany);
    const expected = Buffer.from(row.codeHash);
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(Buffer.from(hashToken(`${handle}:${code}`)), expected)) {
      const left = SIGNIN_MAX_ATTEMPTS - attempts[0][0].attempts;
      throw refuse(
        left > 0
          ? `That code is not right. ${left === 1 ? '1 attempt' : `${left} attempts`} left. Check the latest message and try again.`
          : tooMany,
      );
    }
    return this.complete(row);
  }

  /** The code page's view of the browser's pending sign-in (GET: reads, changes nothing). */
  async pending(handleInput: unknown): Promise<PendingSignin | undefined> {
    if (typeof handleInput !== 'string' || !handleInput || handleInput.length > 200) return undefined;
    const row = await this.challenges.findOne({ where: { challengeHash: hashToken(handleInput), purpose: 'signin' } });
    if (!row) return undefined;
    return {
      email: row.email,
      returnTo: row.returnTo,
      attemptsLeft: Math.max(0, SIGNIN_MAX_ATTEMPTS - row.attempts),
      lockedOut: row.attempts >= SIGNIN_MAX_ATTEMPTS,
      ended: !!row.usedAt || row.expiresAt.getTime() <= Date.now(),
      resendAt: new Date(row.createdAt.getTime() + SIGNIN_RESEND_AFTER_MS).toISOString(),
    };
  }

  /**
   * "Send a new code": ends the browser's pending sign-in and mails a new one to the same address
   * for the same return target, once a minute has passed since the last one.
   * @throws validation_failed (no pending sign-in, too early), rate_limited, mail_relay_failed
   */
  async resend(handleInput: unknown, ip: string): Promise<SigninStarted> {
    const handle = typeof handleInput === 'string' && handleInput.length <= 200 ? handleInput : '';
    const row = handle ? await this.challenges.findOne({ where: { challengeHash: hashToken(handle), purpose: 'signin' } }) : null;
    if (!row || row.usedAt) throw oauthErrors.invalid('There is no sign-in to send a new code for. Start again.');
    const wait = row.createdAt.getTime() + SIGNIN_RESEND_AFTER_MS - Date.now();
    if (wait > 0) throw oauthErrors.resendTooEarly(wait / 1000);
    const [, ended] = (await this.dataSource.query(USE_CHALLENGE_SQL, [row.id, new Date()])) as [unknown[], number];
    if (!ended) throw oauthErrors.invalid('There is no sign-in to send a new code for. Start again.');
    return this.start(row.email, row.returnTo, ip);
  }

  /**
   * The link's confirmation page reads the sign-in without using it (GET changes nothing). A dead
   * link still tells where it was going, so "sign in again" keeps the app's pending request.
   */
  async peekLink(linkInput: unknown): Promise<{ email: string; returnTo: string; live: boolean } | undefined> {
    if (typeof linkInput !== 'string' || linkInput.length > 200) return undefined;
    const row = await this.challenges.findOne({ where: { linkHash: hashToken(linkInput), purpose: 'signin' } });
    if (!row) return undefined;
    return { email: row.email, returnTo: row.returnTo, live: !row.usedAt && row.expiresAt.getTime() > Date.now() };
  }

  /** The button on the link's page (POST). */
  async confirmLink(linkInput: unknown): Promise<SignedIn> {
    const row =
      typeof linkInput === 'string' && linkInput.length <= 200
        ? await this.challenges.findOne({ where: { linkHash: hashToken(linkInput), purpose: 'signin' } })
        : null;
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) {
      throw oauthErrors.invalid('This sign-in link has expired or was already used. Start again.');
    }
    return this.complete(row);
  }

  private async complete(row: SigninChallengeEntity): Promise<SignedIn> {
    return this.dataSource.transaction(async (tx) => {
      const [, used] = (await tx.query(USE_CHALLENGE_SQL, [row.id, new Date()])) as [unknown[], number];
      if (!used) throw oauthErrors.invalid('This sign-in was already used. Start again.');
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

  /** Deletes the owner's row (the last step of deleting an account; sessions and grants end first). */
  async deleteOwner(owner: OwnerPrincipal): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(END_OWNER_SESSIONS_SQL, [owner.ownerId, new Date()]);
      await tx.getRepository(OwnerEntity).delete({ id: owner.ownerId });
      await this.audit.record(`owner:${owner.ownerId}`, 'owner.deleted', 'owner', owner.ownerId, owner.ownerId, {}, tx);
    });
  }

  /** The signed-in owner's account row (its status may have changed since sign-in). */
  async owner(owner: OwnerPrincipal): Promise<OwnerEntity | null> {
    return this.owners.findOne({ where: { id: owner.ownerId } });
  }
}
