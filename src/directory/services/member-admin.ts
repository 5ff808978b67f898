import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { AppConfig } from '../../config/app-config.js';
import { directoryError } from '../directory.errors.js';
import type { CreateMemberDto, UpdateMemberDto } from '../dto/admin.dto.js';
import { SLUG_PATTERN } from '../dto/admin.dto.js';
import type { AdminMemberView, AdminMembersPageView, AuditEntryView, CategoriesView, ImportResultView } from '../dto/views.dto.js';
import { MemberEntity, type MemberStatus } from '../entities/member.entity.js';
import {
  AUDIT_QUERIES,
  MEMBER_QUERIES,
  type AdminMemberRow,
  type AnyCategoryCountRow,
  type AuditRow,
  type TotalRow,
} from '../queries/member.queries.js';
import { DirectoryAggregates } from './directory-aggregates.js';
import { normaliseTags, parseImportBody, toRow, validateImportRows } from './member-import.js';
import { upsertMembers } from './member-upsert.js';
import { toAdminMemberView } from './member-views.js';

type AuditAction = 'create' | 'update' | 'hide' | 'show' | 'delete';

/** Imports this large change the table's statistics enough to refresh them (the planner keeps using the indexes). */
const ANALYZE_AFTER_ROWS = 1000;

/**
 * Operator management of the directory: reads over every status, create, update, hide/show, delete and
 * bulk import, each change written to the audit log in the same transaction. Cached aggregates are
 * forgotten once the change committed.
 */
