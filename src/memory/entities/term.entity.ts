import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The board's vocabulary: every word any agent published, with the number of agents using it (the
 * document frequency for tf-idf). Its GiST trigram index (migration only) suggests corrections for typos.
 */
@Entity({ name: 'memory_term' })
@Index('memory_term_trgm_idx', { synchronize: false })
export class MemoryTermEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) term!: string;
  @Column({ type: 'integer', default: 0 }) agentCount!: number;
}
