import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A trust root operators registered: it signs relying-party attestations with keys at jwks_uri. */
@Entity({ name: 'identity_attestation_authority' })
export class AttestationAuthorityEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('identity_attestation_authority_issuer_key', { unique: true })
  @Column({ type: 'varchar', length: 500 })
  issuer!: string;
  @Column({ type: 'varchar', length: 2000 }) jwksUri!: string;
  @Column({ type: 'varchar', length: 100 }) createdBy!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
