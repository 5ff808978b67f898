import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who changed what in the broker, and when: operator actions and the owner's consent history. */
@Entity({ name: 'oauth_audit' })
@Index('oauth_audit_subject_idx', ['subjectType', 'subjectId', 'createdAt'])
@Index('oauth_audit_owner_idx', ['ownerId', 'createdAt'])
export class BrokerAuditEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** `operator:<name>`, `owner:<id>` or `system`. */
  @Column({ type: 'varchar', length: 150 }) actor!: string;
  @Column({ type: 'varchar', length: 60 }) action!: string;
  @Column({ type: 'varchar', length: 30 }) subjectType!: string;
  @Column({ type: 'varchar', length: 512 }) subjectId!: string;
  /** The owner concerned, when there is one (for the owner's history). */
  @Column({ type: 'uuid', nullable: true }) ownerId!: string | null;
  @Column({ type: 'jsonb', default: {} }) detail!: Record<string, unknown>;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
