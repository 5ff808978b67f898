import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A key the broker signs identity assertions with. The private JWK is always stored encrypted
 * (AES-256-GCM, `enc:v1:…`); a plaintext row is refused (npm run cli -- secrets:encrypt).
 * A retired key stays published until `publishUntil` (its last assertion's expiry).
 */
@Entity({ name: 'identity_signing_key' })
export class SigningKeyEntity {
  /** RFC 7638 thumbprint of the public key. */
  @PrimaryColumn({ type: 'varchar', length: 64 }) kid!: string;
  @Column({ type: 'varchar', length: 10 }) alg!: string;
  @Column({ type: 'jsonb' }) publicJwk!: Record<string, unknown>;
  @Column({ type: 'text' }) privateJwk!: string;
  @Column({ type: 'varchar', length: 10, default: 'active' }) status!: 'active' | 'retired';
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) retiredAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) publishUntil!: Date | null;
}
