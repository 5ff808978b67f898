import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { MEMBER_QUERIES, type AnyMemberRow } from '../queries/member.queries.js';
import { generateDemoMembers } from '../seed/demo-members.js';
import { toRow } from './member-import.js';
import { upsertMembers } from './member-upsert.js';

/**
 * Fills an empty directory with the demo members on the first start of the embedded database, so
 * `npm start` shows a populated globe and API. SEED_DEMO=false, or any external database, skips it.
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('Directory');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  async seedIfEmpty(): Promise<void> {
    if (!this.config.databaseIsEmbedded || !this.config.seedDemo) return;
    const [{ any }] = await this.db.query<AnyMemberRow[]>(MEMBER_QUERIES.anyMember);
    if (any) return;
    const rows = generateDemoMembers().map((m) => toRow(m));
    const { created } = await this.db.transaction((tx) => upsertMembers(tx, rows, 'keep'));
    this.logger.log(`Seeded the demo directory with ${created} members (SEED_DEMO=false turns this off)`);
  }
}
