import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { DmvRegistrationSource } from '../dmv.types.js';

/**
 * One pre-registration of a proposed `.agent` name. Additive: the same name may be recorded for
 * several contacts; the same name and contact address only once.
 */
@Entity({ name: 'dmv_registration' })
@Index('dmv_registration_name_email_key', ['agentName', 'contactEmail'], { unique: true })
@Index('dmv_registration_email_created_idx', ['contactEmail', 'createdAt'])
@Index('dmv_registration_mailbox_created_idx', ['contactMailbox', 'createdAt'])
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
  /**
   * The mailbox the address reaches (mailboxKey: no +tag, no dots at dot-blind providers), the key of
   * the per-address daily cap, so `a+1@x` and `a+2@x` count as one.
   */
  @Column({ type: 'varchar', length: 254 }) contactMailbox!: string;
  @Column({ type: 'varchar', length: 500, nullable: true }) description!: string | null;
  @Column({ type: 'varchar', length: 10 }) source!: DmvRegistrationSource;
  /**
   * HMAC-SHA256 of the caller IP under the server secret `dmv-ip-hash` (SecretsService). Rows written
   * before that change hold sha256 with a constant salt instead; they are left as they are.
   */
  @Column({ type: 'char', length: 64 }) callerIpHash!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) contactVerifiedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) withdrawnAt!: Date | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) withdrawnReason!: string | null;
  /** Name of the operator who withdrew it. */
  @Column({ type: 'varchar', length: 100, nullable: true }) withdrawnBy!: string | null;
}
