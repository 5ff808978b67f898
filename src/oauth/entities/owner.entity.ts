import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type OwnerStatus = 'active' | 'suspended';

/** A human owner, identified by a verified email address (stored lower-cased). */
@Entity({ name: 'oauth_owner' })
export class OwnerEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('oauth_owner_email_key', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;
  @Column({ type: 'varchar', length: 16, default: 'active' }) status!: OwnerStatus;
  @Column({ type: 'varchar', length: 300, nullable: true }) statusReason!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastSignInAt!: Date | null;
}
