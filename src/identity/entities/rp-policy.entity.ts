import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { RpPolicy } from './rp-verification.entity.js';

/**
 * A relying-party policy: `ownerKey` is 'operator' or an owner id; `service` an RP origin or '*'
 * (the default of that owner or of the operator).
 */
@Entity({ name: 'identity_rp_policy' })
@Index('identity_rp_policy_key', ['ownerKey', 'service'], { unique: true })
export class RpPolicyEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 36 }) ownerKey!: string;
  @Column({ type: 'varchar', length: 300 }) service!: string;
  @Column({ type: 'varchar', length: 10 }) policy!: RpPolicy;
  @Column({ type: 'varchar', length: 100 }) updatedBy!: string;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
