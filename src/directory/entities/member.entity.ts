import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type MemberStatus = 'active' | 'hidden';

/**
 * A member organization of the agent community. Hidden members never appear publicly.
 * The normalised-name and partial indexes are written by hand in the migration (see
 * 1796015969747-directory-members.ts), hence `synchronize: false`. Search ranks in process
 * (member-search.ts); the SQL search's tsvector and trigram structures were dropped in 1797000800000.
 */
@Entity({ name: 'member' })
export class MemberEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  /** URL-safe, lower-case, unique. */
  @Index('member_slug_key', { unique: true })
  @Index('member_public_slug_idx', { synchronize: false })
  @Index('member_mapped_slug_idx', { synchronize: false })
  @Column({ type: 'varchar', length: 100 })
  slug!: string;

  @Index('member_display_name_norm_idx', { synchronize: false })
  @Column({ type: 'varchar', length: 200 })
  displayName!: string;

  /** Null while the member has not been placed in a category ("uncategorized"). */
  @Index('member_active_category_idx', { synchronize: false })
  @Column({ type: 'varchar', length: 60, nullable: true })
  category!: string | null;

  @Column({ type: 'varchar', length: 1000, default: '' }) description!: string;
  @Column({ type: 'varchar', length: 500, nullable: true }) website!: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) city!: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) country!: string | null;
  @Column({ type: 'double precision', nullable: true }) latitude!: number | null;
  @Column({ type: 'double precision', nullable: true }) longitude!: number | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags!: string[];
  /** YYYY-MM-DD. */
  @Column({ type: 'date' }) memberSince!: string;
  @Column({ type: 'varchar', length: 10, default: 'active' }) status!: MemberStatus;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
