import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type AgentStatus = 'active' | 'revoked' | 'suspended';

/**
 * An agent sub-identity of a human owner. Its handle is unique across the service and is the
 * local part of its mailbox. `revoked` is the owner's doing (restorable by the owner);
 * `suspended` is an operator's (only an operator restores it).
 */
@Entity({ name: 'identity_agent' })
@Index('identity_agent_owner_idx', ['ownerId', 'createdAt'])
export class AgentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) ownerId!: string;
  @Index('identity_agent_handle_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  handle!: string;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  /** The host or harness that created it (the OAuth client's name at consent). */
  @Column({ type: 'varchar', length: 200, nullable: true }) harness!: string | null;
  @Column({ type: 'varchar', length: 16, default: 'active' }) status!: AgentStatus;
  @Column({ type: 'varchar', length: 300, nullable: true }) statusReason!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
