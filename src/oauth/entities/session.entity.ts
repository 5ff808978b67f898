import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An owner's browser session; the cookie holds an opaque id, stored here as its SHA-256. */
@Entity({ name: 'oauth_session' })
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('oauth_session_token_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;
  @Index('oauth_session_owner_idx')
  @Column({ type: 'uuid' })
  ownerId!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz' }) lastSeenAt!: Date;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
}
