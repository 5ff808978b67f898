import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A person who runs the service; authenticates to /admin with a hashed `mco_` bearer token. */
@Entity({ name: 'operator' })
export class OperatorEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Index('operator_token_hash_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;
  /** The first characters of the token, for telling tokens apart in listings. */
  @Column({ type: 'varchar', length: 16 }) tokenPrefix!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
}
