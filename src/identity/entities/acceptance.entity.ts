import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type DiscoverySource = 'discovery' | 'agent_supplied_discovery';
export type LedgerEmailStatus = 'pending' | 'sent' | 'failed';

/**
 * A delegated acceptance: an agent accepted a relying party's terms on its owner's behalf (one
 * consent event), and the identity assertion minted for it. Identical calls while the assertion is
 * unexpired reuse the row; force_new makes a new one. The assertion JWT is stored sealed (the
 * broker's box) so a reuse can hand back the same token.
 */
@Entity({ name: 'identity_acceptance' })
@Index('identity_acceptance_reuse_idx', ['agentId', 'requestKey', 'createdAt'])
@Index('identity_acceptance_service_idx', ['agentId', 'serviceOrigin', 'createdAt'])
export class AcceptanceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) agentId!: string;
  @Column({ type: 'uuid' }) ownerId!: string;
  @Column({ type: 'varchar', length: 300 }) serviceOrigin!: string;
  @Column({ type: 'varchar', length: 500 }) audience!: string;
  @Column({ type: 'varchar', length: 200 }) providerName!: string;
  @Column({ type: 'varchar', length: 2000, nullable: true }) providerUrl!: string | null;
  @Column({ type: 'varchar', length: 2000 }) termsUrl!: string;
  @Column({ type: 'varchar', length: 100 }) termsVersion!: string;
  @Column({ type: 'char', length: 64 }) termsSha256!: string;
  @Column({ type: 'varchar', length: 2000 }) agentSignupEndpoint!: string;
  @Column({ type: 'jsonb' }) scopes!: string[];
  @Column({ type: 'varchar', length: 30 }) source!: DiscoverySource;
  /** The tool (or REST route) that recorded it. */
  @Column({ type: 'varchar', length: 30 }) via!: string;
  /** SHA-256 of what makes two calls identical (agent, tool, service, terms, scopes, source). */
  @Column({ type: 'char', length: 64 }) requestKey!: string;
  @Column({ type: 'uuid', nullable: true }) rpVerificationId!: string | null;
  @Index('identity_acceptance_assertion_jti_key', { unique: true })
  @Column({ type: 'uuid' })
  assertionJti!: string;
  @Column({ type: 'varchar', length: 64 }) assertionKid!: string;
  @Column({ type: 'text' }) assertionJwt!: string;
  @Column({ type: 'char', length: 64 }) assertionSha256!: string;
  @Column({ type: 'timestamptz' }) assertionIssuedAt!: Date;
  @Column({ type: 'timestamptz' }) assertionExpiresAt!: Date;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) ledgerEmailStatus!: LedgerEmailStatus;
  @Column({ type: 'timestamptz', nullable: true }) ledgerEmailSentAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
