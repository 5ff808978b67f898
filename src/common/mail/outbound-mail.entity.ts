import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type OutboundMailStatus = 'sent' | 'held' | 'failed';

/** Every message the service sends, whatever happened to it. Bodies are kept for held and local mail. */
@Entity({ name: 'outbound_mail' })
@Index('outbound_mail_status_created_idx', ['status', 'createdAt'])
export class OutboundMailEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 320 }) toAddress!: string;
  @Column({ type: 'varchar', length: 320 }) fromAddress!: string;
  @Column({ type: 'varchar', length: 300 }) subject!: string;
  @Column({ type: 'text' }) textBody!: string;
  @Column({ type: 'text', nullable: true }) htmlBody!: string | null;
  @Column({ type: 'varchar', length: 10 }) status!: OutboundMailStatus;
  /** True when delivered to a mailbox of MAIL_DOMAIN on this service (for the inbox to pick up). */
  @Column({ type: 'boolean', default: false }) localDelivery!: boolean;
  @Column({ type: 'text', nullable: true }) relayResponse!: string | null;
  @Column({ type: 'varchar', length: 300, nullable: true }) messageId!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
