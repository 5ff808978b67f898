import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An owner's signature of one agreement version: the text's hash, the time and a keyed hash of the IP. */
@Entity({ name: 'oauth_delegation_signature' })
@Index('oauth_delegation_signature_owner_version_key', ['ownerId', 'version'], { unique: true })
export class DelegationSignatureEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) ownerId!: string;
  @Column({ type: 'varchar', length: 20 }) version!: string;
  @Column({ type: 'char', length: 64 }) textSha256!: string;
  @Column({ type: 'char', length: 64 }) ipHash!: string;
  @CreateDateColumn({ type: 'timestamptz' }) signedAt!: Date;
}
