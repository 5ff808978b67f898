import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** uint32 signature counters do not fit an int4: stored as bigint, read back as a number. */
const counterColumn = { to: (value: number) => value, from: (value: string | number) => Number(value) };

/**
 * One passkey (WebAuthn credential) of an owner: its credential id and public key only — nothing
 * secret is stored. The signature counter and the backup flags are checked on every sign-in; a
 * counter that goes backwards marks the passkey as a probable copy and it stops working.
 */
@Entity({ name: 'oauth_passkey_credential' })
export class PasskeyCredentialEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Index('oauth_passkey_credential_owner_idx')
  @Column({ type: 'uuid' })
  ownerId!: string;
  /** The credential id as the browser reports it (base64url). */
  @Index('oauth_passkey_credential_credential_key', { unique: true })
  @Column({ type: 'varchar', length: 1400 })
  credentialId!: string;
  /** The COSE-encoded public key. */
  @Column({ type: 'bytea' }) publicKey!: Buffer;
  @Column({ type: 'bigint', default: 0, transformer: counterColumn }) counter!: number;
  @Column({ type: 'jsonb' }) transports!: string[];
  /** 'singleDevice' or 'multiDevice' (backup eligible): fixed for the life of a credential. */
  @Column({ type: 'varchar', length: 16 }) deviceType!: string;
  @Column({ type: 'boolean' }) backedUp!: boolean;
  @Column({ type: 'varchar', length: 36 }) aaguid!: string;
  @Column({ type: 'varchar', length: 60 }) name!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
  /** Set when a sign-in showed a counter going backwards (a cloned authenticator): refused from then on. */
  @Column({ type: 'timestamptz', nullable: true }) cloneDetectedAt!: Date | null;
}
