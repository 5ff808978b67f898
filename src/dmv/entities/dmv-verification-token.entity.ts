import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DmvRegistrationEntity } from './dmv-registration.entity.js';

/**
 * A one-time, expiring link that confirms a registration's contact address. Only its hash is stored.
 * Each row is one verification email, so the rows of the last 24 hours are what the mail caps count.
 */
@Entity({ name: 'dmv_verification_token' })
@Index('dmv_verification_token_created_idx', ['createdAt'])
export class DmvVerificationTokenEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('dmv_verification_token_hash_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;
  @Index('dmv_verification_token_registration_idx')
  @Column({ type: 'uuid' })
  registrationId!: string;
  @ManyToOne(() => DmvRegistrationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'registration_id' })
  registration?: DmvRegistrationEntity;
  /** The domain of the address the email went to, lower-cased (the per-domain mail cap). */
  @Column({ type: 'varchar', length: 253 }) recipientDomain!: string;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
