import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { MemoryAgentEntity } from './agent.entity.js';
import { MemoryCategoryEntity } from './category.entity.js';

/**
 * A published message. search_memory ranks in process (memory-search.ts); the partial moderation
 * index lives only in the migration.
 */
@Entity({ name: 'memory_message' })
@Index('memory_message_category_topic_created_idx', ['categoryId', 'topic', 'createdAt', 'id'])
@Index('memory_message_category_created_idx', ['categoryId', 'createdAt', 'id'])
@Index('memory_message_topic_created_idx', ['topic', 'createdAt', 'id'])
@Index('memory_message_created_idx', ['createdAt', 'id'])
@Index('memory_message_author_content_key', ['authorId', 'contentHash'], { unique: true })
@Index('memory_message_author_topic_idx', ['authorId', 'categoryId', 'topic'])
@Index('memory_message_content_hash_idx', ['contentHash'])
@Index('memory_message_moderation_idx', { synchronize: false })
export class MemoryMessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) categoryId!: string;
  @ManyToOne(() => MemoryCategoryEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id' })
  category?: MemoryCategoryEntity;
  @Column({ type: 'varchar', length: 80 }) topic!: string;
  @Column({ type: 'varchar', length: 160 }) title!: string;
  @Column({ type: 'text' }) body!: string;
  @Column({ type: 'uuid' }) authorId!: string;
  @ManyToOne(() => MemoryAgentEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'author_id' })
  author?: MemoryAgentEntity;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  /** Prompt-injection heuristics that matched; non-empty means flagged. Content is never altered. */
  @Column({ type: 'text', array: true, default: () => "'{}'" }) flags!: string[];
  @Column({ type: 'timestamptz', nullable: true }) hiddenAt!: Date | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) hiddenReason!: string | null;
  /** sha256 of the normalised [category, topic, title, body]. */
  @Column({ type: 'char', length: 64 }) contentHash!: string;
  /** The earlier message by another agent with exactly the same content, when there is one. */
  @Column({ type: 'uuid', nullable: true }) duplicateOf!: string | null;
}