@Injectable()
export class MemberAdmin {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly aggregates: DirectoryAggregates,
  ) {}

  async list(input: { limit: number; offset: number; status?: MemberStatus }): Promise<AdminMembersPageView> {
    const status = input.status ?? null;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<AdminMemberRow[]>(MEMBER_QUERIES.adminPage, [input.limit, input.offset, status]),
      this.db.query<TotalRow[]>(MEMBER_QUERIES.adminTotal, [status]),
    ]);
    return { members: rows.map((r) => this.toView(r)), total, limit: input.limit, offset: input.offset };
  }

  /** @throws member_not_found */
  async get(slug: string): Promise<AdminMemberView> {
    return this.toView(await this.find(this.db.manager, slug));
  }

  /** @throws member_exists, validation_failed */
  async create(operator: OperatorPrincipal, input: CreateMemberDto): Promise<AdminMemberView> {
    const value = toRow(input);
    return this.afterCommit(
      this.db.transaction(async (tx) => {
        if (await tx.getRepository(MemberEntity).exists({ where: { slug: value.slug } })) {
          throw directoryError('member_exists', `A member with slug ${value.slug} already exists.`);
        }
        await upsertMembers(tx, [value], 'keep');
        await this.audit(tx, operator, 'create', value.slug, { display_name: value.display_name });
        return this.toView(await this.find(tx, value.slug));
      }),
    );
  }

  /** Applies the given fields; `null` clears a nullable field. @throws member_not_found, validation_failed */
  async update(operator: OperatorPrincipal, slug: string, input: UpdateMemberDto): Promise<AdminMemberView> {
    const { patch, fields } = memberPatch(input);
    return this.afterCommit(
      this.db.transaction(async (tx) => {
        const current = await this.find(tx, slug);
        if (fields.length === 0) throw directoryError('validation_failed', 'Nothing to update: send at least one field.');
        await tx.getRepository(MemberEntity).update({ slug: current.slug }, { ...patch, updatedAt: () => 'now()' });
        await this.audit(tx, operator, 'update', current.slug, { fields });
        return this.toView(await this.find(tx, current.slug));
      }),
    );
  }

  /** Hides a member from every public surface, or shows it again. @throws member_not_found */
  async setStatus(operator: OperatorPrincipal, slug: string, status: MemberStatus): Promise<AdminMemberView> {
    return this.afterCommit(
      this.db.transaction(async (tx) => {
        const current = await this.find(tx, slug);
        if (current.status !== status) {
          await tx.getRepository(MemberEntity).update({ slug: current.slug }, { status, updatedAt: () => 'now()' });
        }
        await this.audit(tx, operator, status === 'hidden' ? 'hide' : 'show', current.slug, { previous_status: current.status });
        return this.toView(await this.find(tx, current.slug));
      }),
    );
  }

  /** @throws member_not_found */
  async delete(operator: OperatorPrincipal, slug: string): Promise<{ deleted: true; slug: string }> {
    return this.afterCommit(
      this.db.transaction(async (tx) => {
        const current = await this.find(tx, slug);
        await tx.getRepository(MemberEntity).delete({ slug: current.slug });
        await this.audit(tx, operator, 'delete', current.slug, { display_name: current.display_name });
        return { deleted: true as const, slug: current.slug };
      }),
    );
  }

  /** @throws import_rejected (details.rows lists every invalid row), payload_too_large, validation_failed */
  async import(operator: OperatorPrincipal, body: unknown): Promise<ImportResultView> {
    const rows = validateImportRows(parseImportBody(body));
    const result = await this.afterCommit(
      this.db.transaction(async (tx) => {
        const outcome = await upsertMembers(tx, rows, 'replace');
        await tx.query(AUDIT_QUERIES.insertImport, [operator.id, operator.name, outcome.slugs, outcome.inserted]);
        return outcome;
      }),
    );
    if (rows.length >= ANALYZE_AFTER_ROWS) await this.db.query('ANALYZE member').catch(() => undefined);
    return { received: rows.length, created: result.created, updated: rows.length - result.created };
  }

  /** Categories in use with their member counts (every status). */
  async categories(): Promise<CategoriesView> {
    const rows = await this.db.query<AnyCategoryCountRow[]>(MEMBER_QUERIES.allCategoryCounts);
    return {
      categories: rows.flatMap((r) => (r.category === null ? [] : [{ category: r.category, count: r.count }])),
      uncategorized: rows.find((r) => r.category === null)?.count ?? 0,
    };
  }

  async auditLog(input: { slug?: string; limit: number }): Promise<{ entries: AuditEntryView[] }> {
    const rows = input.slug
      ? await this.db.query<AuditRow[]>(AUDIT_QUERIES.latestForSlug, [input.limit, input.slug])
      : await this.db.query<AuditRow[]>(AUDIT_QUERIES.latest, [input.limit]);
    return { entries: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) };
  }

  /** Forgets cached aggregates once the transaction committed, and answers what it answered. */
  private async afterCommit<T>(committed: Promise<T>): Promise<T> {
    const result = await committed;
    await this.aggregates.changed();
    return result;
  }

  private async find(tx: EntityManager, slug: string): Promise<AdminMemberRow> {
    const clean = slug.trim().toLowerCase();
    const [row] =
      SLUG_PATTERN.test(clean) && clean.length <= 100 ? await tx.query<AdminMemberRow[]>(MEMBER_QUERIES.adminBySlug, [clean]) : [];
    if (!row) throw directoryError('member_not_found', `No member with slug ${slug.slice(0, 100)}.`);
    return row;
  }

  private async audit(
    tx: EntityManager,
    operator: OperatorPrincipal,
    action: AuditAction,
    slug: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await tx.query(AUDIT_QUERIES.insert, [operator.id, operator.name, action, slug, JSON.stringify(details)]);
  }

  private toView(row: AdminMemberRow): AdminMemberView {
    return toAdminMemberView(row, this.config.publicBaseUrl);
  }
}

/**
 * The columns an update sets, and the fields it names in the audit log (in the DTO's order). An absent
 * field stays; `null` clears category, website or location and leaves the non-nullable fields alone.
 */
function memberPatch(input: UpdateMemberDto): { patch: QueryDeepPartialEntity<MemberEntity>; fields: string[] } {
  const patch: QueryDeepPartialEntity<MemberEntity> = {};
  const fields: string[] = [];
  if (input.display_name != null) {
    patch.displayName = input.display_name;
    fields.push('display_name');
  }
  if (input.member_since != null) {
    patch.memberSince = input.member_since;
    fields.push('member_since');
  }
  if (input.category !== undefined) {
    patch.category = input.category;
    fields.push('category');
  }
  if (input.description != null) {
    patch.description = input.description;
    fields.push('description');
  }
  if (input.website !== undefined) {
    patch.website = input.website;
    fields.push('website');
  }
  if (input.tags != null) {
    patch.tags = normaliseTags(input.tags);
    fields.push('tags');
  }
  if (input.location !== undefined) {
    const l = input.location;
    patch.city = l?.city?.trim() || null;
    patch.country = l?.country?.trim() || null;
    patch.latitude = l?.latitude ?? null;
    patch.longitude = l?.longitude ?? null;
    fields.push('location');
  }
  return { patch, fields };
}
