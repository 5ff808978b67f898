import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The change log that keeps every instance's in-process word signatures of the agents
 * (find_similar_agents) current: one row per agent whose words changed or which was registered or
 * deleted (ref_id NULL after a TRUNCATE), written by statement-level triggers on `memory_agent_term`
 * and `memory_agent` (see migration 1797001100000-agent-signature-change-log.ts).
 */
@Entity({ name: 'memory_agent_signature_change' })
export class AgentSignatureChangeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) seq!: string;
  @Column({ type: 'uuid', nullable: true }) refId!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
