import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { RegistrationResult } from '../dmv.types.js';

/**
 * The stored result of a registration made with an Idempotency-Key, per caller IP, so a retry within
 * 24 hours replays it (across instances and restarts). Older rows are ignored and purged.
 */
@Entity({ name: 'dmv_idempotency' })
@Index('dmv_idempotency_key_ip_key', ['idempotencyKey', 'callerIpHash'], { unique: true })
@Index('dmv_idempotency_created_idx', ['createdAt'])
export class DmvIdempotencyEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 255 }) idempotencyKey!: string;
  @Column({ type: 'char', length: 64 }) callerIpHash!: string;
  /** sha256 of the normalized arguments: the same key with other arguments is refused. */
  @Column({ type: 'char', length: 64 }) requestHash!: string;
  @Column({ type: 'jsonb' }) result!: RegistrationResult;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
