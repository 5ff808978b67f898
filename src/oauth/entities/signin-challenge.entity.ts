import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One emailed sign-in: a link token and a six-digit code, both stored hashed, valid 15 minutes,
 * single use. `challengeHash` identifies the browser's pending sign-in (the code form's field).
 */
@Entity({ name: 'oauth_signin_challenge' })
@Index('oauth_signin_challenge_email_idx', ['email', 'createdAt'])
@Index('oauth_signin_challenge_owner_idx', ['ownerId', 'createdAt'])
export class SigninChallengeEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 254 }) email!: string;
  @Index('oauth_signin_challenge_handle_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  challengeHash!: string;
  @Index('oauth_signin_challenge_link_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  linkHash!: string;
  @Column({ type: 'char', length: 64 }) codeHash!: string;
  @Column({ type: 'varchar', length: 2000 }) returnTo!: string;
  /** "signin", or "email_change" (a code mailed to an owner's new address; never signs anyone in). */
  @Column({ type: 'varchar', length: 16, default: 'signin' }) purpose!: 'signin' | 'email_change';
  /** The owner changing their address (email_change only). */
  @Column({ type: 'uuid', nullable: true }) ownerId!: string | null;
  @Column({ type: 'int', default: 0 }) attempts!: number;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
