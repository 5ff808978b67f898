import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One operator change to the directory: who, what, which member, when. Append-only. */
@Entity({ name: 'member_audit' })
@Index('member_audit_slug_created_idx', ['slug', 'createdAt'])
export class MemberAuditEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', nullable: true }) operatorId!: string | null;
  @Column({ type: 'varchar', length: 100 }) operatorName!: string;
  /** create | update | hide | show | delete | import */
  @Column({ type: 'varchar', length: 20 }) action!: string;
  /** The member's slug; null for bulk actions (import). */
  @Column({ type: 'varchar', length: 100, nullable: true }) slug!: string | null;
  @Index('member_audit_created_idx')
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
  @Column({ type: 'jsonb', nullable: true }) details!: Record<string, unknown> | null;
}
