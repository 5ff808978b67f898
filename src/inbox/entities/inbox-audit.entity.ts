import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who did what to a mailbox, and when (operator actions, automatic suppressions). */
@Entity({ name: 'inbox_audit' })
@Index('inbox_audit_agent_idx', ['agentId', 'createdAt'])
export class InboxAuditEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** `operator:<name>` or `system`. */
  @Column({ type: 'varchar', length: 150 }) actor!: string;
  @Column({ type: 'varchar', length: 60 }) action!: string;
  @Column({ type: 'uuid', nullable: true }) agentId!: string | null;
  @Column({ type: 'jsonb', default: {} }) detail!: Record<string, unknown>;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
