import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type SuppressionReason = 'bounce' | 'complaint' | 'operator';

/** An address a mailbox may no longer send to: it bounced, complained, or an operator said so. */
@Entity({ name: 'inbox_suppression' })
@Index('inbox_suppression_agent_address_key', ['agentId', 'address'], { unique: true })
export class SuppressionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) agentId!: string;
  @Column({ type: 'varchar', length: 320 }) address!: string;
  @Column({ type: 'varchar', length: 16 }) reason!: SuppressionReason;
  /** The bounce or complaint that caused it. */
  @Column({ type: 'uuid', nullable: true }) sourceMessageId!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
