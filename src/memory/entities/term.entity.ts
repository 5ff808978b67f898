import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The board's vocabulary: every word any agent published, with the number of agents using it (the
 * document frequency for tf-idf), read by primary key.
 */
@Entity({ name: 'memory_term' })
export class MemoryTermEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) term!: string;
  @Column({ type: 'integer', default: 0 }) agentCount!: number;
}
