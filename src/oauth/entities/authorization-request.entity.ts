import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A server-side authorization transaction: the validated /authorize parameters, the owner's
 * session it belongs to and the hash of its CSRF token. The consent form carries only its id and
 * the token; nothing about client, redirect, scope or resource is taken from the form.
 */
@Entity({ name: 'oauth_authorization_request' })
export class AuthorizationRequestEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) clientRowId!: string;
  @Column({ type: 'uuid' }) sessionId!: string;
  @Column({ type: 'uuid' }) ownerId!: string;
  @Column({ type: 'varchar', length: 2000 }) redirectUri!: string;
  @Column({ type: 'varchar', length: 1000, nullable: true }) state!: string | null;
  @Column({ type: 'varchar', length: 128 }) codeChallenge!: string;
  @Column({ type: 'text', array: true }) scopes!: string[];
  @Column({ type: 'varchar', length: 2000 }) resource!: string;
  @Column({ type: 'char', length: 64 }) csrfHash!: string;
  @Index('oauth_authorization_request_expires_idx')
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) completedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
