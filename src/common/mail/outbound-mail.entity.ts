import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * queued: in the outbox, waiting for (another) delivery attempt; sent: accepted by the relay, or
 * delivered locally; held: no relay is configured; failed: refused permanently by the relay (5xx);
 * dead: every retry failed (the dead-letter state operators see under /admin/mail).
 */
export type OutboundMailStatus = 'queued' | 'sent' | 'held' | 'failed' | 'dead';

/** Every message the service sends, whatever happened to it: the durable outbox. */
@Entity({ name: 'outbound_mail' })
@Index('outbound_mail_status_created_idx', ['status', 'createdAt'])
export class OutboundMailEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 320 }) toAddress!: string;
  @Column({ type: 'varchar', length: 320 }) fromAddress!: string;
  @Column({ type: 'varchar', length: 300 }) subject!: string;
  @Column({ type: 'text' }) textBody!: string;
  @Column({ type: 'text', nullable: true }) htmlBody!: string | null;
  /** The subject and bodies above carry the message's one-time secrets redacted (mail-secrets.ts). */
  @Column({ type: 'boolean', default: false }) redacted!: boolean;
  /** The message as it must be sent, sealed, while a redacted message may still be sent; erased once it ended. */
  @Column({ type: 'text', nullable: true }) sealedContent!: string | null;
  @Column({ type: 'varchar', length: 10 }) status!: OutboundMailStatus;
  /** True when delivered to a mailbox of MAIL_DOMAIN on this service (for the inbox to pick up). */
  @Column({ type: 'boolean', default: false }) localDelivery!: boolean;
  /** The relay's last answer (or the last error, while queued or dead). */
  @Column({ type: 'text', nullable: true }) relayResponse!: string | null;
  /** The Message-ID header, fixed when the message is queued: every retry sends the same one. */
  @Column({ type: 'varchar', length: 300, nullable: true }) messageId!: string | null;
  /** Delivery attempts made so far. */
  @Column({ type: 'int', default: 0 }) attempts!: number;
  /** While set in the future, one process is talking to the relay about this message. */
  @Column({ type: 'timestamptz', nullable: true }) claimedUntil!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) sentAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
