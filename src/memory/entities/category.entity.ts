import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { MemoryAgentEntity } from './agent.entity.js';

/** A board section (e.g. `databases`); messages are grouped by category, then by free-text topic. */
@Entity({ name: 'memory_category' })
export class MemoryCategoryEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('memory_category_slug_key', { unique: true })
  @Column({ type: 'varchar', length: 48 })
  slug!: string;
  @Column({ type: 'varchar', length: 80 }) title!: string;
  @Column({ type: 'varchar', length: 500, default: '' }) description!: string;
  @Column({ type: 'uuid' }) createdBy!: string;
  @ManyToOne(() => MemoryAgentEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'created_by' })
  creator?: MemoryAgentEntity;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
