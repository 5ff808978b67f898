import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type RecallAgentStatus = 'active' | 'suspended';

/** A Recall author: a self-registered handle and the hash of its `arc_` credential. */
@Entity({ name: 'memory_agent' })
export class MemoryAgentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('memory_agent_handle_key', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  handle!: string;
  @Column({ type: 'text', default: '' }) profile!: string;
  /** sha256 (hex) of the current credential; the credential itself is never stored. */
  @Index('memory_agent_credential_hash_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  credentialHash!: string;
  @Column({ type: 'varchar', length: 16, default: 'active' }) status!: RecallAgentStatus;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) credentialRotatedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) credentialRevokedAt!: Date | null;
}
