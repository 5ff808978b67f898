import { Injectable } from '@nestjs/common';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { OwnerPrincipal } from '../../common/auth/principals.js';
import { generateToken, hashToken } from '../../common/auth/token.js';
import { clientKey } from '../../common/http/client-ip.js';
import { MailService } from '../../common/mail/mail.service.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import { AppConfig } from '../../config/app-config.js';
import { routesToAgentMailbox } from '../domain/owner-address.js';
import { OwnerEntity } from '../entities/owner.entity.js';
import { SigninChallengeEntity } from '../entities/signin-challenge.entity.js';
import { oauthErrors } from '../oauth.errors.js';
import {
  COUNT_SIGNIN_ATTEMPT_SQL,
  END_PENDING_EMAIL_CHANGES_SQL,
  PENDING_EMAIL_CHANGE_SQL,
  USE_CHALLENGE_SQL,
  type PendingEmailChangeRow,
  type SigninAttemptRow,
} from '../queries/owner.queries.js';
import { BrokerAudit } from './broker-audit.js';
import { normaliseEmail, SIGNIN_MAX_ATTEMPTS, SIGNIN_TTL_MS } from './owner-auth.js';

/**
 * Changing an owner's email address: a six-digit code mailed to the new address (proving it is
 * theirs), typed on the account page of the signed-in owner; then the old address is told. The
 * code is kept hashed in a challenge row whose purpose is "email_change" — sign-in never reads it.
 */
@Injectable()
export class OwnerEmailChange {
  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly rateLimits: RateLimitService,
    private readonly audit: BrokerAudit,
  ) {}

  /** The pending change's new address, if a code was sent in the last 15 minutes and not used. */
  async pending(owner: OwnerPrincipal): Promise<string | undefined> {
    return (await this.latest(owner))?.email;
  }

  private async latest(owner: OwnerPrincipal): Promise<PendingEmailChangeRow | null> {
    const [row] = (await this.dataSource.query(PENDING_EMAIL_CHANGE_SQL, [owner.ownerId, new Date()])) as PendingEmailChangeRow[];
    return row ?? null;
  }

  /** @throws validation_failed (bad, same or agent-mailbox address), rate_limited, mail_relay_failed */
  async start(owner: OwnerPrincipal, input: unknown, ip: string): Promise<void> {
    const email = normaliseEmail(input);
    if (!email) throw oauthErrors.invalidEmail();
    if (routesToAgentMailbox(email, this.config.mailDomain)) throw oauthErrors.agentMailboxOwner(this.config.mailDomain);
    if (email === owner.email.toLowerCase()) throw oauthErrors.invalid('That is already your address.');
    for (const [policy, key] of [
      ['signin_ip', clientKey(ip)],
      ['signin_email', email],
    ] as const) {
      const outcome = await this.rateLimits.consume(policy, key);
      if (!outcome.allowed) throw oauthErrors.signinRateLimited(outcome.retryAfterSeconds || outcome.policy.windowSeconds);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const handle = generateToken('msh');
    await this.dataSource.transaction(async (tx) => {
      const repo = tx.getRepository(SigninChallengeEntity);
      // One pending change at a time: a new request ends the previous one.
      await tx.query(END_PENDING_EMAIL_CHANGES_SQL, [owner.ownerId, new Date()]);
      const row = await repo.save(
        repo.create({
          email,
          purpose: 'email_change',
          ownerId: owner.ownerId,
          // Random and never shown: this row can be found only through the owner's session.
          challengeHash: hashToken(handle),
          linkHash: hashToken(generateToken('msl')),
          codeHash: '0'.repeat(64),
          returnTo: '/account',
          expiresAt: new Date(Date.now() + SIGNIN_TTL_MS),
        }),
      );
      await repo.update({ id: row.id }, { codeHash: hashToken(`${row.id}:${code}`) });
    });
    await this.mail.send({
      to: email,
      subject: 'Confirm your new Agentry email address',
      text: [
        `Your confirmation code is ${code}`,
        '',
        `Type it on your Agentry account page to make this your sign-in address instead of ${owner.email}.`,
        'The code works once, for 15 minutes. If you did not ask for this, ignore this message: nothing changes.',
      ].join('\n'),
      secrets: [code],
    });
  }

  /** @throws validation_failed (no pending change, wrong code, too many tries, address taken) */
  async confirm(owner: OwnerPrincipal, codeInput: unknown): Promise<string> {
    const row = await this.latest(owner);
    if (!row) throw oauthErrors.invalid('There is no address change waiting, or its code expired. Start again.');
    const code = typeof codeInput === 'string' ? codeInput.replace(/\s+/g, '') : '';
    const counted = (await this.dataSource.query(COUNT_SIGNIN_ATTEMPT_SQL, [row.id, SIGNIN_MAX_ATTEMPTS])) as [SigninAttemptRow[], number];
    if (counted[1] === 0) throw oauthErrors.invalid('Too many wrong codes. Ask for a new code.');
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(Buffer.from(hashToken(`${row.id}:${code}`)), Buffer.from(row.code_hash))) {
      const left = SIGNIN_MAX_ATTEMPTS - counted[0][0].attempts;
      throw oauthErrors.invalid(
        left > 0
          ? `That code is not right. ${left === 1 ? '1 attempt' : `${left} attempts`} left.`
          : 'Too many wrong codes. Ask for a new code.',
      );
    }
    const previous = owner.email;
    try {
      await this.dataSource.transaction(async (tx) => {
        const [, used] = (await tx.query(USE_CHALLENGE_SQL, [row.id, new Date()])) as [unknown[], number];
        if (!used) throw oauthErrors.invalid('This code was already used.');
        await tx.getRepository(OwnerEntity).update({ id: owner.ownerId }, { email: row.email });
        await this.audit.record(`owner:${owner.ownerId}`, 'owner.email_changed', 'owner', owner.ownerId, owner.ownerId, {}, tx);
      });
    } catch (error) {
      // Another owner holds the address: said without revealing more than that it cannot be used.
      if (isUniqueViolation(error)) throw oauthErrors.invalid('That address cannot be used for this account.');
      throw error;
    }
    await this.mail.send({
      to: previous,
      subject: 'Your Agentry email address was changed',
      text: [
        `The sign-in address of your Agentry account is now ${row.email}.`,
        '',
        'If you did not make this change, contact the operator of this service at once.',
      ].join('\n'),
    });
    return row.email;
  }
}
