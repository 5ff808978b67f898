import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

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
 * One message of one mailbox, inbound or outbound. Mail to several local mailboxes is stored once
 * per mailbox. The raw source is kept until `expires_at`; the scheduled cleanup removes the row.
 */
@Entity({ name: 'inbox_message' })
@Index('inbox_message_agent_received_idx', ['agentId', 'receivedAt', 'id'])
@Index('inbox_message_expires_idx', ['expiresAt'])
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
  @Column({ type: 'bytea', nullable: true, select: false }) raw!: Buffer | null;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
}
