import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type VerificationStatus = 'verified' | 'unverified' | 'invalid' | 'expired' | 'untrusted_broker' | 'unavailable';
export type RpPolicy = 'allow' | 'warn' | 'require' | 'block';

/** One check of a relying party's attestation, as it stood when an assertion was minted. */
@Entity({ name: 'identity_rp_verification' })
@Index('identity_rp_verification_agent_idx', ['agentId', 'checkedAt'])
export class RpVerificationEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) agentId!: string;
  @Column({ type: 'uuid' }) ownerId!: string;
  @Column({ type: 'varchar', length: 300 }) serviceOrigin!: string;
  @Column({ type: 'varchar', length: 20 }) status!: VerificationStatus;
  @Column({ type: 'varchar', length: 10 }) policy!: RpPolicy;
  @Column({ type: 'boolean' }) allowed!: boolean;
  @Column({ type: 'varchar', length: 30 }) source!: string;
  @Column({ type: 'varchar', length: 500, nullable: true }) issuer!: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) jti!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) level!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) expiresAt!: Date | null;
  @Column({ type: 'timestamptz' }) checkedAt!: Date;
  @Column({ type: 'varchar', length: 500, nullable: true }) reason!: string | null;
}
