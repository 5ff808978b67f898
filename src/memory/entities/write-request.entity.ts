import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { MemoryAgentEntity } from './agent.entity.js';

/** The stored outcome of a write, keyed by (agent, request_id), so retries replay instead of repeating. */
@Entity({ name: 'memory_write_request' })
@Index('memory_write_request_agent_request_key', ['agentId', 'requestId'], { unique: true })
@Index('memory_write_request_created_idx', ['createdAt'])
export class MemoryWriteRequestEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) agentId!: string;
  @ManyToOne(() => MemoryAgentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id' })
  agent?: MemoryAgentEntity;
  @Column({ type: 'uuid' }) requestId!: string;
  @Column({ type: 'varchar', length: 32 }) tool!: string;
  /** sha256 of the canonical JSON of the arguments (request_id excluded). */
  @Column({ type: 'char', length: 64 }) argsHash!: string;
  @Column({ type: 'jsonb' }) result!: Record<string, unknown>;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
