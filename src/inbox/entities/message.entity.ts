import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { RawMessageEntity } from './raw-message.entity.js';

export type MessageDirection = 'inbound' | 'outbound';
/** Inbound: `received`. Outbound: `sending` (before the relay answered), `sent`, `held`, `delivered` (local), `failed`. */
export type MessageStatus = 'received' | 'sending' | 'sent' | 'held' | 'delivered' | 'failed';

export interface StoredAuth {
  spf: string;
  dkim: string;
  dmarc: string;
  /** pass: DMARC pass (or aligned SPF/DKIM); fail: DMARC fail; none: nothing to judge; local: sent inside this service. */
  verdict: 'pass' | 'fail' | 'none' | 'local';
}

export interface StoredOtp {
  code: string | null;
  confidence: number;
  candidates: Array<{ code: string; confidence: number }>;
}

export interface StoredAttachment {
  filename: string | null;
  content_type: string;
  size: number;
}

/**
 * One message of one mailbox, inbound or outbound. Mail to several local mailboxes is one row per
 * mailbox, all pointing to ONE raw source (inbox_raw_message). The row is kept until `expires_at`;
 * the scheduled cleanup removes it, and the raw source with the last row that points to it.
 */
@Entity({ name: 'inbox_message' })
@Index('inbox_message_agent_received_idx', ['agentId', 'receivedAt', 'id'])
@Index('inbox_message_expires_idx', ['expiresAt'])
@Index('inbox_message_raw_idx', ['rawId'])
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) agentId!: string;
  @Column({ type: 'varchar', length: 10 }) direction!: MessageDirection;
  @Column({ type: 'varchar', length: 12 }) status!: MessageStatus;
  @Column({ type: 'varchar', length: 320 }) fromAddress!: string;
  @Column({ type: 'varchar', length: 200, nullable: true }) fromName!: string | null;
  @Column({ type: 'jsonb', default: [] }) toAddresses!: string[];
  @Column({ type: 'jsonb', default: [] }) ccAddresses!: string[];
  /** SMTP envelope sender (MAIL FROM; empty for bounces). */
  @Column({ type: 'varchar', length: 320, nullable: true }) envelopeFrom!: string | null;
  @Column({ type: 'varchar', length: 500 }) subject!: string;
  @Column({ type: 'varchar', length: 500, nullable: true }) messageId!: string | null;
  /** The Date header, when it parses. */
  @Column({ type: 'timestamptz', nullable: true }) sentAt!: Date | null;
  /** When the message was committed here (inbound) or handed to the relay (outbound). */
  @Column({ type: 'timestamptz', precision: 3, default: () => 'clock_timestamp()' }) receivedAt!: Date;
  @Column({ type: 'text' }) textBody!: string;
  @Column({ type: 'boolean', default: false }) textTruncated!: boolean;
  /** Selected headers, lower-case names. */
  @Column({ type: 'jsonb', default: {} }) headers!: Record<string, string>;
  @Column({ type: 'jsonb', nullable: true }) auth!: StoredAuth | null;
  @Column({ type: 'varchar', length: 16, nullable: true }) otpCode!: string | null;
  @Column({ type: 'jsonb', nullable: true }) otp!: StoredOtp | null;
  @Column({ type: 'jsonb', default: [] }) links!: string[];
  @Column({ type: 'jsonb', default: [] }) attachments!: StoredAttachment[];
  @Column({ type: 'integer' }) sizeBytes!: number;
  @Column({ type: 'varchar', length: 64, nullable: true }) remoteIp!: string | null;
  /** Relay answer or delivery note (outbound). */
  @Column({ type: 'varchar', length: 500, nullable: true }) deliveryNote!: string | null;
  /** The raw source (shared by every recipient of one transaction); null for rows from before it was kept. */
  @Column({ type: 'uuid', nullable: true }) rawId!: string | null;
  @ManyToOne(() => RawMessageEntity, { nullable: true, onDelete: 'NO ACTION', createForeignKeyConstraints: true })
  @JoinColumn({ name: 'raw_id' })
  rawSource?: RawMessageEntity | null;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
}
