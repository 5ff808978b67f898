import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type TokenKind = 'code' | 'access' | 'refresh';

/**
 * Authorization codes (`mac_`), access tokens (`mca_`) and refresh tokens (`mcr_`), stored only as
 * SHA-256. `familyId` ties everything issued from one code together: a replayed code or a reused
 * refresh token revokes the whole family.
 */
@Entity({ name: 'oauth_token' })
@Index('oauth_token_family_idx', ['familyId'])
@Index('oauth_token_grant_idx', ['grantId'])
export class TokenEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('oauth_token_hash_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;
  @Column({ type: 'varchar', length: 8 }) kind!: TokenKind;
  @Column({ type: 'uuid' }) familyId!: string;
  @Column({ type: 'uuid' }) grantId!: string;
  @Column({ type: 'uuid' }) ownerId!: string;
  @Column({ type: 'uuid' }) clientRowId!: string;
  @Column({ type: 'uuid' }) agentId!: string;
  @Column({ type: 'text', array: true }) scopes!: string[];
  @Column({ type: 'varchar', length: 2000 }) resource!: string;
  /** Codes only: what the token request must repeat. */
  @Column({ type: 'varchar', length: 2000, nullable: true }) redirectUri!: string | null;
  @Column({ type: 'varchar', length: 128, nullable: true }) codeChallenge!: string | null;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
  /** Codes and refresh tokens: when they were exchanged (a second use is a replay). */
  @Column({ type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) revokedReason!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
}
