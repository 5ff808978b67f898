import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The raw source of one SMTP transaction (or one inbox_send), stored once however many mailboxes
 * it went to: each recipient's inbox_message points here (`raw_id`). It is deleted with the last
 * message that points to it (the retention job deletes unreferenced sources).
 */
@Entity({ name: 'inbox_raw_message' })
export class RawMessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'bytea' }) raw!: Buffer;
  @Column({ type: 'integer' }) sizeBytes!: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
