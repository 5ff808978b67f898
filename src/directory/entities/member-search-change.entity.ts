import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The change log of `member` that keeps every instance's in-process search index current: one row per
 * inserted, updated or deleted member (ref_id NULL after a TRUNCATE), written by statement-level
 * triggers (see migration 1796102000000-search-change-logs.ts) and read by the member search.
 */
@Entity({ name: 'member_search_change' })
export class MemberSearchChangeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) seq!: string;
  @Column({ type: 'uuid', nullable: true }) refId!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
