import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { normalizeAgentName } from '../domain/agent-name.js';
import { parseCertificateId } from '../domain/certificate-id.js';
import { dmvErrors } from '../dmv.errors.js';
import type { AdminRegistrationList, AdminRegistrationQuery, AdminRegistrationView, ReservedNamesView } from '../dmv.types.js';
import { DmvRegistrationEntity } from '../entities/dmv-registration.entity.js';
import { DmvReservedNameEntity } from '../entities/dmv-reserved-name.entity.js';
import {
  ADMIN_COUNT_SQL,
  ADMIN_LIST_SQL,
  WITHDRAW_REGISTRATION_SQL,
  type AdminCountRow,
  type AdminRegistrationRow,
} from '../queries/registration.queries.js';
import { DELETE_ALL_RESERVED_NAMES_SQL, INSERT_RESERVED_NAME_SQL, INSERT_RESERVED_NAMES_SQL } from '../queries/reserved-name.queries.js';
import { certificateUrl } from './certificate-url.js';

const NO_RESERVED: ReadonlySet<string> = new Set();

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** An entity read by key, in the shape of the operators' list rows. */
function registrationRow(e: DmvRegistrationEntity): AdminRegistrationRow {
  return {
    certificate_id: e.certificateId,
    agent_name: e.agentName,
    domain: e.domain,
    registration_type: e.registrationType,
    operator_name: e.operatorName,
    contact_email: e.contactEmail,
    description: e.description,
    source: e.source,
    created_at: e.createdAt,
    contact_verified_at: e.contactVerifiedAt,
    withdrawn_at: e.withdrawnAt,
    withdrawn_reason: e.withdrawnReason,
    withdrawn_by: e.withdrawnBy,
  };
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
    let pattern: string | null = null;
    if (query.name) {
      // LIKE's default escape character in PostgreSQL is the backslash.
      const needle = query.name
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, '-')
        .replace(/[\\%_]/g, (c) => `\\${c}`);
      pattern = `%${needle}%`;
    }
    const filter = [
      pattern,
      query.email ? query.email.trim().toLowerCase() : null,
      query.source || null,
      query.since ? new Date(query.since) : null,
    ];
    const rows = (await this.dataSource.query(ADMIN_LIST_SQL, [...filter, limit, offset])) as AdminRegistrationRow[];
    const [{ total }] = (await this.dataSource.query(ADMIN_COUNT_SQL, filter)) as AdminCountRow[];
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
    return this.toView(registrationRow(row));
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

  private toView(r: AdminRegistrationRow): AdminRegistrationView {
    return {
      certificate_id: r.certificate_id,
      agent_name: r.agent_name,
      domain: r.domain,
      registration_type: r.registration_type,
      operator_name: r.operator_name,
      contact_email: r.contact_email,
      description: r.description,
      source: r.source,
      created_at: r.created_at.toISOString(),
      contact_verified_at: iso(r.contact_verified_at),
      withdrawn_at: iso(r.withdrawn_at),
      withdrawn_reason: r.withdrawn_reason,
      withdrawn_by: r.withdrawn_by,
      certificate_url: certificateUrl(this.config, r.certificate_id),
    };
  }
}
