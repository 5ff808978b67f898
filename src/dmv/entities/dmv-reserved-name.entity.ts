import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A label nobody may pre-register; operators edit the list. Seeded from DEFAULT_RESERVED_NAMES. */
@Entity({ name: 'dmv_reserved_name' })
export class DmvReservedNameEntity {
  @PrimaryColumn({ type: 'varchar', length: 63 }) name!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
