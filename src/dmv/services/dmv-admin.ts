import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Like, MoreThanOrEqual, Repository, type FindOptionsWhere } from 'typeorm';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { normalizeAgentName } from '../domain/agent-name.js';
import { parseCertificateId } from '../domain/certificate-id.js';
import { dmvErrors } from '../dmv.errors.js';
import type { AdminRegistrationList, AdminRegistrationQuery, AdminRegistrationView, ReservedNamesView } from '../dmv.types.js';
import { DmvRegistrationEntity } from '../entities/dmv-registration.entity.js';
import { DmvReservedNameEntity } from '../entities/dmv-reserved-name.entity.js';
import { WITHDRAW_REGISTRATION_SQL } from '../queries/registration.queries.js';
import { DELETE_ALL_RESERVED_NAMES_SQL, INSERT_RESERVED_NAME_SQL, INSERT_RESERVED_NAMES_SQL } from '../queries/reserved-name.queries.js';
import { certificateUrl } from './certificate-url.js';

const NO_RESERVED: ReadonlySet<string> = new Set();

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** The operators' side of the DMV: registrations (list, withdraw) and the reserved-name list. */
@Injectable()
export class DmvAdmin {
  private readonly logger = new Logger('DmvAdmin');

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(DmvRegistrationEntity) private readonly registrations: Repository<DmvRegistrationEntity>,
    @InjectRepository(DmvReservedNameEntity) private readonly reserved: Repository<DmvReservedNameEntity>,
  ) {}

  /** Newest first; `name` matches part of the normalized name, `email` the whole address. */
  async list(query: AdminRegistrationQuery): Promise<AdminRegistrationList> {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const where: FindOptionsWhere<DmvRegistrationEntity> = {};
    if (query.name) {
      // LIKE's default escape character in PostgreSQL is the backslash.
      const needle = query.name
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, '-')
        .replace(/[\\%_]/g, (c) => `\\${c}`);
      where.agentName = Like(`%${needle}%`);
    }
    if (query.email) where.contactEmail = query.email.trim().toLowerCase();
    if (query.source) where.source = query.source;
    if (query.since) where.createdAt = MoreThanOrEqual(new Date(query.since));
    const [rows, total] = await this.registrations.findAndCount({
      where,
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
      skip: offset,
    });
    return { registrations: rows.map((r) => this.toView(r)), total, limit, offset };
  }

  /**
   * Kept with the reason, publicly not_found from then on.
   * @throws not_found, already_withdrawn (409)
   */
  async withdraw(operator: OperatorPrincipal, certificateId: string, reason: string): Promise<AdminRegistrationView> {
    const parsed = parseCertificateId(certificateId);
    const row = parsed.ok ? await this.registrations.findOne({ where: { certificateId: parsed.canonical } }) : null;
    if (!row) throw dmvErrors.registrationNotFound(certificateId);
    if (row.withdrawnAt) throw dmvErrors.alreadyWithdrawn();
    row.withdrawnAt = new Date();
    row.withdrawnReason = reason.trim();
    row.withdrawnBy = operator.name.slice(0, 100);
    await this.registrations.query(WITHDRAW_REGISTRATION_SQL, [row.id, row.withdrawnAt, row.withdrawnReason, row.withdrawnBy]);
    this.logger.log(`Registration ${row.certificateId} withdrawn by ${row.withdrawnBy}`);
    return this.toView(row);
  }

  async reservedNames(): Promise<ReservedNamesView> {
    const rows = await this.reserved.find({ order: { name: 'ASC' } });
    return { names: rows.map((r) => r.name) };
  }

  /** @throws invalid_agent_name */
  async addReservedName(operator: OperatorPrincipal, name: string): Promise<ReservedNamesView> {
    const label = this.reservedLabel(name);
    await this.reserved.query(INSERT_RESERVED_NAME_SQL, [label]);
    this.logger.log(`Reserved name '${label}' added by ${operator.name}`);
    return this.reservedNames();
  }

  /** @throws not_found */
  async removeReservedName(operator: OperatorPrincipal, name: string): Promise<ReservedNamesView> {
    const label = name.trim().toLowerCase();
    const deleted = await this.reserved.delete({ name: label });
    if (!deleted.affected) throw dmvErrors.reservedNameNotFound(label);
    this.logger.log(`Reserved name '${label}' removed by ${operator.name}`);
    return this.reservedNames();
  }

  /** @throws invalid_agent_name */
  async replaceReservedNames(operator: OperatorPrincipal, names: string[]): Promise<ReservedNamesView> {
    const labels = [...new Set(names.map((n) => this.reservedLabel(n)))];
    await this.dataSource.transaction(async (tx) => {
      await tx.query(DELETE_ALL_RESERVED_NAMES_SQL);
      if (labels.length) await tx.query(INSERT_RESERVED_NAMES_SQL, [labels]);
    });
    this.logger.log(`Reserved-name list replaced by ${operator.name} (${labels.length} names)`);
    return this.reservedNames();
  }

  private reservedLabel(name: string): string {
    const result = normalizeAgentName(name, NO_RESERVED);
    if (!result.ok) throw dmvErrors.invalidReservedName(result.reason);
    return result.label;
  }

  private toView(r: DmvRegistrationEntity): AdminRegistrationView {
    return {
      certificate_id: r.certificateId,
      agent_name: r.agentName,
      domain: r.domain,
      registration_type: r.registrationType,
      operator_name: r.operatorName,
      contact_email: r.contactEmail,
      description: r.description,
      source: r.source,
      created_at: r.createdAt.toISOString(),
      contact_verified_at: iso(r.contactVerifiedAt),
      withdrawn_at: iso(r.withdrawnAt),
      withdrawn_reason: r.withdrawnReason,
      withdrawn_by: r.withdrawnBy,
      certificate_url: certificateUrl(this.config, r.certificateId),
    };
  }
}
