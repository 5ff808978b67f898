import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { RegistrationResult } from '../dmv.types.js';
import { FIND_IDEMPOTENT_SQL, PURGE_IDEMPOTENCY_SQL, STORE_IDEMPOTENCY_SQL, type IdempotencyRow } from '../queries/idempotency.queries.js';

/** Idempotency-Key: 1-255 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The Idempotency-Key store of registrations: one result per key and caller IP hash for 24 hours,
 * in PostgreSQL so that a retry replays across instances and restarts.
 */
@Injectable()
export class DmvRegistrationIdempotency {
  private readonly logger = new Logger('DmvIdempotency');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The stored request hash and result for this key and caller, when still in the window. */
  async find(key: string, ipHash: string): Promise<IdempotencyRow | undefined> {
    const rows = (await this.dataSource.query(FIND_IDEMPOTENT_SQL, [key, ipHash])) as IdempotencyRow[];
    return rows[0];
  }

  /** Stores a result (the first writer wins) and purges expired entries; never fails the registration. */
  async store(key: string, ipHash: string, requestHash: string, result: RegistrationResult): Promise<void> {
    try {
      await this.dataSource.query(PURGE_IDEMPOTENCY_SQL);
      await this.dataSource.query(STORE_IDEMPOTENCY_SQL, [key, ipHash, requestHash, JSON.stringify(result)]);
    } catch (error) {
      // The registration stands; only a later replay would miss it.
      this.logger.warn(`Could not store an idempotency record: ${(error as Error).message}`);
    }
  }
}
