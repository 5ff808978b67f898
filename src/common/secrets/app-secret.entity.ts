import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Secrets the service generates for itself on first start (e.g. the key of IP hashes), shared by
 * every instance through the database. Always encrypted at rest (SecretBox; plaintext rows are refused).
 */
@Entity({ name: 'app_secret' })
export class AppSecretEntity {
  @PrimaryColumn({ type: 'varchar', length: 60 }) name!: string;
  @Column({ type: 'text' }) value!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
