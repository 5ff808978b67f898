import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type PasskeyCeremony = 'register' | 'signin';

/**
 * A WebAuthn challenge the server handed out: stored as its SHA-256, valid 5 minutes, used once
 * (consumed by one conditional UPDATE), and bound to the browser that asked — the owner's session
 * for a registration, a pre-session cookie for a sign-in — so an answer from elsewhere is refused.
 */
@Entity({ name: 'oauth_passkey_challenge' })
@Index('oauth_passkey_challenge_expires_idx', ['expiresAt'])
export class PasskeyChallengeEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('oauth_passkey_challenge_challenge_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  challengeHash!: string;
  @Column({ type: 'varchar', length: 12 }) ceremony!: PasskeyCeremony;
  /** SHA-256 of what the challenge is bound to (the session id, or the pre-session cookie). */
  @Column({ type: 'char', length: 64 }) bindingHash!: string;
  /** The owner registering (registration only). */
  @Column({ type: 'uuid', nullable: true }) ownerId!: string | null;
  /** Where a sign-in goes back to (a path on this site). */
  @Column({ type: 'varchar', length: 2000 }) returnTo!: string;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
