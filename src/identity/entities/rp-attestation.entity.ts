import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An attestation the broker verified (signature by a registered authority, unexpired, about the
 * RP that served it). Kept so a receipt is checked against the historical attestation it names.
 */
@Entity({ name: 'identity_rp_attestation' })
@Index('identity_rp_attestation_key', ['issuer', 'jti'], { unique: true })
@Index('identity_rp_attestation_subject_idx', ['subject', 'jti'])
export class RpAttestationEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 500 }) issuer!: string;
  @Column({ type: 'varchar', length: 200 }) jti!: string;
  /** The RP origin. */
  @Column({ type: 'varchar', length: 300 }) subject!: string;
  @Column({ type: 'varchar', length: 50 }) level!: string;
  @Column({ type: 'jsonb' }) rpJwks!: { keys: Record<string, unknown>[] };
  @Column({ type: 'text' }) jws!: string;
  @Column({ type: 'timestamptz' }) issuedAt!: Date;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) firstSeenAt!: Date;
}
