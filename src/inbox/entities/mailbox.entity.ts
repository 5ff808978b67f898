import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type MailboxStatus = 'active' | 'suspended';

/**
 * The mailbox of one agent sub-identity (`<handle>@MAIL_DOMAIN`), created on first use. Operators
 * suspend a mailbox without touching the agent: inbound mail is then refused (550) and nothing
 * can be sent from it.
 */
@Entity({ name: 'inbox_mailbox' })
export class MailboxEntity {
  @PrimaryColumn({ type: 'uuid' }) agentId!: string;
  @Index('inbox_mailbox_owner_idx')
  @Column({ type: 'uuid' })
  ownerId!: string;
  @Index('inbox_mailbox_handle_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  handle!: string;
  @Column({ type: 'varchar', length: 16, default: 'active' }) status!: MailboxStatus;
  @Column({ type: 'varchar', length: 300, nullable: true }) statusReason!: string | null;
  /**
   * The bytes its messages hold (in and out), kept with every insert and delete: the quota
   * (INBOX_MAILBOX_QUOTA_BYTES) is checked and spent against it in the storing statement itself.
   * bigint: a string.
   */
  @Column({ type: 'bigint', default: 0 }) usedBytes!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
