import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The change log that keeps every instance's in-process copy of the agents (find_similar_agents:
 * words, handle, status, profile, places) current: one row per agent whose words, handle, profile or
 * status changed, which was registered or deleted, or which published, lost or moved a message
 * (ref_id NULL after a TRUNCATE), written by triggers on `memory_agent_term`, `memory_agent` and
 * `memory_message` (migrations 1797001100000-agent-signature-change-log.ts and
 * 1797001200000-agent-facts-change-log.ts).
 */
@Entity({ name: 'memory_agent_signature_change' })
export class AgentSignatureChangeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) seq!: string;
  @Column({ type: 'uuid', nullable: true }) refId!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
