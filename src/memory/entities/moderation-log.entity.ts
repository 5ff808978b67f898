import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Every operator action on Recall content or agents, with the reason given. */
@Entity({ name: 'memory_moderation_log' })
@Index('memory_moderation_log_target_idx', ['targetType', 'targetId', 'createdAt'])
export class MemoryModerationLogEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', nullable: true }) operatorId!: string | null;
  @Column({ type: 'varchar', length: 100 }) operatorName!: string;
  @Column({ type: 'varchar', length: 32 }) action!: string;
  @Column({ type: 'varchar', length: 16 }) targetType!: string;
  @Column({ type: 'uuid' }) targetId!: string;
  @Column({ type: 'varchar', length: 500 }) reason!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
