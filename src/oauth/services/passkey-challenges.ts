import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { DataSource, Repository } from 'typeorm';
import { hashToken } from '../../common/auth/token.js';
import { PasskeyChallengeEntity, type PasskeyCeremony } from '../entities/passkey-challenge.entity.js';
import { CONSUME_PASSKEY_CHALLENGE_SQL, type ConsumedChallengeRow } from '../queries/passkey.queries.js';

/** A challenge lives 5 minutes (the browser's own timeout is shorter). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** What the browser is told to wait at most, in ms. */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

/**
 * The server side of WebAuthn challenges: 32 random bytes each, stored as their SHA-256 with what
 * they are bound to (the session, or the pre-session cookie), used once, 5 minutes at most.
 */
@Injectable()
export class PasskeyChallenges {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(PasskeyChallengeEntity) private readonly rows: Repository<PasskeyChallengeEntity>,
  ) {}

  /** A new challenge (base64url) bound to `binding`. */
  async issue(ceremony: PasskeyCeremony, binding: string, ownerId: string | null, returnTo: string): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    await this.rows.insert({
      challengeHash: hashToken(challenge),
      ceremony,
      bindingHash: hashToken(binding),
      ownerId,
      returnTo,
      expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
    });
    return challenge;
  }

  /**
   * Uses the challenge an answer names, if it is unused, unexpired, of this ceremony and bound to
   * this browser; undefined otherwise (replayed, expired, or asked for by another browser).
   */
  async consume(
    ceremony: PasskeyCeremony,
    challenge: string,
    binding: string,
    tx?: EntityManager,
  ): Promise<ConsumedChallengeRow | undefined> {
    const runner = tx ?? this.dataSource;
    const result = (await runner.query(CONSUME_PASSKEY_CHALLENGE_SQL, [hashToken(challenge), ceremony, hashToken(binding)])) as [
      ConsumedChallengeRow[],
      number,
    ];
    return result[0][0];
  }
}
