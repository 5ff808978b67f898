import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type ProofSource = 'rp_signed_receipt' | 'agent_self_reported';

/**
 * Proof that an agent signed up to a service: an RP-signed receipt (tier 1) or the agent's own
 * unsigned report (tier 3, one per agent and service, never overwriting a receipt).
 */
@Entity({ name: 'identity_signup_proof' })
@Index('identity_signup_proof_token_key', ['signupTokenIssuer', 'signupTokenJti'], { unique: true })
@Index('identity_signup_proof_self_key', ['agentId', 'serviceOrigin'], { unique: true, where: `"proof_source" = 'agent_self_reported'` })
@Index('identity_signup_proof_agent_idx', ['agentId', 'createdAt'])
export class SignupProofEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) agentId!: string;
  @Column({ type: 'uuid' }) ownerId!: string;
  @Column({ type: 'varchar', length: 300 }) serviceOrigin!: string;
  @Column({ type: 'varchar', length: 500 }) serviceAudience!: string;
  @Column({ type: 'varchar', length: 200 }) providerName!: string;
  @Column({ type: 'varchar', length: 300, nullable: true }) account!: string | null;
  @Column({ type: 'varchar', length: 30 }) proofSource!: ProofSource;
  @Column({ type: 'smallint' }) tier!: number;
  @Column({ type: 'varchar', length: 300, nullable: true }) signupTokenIssuer!: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) signupTokenJti!: string | null;
  @Column({ type: 'char', length: 64, nullable: true }) signupTokenSha256!: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) assertionJti!: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) attestationJti!: string | null;
  @Column({ type: 'uuid', nullable: true }) acceptanceId!: string | null;
  @Column({ type: 'uuid', nullable: true }) rpVerificationId!: string | null;
  @Column({ type: 'varchar', length: 2000, nullable: true }) contextUrl!: string | null;
  @Column({ type: 'char', length: 64, nullable: true }) contextSha256!: string | null;
  @Column({ type: 'varchar', length: 320 }) agentEmailUsed!: string;
  @Column({ type: 'char', length: 64 }) acceptedTosHash!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
