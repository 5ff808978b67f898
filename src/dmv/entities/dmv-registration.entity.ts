import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type DmvRegistrationSource = 'mcp' | 'chatgpt' | 'rest';

/**
 * One pre-registration of a proposed `.agent` name. Additive: the same name may be recorded for
 * several contacts; the same name and contact address only once.
 */
@Entity({ name: 'dmv_registration' })
@Index('dmv_registration_name_email_key', ['agentName', 'contactEmail'], { unique: true })
@Index('dmv_registration_email_created_idx', ['contactEmail', 'createdAt'])
@Index('dmv_registration_created_idx', ['createdAt'])
export class DmvRegistrationEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** Canonical `DMV-XXXX-XXXX-XXXX-C`. */
  @Index('dmv_registration_certificate_id_key', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  certificateId!: string;
  /** The normalized DNS label. */
  @Column({ type: 'varchar', length: 63 }) agentName!: string;
  @Column({ type: 'varchar', length: 70 }) domain!: string;
  @Column({ type: 'varchar', length: 30, default: 'pre_registration' }) registrationType!: string;
  @Column({ type: 'varchar', length: 100 }) operatorName!: string;
  /** Lower-cased; shown to operators only, never publicly. */
  @Column({ type: 'varchar', length: 254 }) contactEmail!: string;
  @Column({ type: 'varchar', length: 500, nullable: true }) description!: string | null;
  @Column({ type: 'varchar', length: 10 }) source!: DmvRegistrationSource;
  /** sha256 of the caller IP with an application salt. */
  @Column({ type: 'char', length: 64 }) callerIpHash!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) contactVerifiedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) withdrawnAt!: Date | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) withdrawnReason!: string | null;
  /** Name of the operator who withdrew it. */
  @Column({ type: 'varchar', length: 100, nullable: true }) withdrawnBy!: string | null;
}
