import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type ClientKind = 'dynamic' | 'cimd' | 'preregistered';
export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

/** An OAuth client (an MCP host): dynamically registered, a Client ID Metadata Document, or pre-registered. */
@Entity({ name: 'oauth_client' })
export class ClientEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** The public client_id: `mcc_…` for registered clients, the document URL for CIMD clients. */
  @Index('oauth_client_client_id_key', { unique: true })
  @Column({ type: 'varchar', length: 512 })
  clientId!: string;
  @Column({ type: 'varchar', length: 16 }) kind!: ClientKind;
  @Column({ type: 'varchar', length: 200 }) clientName!: string;
  @Column({ type: 'jsonb' }) redirectUris!: string[];
  @Column({ type: 'jsonb' }) grantTypes!: string[];
  @Column({ type: 'varchar', length: 32 }) tokenEndpointAuthMethod!: ClientAuthMethod;
  @Column({ type: 'char', length: 64, nullable: true }) clientSecretHash!: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) scope!: string | null;
  /** Other accepted metadata (client_uri, logo_uri, software_id …), echoed at registration. */
  @Column({ type: 'jsonb', default: {} }) metadata!: Record<string, unknown>;
  @Column({ type: 'varchar', length: 100, nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
}
