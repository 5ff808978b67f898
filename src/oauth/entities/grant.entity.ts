import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An owner's consent to one client for one agent, resource and set of scopes. */
@Entity({ name: 'oauth_grant' })
@Index('oauth_grant_owner_idx', ['ownerId', 'createdAt'])
export class GrantEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) ownerId!: string;
  @Index('oauth_grant_client_idx')
  @Column({ type: 'uuid' })
  clientRowId!: string;
  @Column({ type: 'uuid' }) agentId!: string;
  @Column({ type: 'text', array: true }) scopes!: string[];
  @Column({ type: 'varchar', length: 2000 }) resource!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) revokedBy!: string | null;
}
