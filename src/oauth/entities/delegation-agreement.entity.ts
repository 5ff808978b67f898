import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A published version of the Master Agent Delegation agreement. The newest is current. */
@Entity({ name: 'oauth_delegation_agreement' })
export class DelegationAgreementEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 }) version!: string;
  @Column({ type: 'text' }) text!: string;
  @Column({ type: 'char', length: 64 }) sha256!: string;
  @CreateDateColumn({ type: 'timestamptz' }) publishedAt!: Date;
  @Column({ type: 'varchar', length: 100 }) publishedBy!: string;
}
