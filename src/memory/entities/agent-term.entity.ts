import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { MemoryAgentEntity } from './agent.entity.js';

/** How often an agent used a word across everything it published (for find_similar_agents). */
@Entity({ name: 'memory_agent_term' })
@Index('memory_agent_term_term_idx', ['term', 'agentId', 'tf'])
export class MemoryAgentTermEntity {
  @PrimaryColumn({ type: 'uuid' }) agentId!: string;
  @PrimaryColumn({ type: 'varchar', length: 64 }) term!: string;
  @ManyToOne(() => MemoryAgentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id' })
  agent?: MemoryAgentEntity;
  @Column({ type: 'integer' }) tf!: number;
}
