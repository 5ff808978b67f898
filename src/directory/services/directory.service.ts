import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { OperatorView } from '../../common/auth/operators.service.js';
import { AppError } from '../../common/errors/app-error.js';
import { latestChangeSql } from '../../common/search/index-sync.js';
import { AppConfig } from '../../config/app-config.js';
import { DocsCorpus } from '../docs/docs-corpus.js';
import type { CreateMemberDto, UpdateMemberDto } from '../dto/admin.dto.js';
import { SLUG_PATTERN } from '../dto/admin.dto.js';
import type {
  AdminMemberView,
  AdminMembersPageView,
  AuditEntryView,
  CategoriesView,
  ContentSearchView,
  GlobeView,
  ImportResultView,
  MemberSearchView,
  MembersPageView,
  MemberView,
  ProfilesPageView,
  StatsView,
} from '../dto/views.dto.js';
import { generateDemoMembers } from '../seed/demo-members.js';
import { renderDocPage, renderDocsIndex } from '../views/docs-page.js';
import { renderNotFoundPage } from '../views/html.js';
import { renderMemberPage } from '../views/member-page.js';
import { MemberCountCache } from './member-count-cache.js';
import { encodeCursor, MEMBER_PAGE_QUERIES, MemberPages } from './member-pages.js';
import { MEMBER_CHANGE_LOG, MEMBER_INDEX_QUERIES, MemberSearch } from './member-search.js';
import {
  normaliseTags,
  parseImportBody,
  toRow,
  validateImportRows,
  type MemberRow,
} from './member-import.js';

/** The member table's columns as the views need them (dates as text, never JS Dates). */
const columns = (a = ''): string =>
  `${a}slug, ${a}display_name, ${a}category, ${a}description, ${a}website, ${a}city, ${a}country, ${a}latitude,
   ${a}longitude, ${a}tags, ${a}member_since::text AS member_since`;
const MEMBER_COLUMNS = columns();
const ADMIN_COLUMNS = `${MEMBER_COLUMNS}, status, created_at, updated_at`;

// The expressions the hand-written indexes are built on; queries must repeat them exactly.
const NORMALISED_NAME = `lower(btrim(regexp_replace(display_name, '\\s+', ' ', 'g')))`;

const GLOBE_TTL_MS = 60_000;
const MAX_LOOKUP_MATCHES = 25;

const PUBLIC_MEMBERS = `status = 'active' AND category IS NOT NULL`;
const MAPPED_MEMBERS = `status = 'active' AND latitude IS NOT NULL AND longitude IS NOT NULL`;

/**
 * The statements behind the hot paths, exported so the performance test can EXPLAIN exactly what
 * runs (each must use an index, never a sequential scan, on a large directory).
 */
export const HOT_QUERIES = {
  /** $1 limit, $2 offset past the anchor slug $3 (see MemberPages). */
  membersPage: MEMBER_PAGE_QUERIES.fromAnchor,
  /** $1 limit, $2 the slug a cursor points after. */
  membersAfter: MEMBER_PAGE_QUERIES.after,
  /** Every 1,000th public slug and the total, recomputed after changes. */
  membersAnchors: MEMBER_PAGE_QUERIES.anchors,
  /** $1 uuid[]: the members of one search page, read by id after the in-process ranking (MemberSearch). */
  searchPage: `SELECT id, ${MEMBER_COLUMNS} FROM member WHERE id = ANY($1::uuid[]) AND status = 'active'`,
  /** A search's freshness check: the newest entry of the member change log. */
  searchFreshness: latestChangeSql(MEMBER_CHANGE_LOG),
  /** The search index's build chunk and change reads. */
  searchIndexChunk: MEMBER_INDEX_QUERIES.chunk,
  searchIndexRows: MEMBER_INDEX_QUERIES.byIds,
  /** $1 display name or slug */
  lookup: `SELECT slug, display_name, member_since::text AS member_since
         FROM member
        WHERE status = 'active'
          AND (${NORMALISED_NAME} = lower(btrim(regexp_replace($1, '\\s+', ' ', 'g'))) OR slug = lower(btrim($1)))
        ORDER BY member_since, slug
        LIMIT ${MAX_LOOKUP_MATCHES}`,
  /** $1 slug */
  memberBySlug: `SELECT ${MEMBER_COLUMNS} FROM member WHERE slug = $1 AND status = 'active'`,
  activeCount: `SELECT count(*)::int AS count FROM member WHERE status = 'active'`,
  categoryCounts: `SELECT category, count(*)::int AS count FROM member
        WHERE ${PUBLIC_MEMBERS}
        GROUP BY category ORDER BY count DESC, category`,
  /** $1 limit, $2 offset */
  profilesPage: `SELECT ${MEMBER_COLUMNS} FROM member WHERE ${MAPPED_MEMBERS} ORDER BY slug LIMIT $1 OFFSET $2`,
  profilesTotal: `SELECT count(*)::int AS total FROM member WHERE ${MAPPED_MEMBERS}`,
} as const;

/** A member as the hot queries return it: the same columns the import writes. */
type MemberRecord = MemberRow;

interface AdminMemberRecord extends MemberRecord {
  status: 'active' | 'hidden';
  created_at: Date;
  updated_at: Date;
}

export type LookupStatus = 'member' | 'not_found' | 'ambiguous';

export interface LookupMemberResult {
  status: LookupStatus;
  matches: Array<{ display_name: string; member_since: string; profile_url: string }>;
}

export interface CommunityStatsResult {
  member_count: number;
  note: string;
}

export interface DocSearchResult {
  query: string;
  results: Array<{ title: string; path: string; uri: string; url: string; snippet: string; score: number }>;
}

export interface DocReadResult {
  path: string;
  title: string;
  markdown: string;
}

export interface HtmlPage {
  status: number;
  html: string;
}

function ageText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute ago';
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/**
 * The directory's one public service: the member directory (public reads, exact lookup, search,
 * globe, stats), operator changes with their audit trail, and the published documentation corpus.
 * REST controllers and MCP tools both call it; it returns plain view objects.
 */
@Injectable()
export class DirectoryService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Directory');
  private globeCache?: { value: GlobeView; at: number };
  /** The last stats note: it only changes when the count or its age in minutes does. */
  private lastNote?: { countedAt: Date; age: string; text: string };
  /** The last get_community_stats answer, frozen: handed out again while count and note are unchanged. */
  private lastStats?: Readonly<CommunityStatsResult>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly memberCount: MemberCountCache,
    private readonly docs: DocsCorpus,
    private readonly memberSearch: MemberSearch,
    private readonly memberPages: MemberPages,
  ) {}

  /** Seeds the demo directory on the first start of the embedded database (SEED_DEMO=false skips it). */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.databaseIsEmbedded || !this.config.seedDemo) return;
    const [{ any }] = await this.db.query<Array<{ any: boolean }>>('SELECT EXISTS (SELECT 1 FROM member) AS any');
    if (any) return;
    const rows = generateDemoMembers().map((m) =>
      toRow({ ...m, category: m.category, tags: m.tags, location: m.location ?? null } as CreateMemberDto),
    );
    const { created } = await this.db.transaction((tx) => this.upsert(tx, rows, 'nothing'));
    this.logger.log(`Seeded the demo directory with ${created} members (SEED_DEMO=false turns this off)`);
  }

  // ---------------------------------------------------------------- public reads

  profileUrl(slug: string): string {
    return `${this.config.publicBaseUrl}/members/${slug}`;
  }

  /**
   * Categorized public (active) members, ordered by slug. `total` counts the same set. Pages by
   * offset, or after an opaque `cursor` (the previous page's `next_cursor`; offset is then ignored).
   * @throws validation_failed for a cursor this service did not issue
   */
  async listMembers(input: { limit: number; offset: number; cursor?: string }): Promise<MembersPageView> {
    const { rows, total } = input.cursor
      ? await this.memberPages.afterCursor<MemberRecord>(input.limit, input.cursor)
      : await this.memberPages.byOffset<MemberRecord>(input.limit, input.offset);
    const last = rows.at(-1);
    return {
      members: rows.map((r) => this.toView(r)),
      total,
      limit: input.limit,
      offset: input.cursor ? 0 : input.offset,
      next_cursor: last && rows.length === input.limit ? encodeCursor(last.slug) : null,
    };
  }

  /**
   * Ranked member search over name, slug, tags, category, city, country and description
   * (src/common/search/text-index.ts): every word typo-tolerant (one typo from 5 letters, two from 9),
   * the last one also a prefix, accents and case folded, stop words left out. Exact name or slug
   * first, then more words matched, fewer typos, field weights × rarity, proximity, then slug.
   * @throws validation_failed for an empty or over-long query
   */
  async searchMembers(input: { q: string; limit: number }): Promise<MemberSearchView> {
    const q = input.q.trim();
    if (!q) throw new AppError('validation_failed', 'q must not be empty', { details: { field: 'q' } });
    if (q.length > 200) throw new AppError('validation_failed', 'q must be at most 200 characters', { details: { field: 'q' } });
    const limit = Math.min(Math.max(1, input.limit), 50);
    const found = await this.memberSearch.search(q, limit);
    const rows = found.hits.length
      ? await this.db.query<Array<MemberRecord & { id: string }>>(HOT_QUERIES.searchPage, [found.hits.map((h) => h.key)])
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const members = found.hits.flatMap((h) => {
      const row = byId.get(h.key);
      return row ? [{ ...this.toView(row), score: h.score }] : [];
    });
    return { query: q, members, count: members.length, limit };
  }

  /** Active members with a location, for maps. */
  async listProfiles(input: { limit: number; offset: number }): Promise<ProfilesPageView> {
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<MemberRecord[]>(HOT_QUERIES.profilesPage, [input.limit, input.offset]),
      this.db.query<Array<{ total: number }>>(HOT_QUERIES.profilesTotal),
    ]);
    return {
      profiles: rows.map((r) => {
        const view = this.toView(r);
        return {
          slug: view.slug,
          display_name: view.display_name,
          category: view.category,
          location: view.location!,
          profile_url: view.profile_url,
        };
      }),
      total,
      limit: input.limit,
      offset: input.offset,
    };
  }

  /** Members clustered by place (city and country, or a 1° cell without a city), cached for a minute. */
  async globe(): Promise<GlobeView> {
    const cached = this.globeCache;
    if (cached && Date.now() - cached.at < GLOBE_TTL_MS) return cached.value;
    const rows = await this.db.query<Array<{ lat: number; lon: number; count: number; city: string | null; country: string | null }>>(
      `SELECT round(avg(latitude)::numeric, 3)::float8 AS lat, round(avg(longitude)::numeric, 3)::float8 AS lon,
              count(*)::int AS count, min(city) AS city, min(country) AS country
         FROM member
        WHERE status = 'active' AND latitude IS NOT NULL AND longitude IS NOT NULL
        GROUP BY lower(coalesce(city, '')), lower(coalesce(country, '')), round(latitude), round(longitude)
        ORDER BY count DESC, lat, lon`,
    );
    const points = rows.map((r) => ({
      lat: r.lat,
      lon: r.lon,
      count: r.count,
      label: [r.city, r.country].filter(Boolean).join(', ') || 'Members',
    }));
    const value = { points, total: points.reduce((sum, p) => sum + p.count, 0) };
    this.globeCache = { value, at: Date.now() };
    return value;
  }

  /** Community aggregates: the cached member count plus live per-category counts. */
  async stats(): Promise<StatsView> {
    const counted = await this.countedMembers();
    const categories = await this.db.query<Array<{ category: string; count: number }>>(HOT_QUERIES.categoryCounts);
    return {
      member_count: counted.count,
      categorized_member_count: categories.reduce((sum, c) => sum + c.count, 0),
      categories,
      counted_at: counted.countedAt.toISOString(),
      note: this.countNote(counted.countedAt),
    };
  }

  /** The get_community_stats tool: all active members, categorized or not, cached ≤ 20 minutes. */
  communityStats(): CommunityStatsResult | Promise<CommunityStatsResult> {
    // While the local count is fresh the answer needs no I/O, so it is returned without a promise.
    const fresh = this.memberCount.fresh();
    if (fresh) return this.statsAnswer(fresh.count, fresh.countedAt);
    return this.countedMembers().then((counted) => this.statsAnswer(counted.count, counted.countedAt));
  }

  /**
   * The same frozen answer object while the count and its note are unchanged, so the MCP engine
   * can reuse its serialization (src/mcp/protocol/engine.ts, toolResult).
   */
  private statsAnswer(count: number, countedAt: Date): Readonly<CommunityStatsResult> {
    const note = this.countNote(countedAt);
    const last = this.lastStats;
    if (last && last.member_count === count && last.note === note) return last;
    return (this.lastStats = Object.freeze({ member_count: count, note }));
  }

  /**
   * Exact lookup by display name (case-insensitive, whitespace-normalised) or slug; never a
   * free-text search. Hidden members are never found.
   */
  async lookupMember(query: string): Promise<LookupMemberResult> {
    const text = query.trim();
    if (!text) return { status: 'not_found', matches: [] };
    const rows = await this.db.query<Array<{ slug: string; display_name: string; member_since: string }>>(HOT_QUERIES.lookup, [
      text,
    ]);
    const matches = rows.map((r) => ({
      display_name: r.display_name,
      member_since: r.member_since,
      profile_url: this.profileUrl(r.slug),
    }));
    const status: LookupStatus = matches.length === 0 ? 'not_found' : matches.length === 1 ? 'member' : 'ambiguous';
    return { status, matches };
  }

  /** The HTML profile page of an active member, or the 404 page. */
  async memberPage(slug: string): Promise<HtmlPage> {
    const clean = slug.toLowerCase();
    const missing = { status: 404, html: renderNotFoundPage('There is no public member profile at this address.') };
    if (clean.length > 100 || !SLUG_PATTERN.test(clean)) return missing;
    const [row] = await this.db.query<MemberRecord[]>(HOT_QUERIES.memberBySlug, [clean]);
    if (!row) return missing;
    return { status: 200, html: renderMemberPage(this.toView(row)) };
  }

  // ---------------------------------------------------------------- documentation

  listDocs(): Array<{ path: string; title: string; description: string; uri: string }> {
    return this.docs.pages.map((p) => ({ path: p.name, title: p.title, description: p.description, uri: `docs://agentry/${p.name}` }));
  }

  /** Ranked search over the published documentation (the /docs pages). */
  searchDocs(input: { query: string; limit?: number }): DocSearchResult {
    const query = input.query.trim();
    if (!query) throw new AppError('validation_failed', 'query must not be empty', { details: { field: 'query' } });
    const limit = Math.min(Math.max(1, input.limit ?? 10), 20);
    return {
      query,
      results: this.docs.search(query, limit).map((h) => ({
        title: h.page.title,
        path: h.page.name,
        uri: `docs://agentry/${h.page.name}`,
        url: `${this.config.publicBaseUrl}/docs/${h.page.name}`,
        snippet: h.snippet,
        score: h.score,
      })),
    };
  }

  /** The content-search REST shape of searchDocs. */
  contentSearch(input: { q: string; limit: number }): ContentSearchView {
    const { query, results } = this.searchDocs({ query: input.q, limit: input.limit });
    return { query, results, count: results.length };
  }

  /**
   * One documentation page as Markdown.
   * @throws not_found when no page has that path
   */
  readDoc(path: string): DocReadResult {
    const page = this.docs.get(path);
    if (!page) {
      throw new AppError('not_found', `No documentation page "${path.slice(0, 100)}". Known pages: ${this.docs.pages.map((p) => p.name).join(', ')}.`, {
        status: 404,
      });
    }
    return { path: page.name, title: page.title, markdown: page.markdown };
  }

  docsIndexPage(): string {
    return renderDocsIndex([...this.docs.pages]);
  }

  docPage(path: string): HtmlPage {
    const page = this.docs.get(path);
    if (!page) return { status: 404, html: renderNotFoundPage('There is no documentation page at this address.') };
    return { status: 200, html: renderDocPage(page, [...this.docs.pages]) };
  }

  // ---------------------------------------------------------------- operators

  async adminListMembers(input: { limit: number; offset: number; status?: 'active' | 'hidden' }): Promise<AdminMembersPageView> {
    const params: unknown[] = [input.limit, input.offset];
    let where = 'TRUE';
    if (input.status) {
      params.push(input.status);
      where = `status = $3`;
    }
    const rows = await this.db.query<AdminMemberRecord[]>(
      `SELECT ${ADMIN_COLUMNS} FROM member WHERE ${where} ORDER BY slug LIMIT $1 OFFSET $2`,
      params,
    );
    const [{ total }] = await this.db.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM member WHERE ${input.status ? 'status = $1' : 'TRUE'}`,
      input.status ? [input.status] : [],
    );
    return { members: rows.map((r) => this.toAdminView(r)), total, limit: input.limit, offset: input.offset };
  }

  /** @throws member_not_found */
  async adminGetMember(slug: string): Promise<AdminMemberView> {
    return this.toAdminView(await this.findForAdmin(this.db.manager, slug));
  }

  /** @throws member_exists (409), validation_failed */
  async createMember(operator: OperatorView, input: CreateMemberDto): Promise<AdminMemberView> {
    const value = toRow(input);
    return this.db.transaction(async (tx) => {
      const [existing] = await tx.query<Array<{ slug: string }>>('SELECT slug FROM member WHERE slug = $1', [value.slug]);
      if (existing) throw new AppError('member_exists', `A member with slug ${value.slug} already exists.`, { status: 409 });
      await this.upsert(tx, [value], 'nothing');
      await this.audit(tx, operator, 'create', value.slug, { display_name: value.display_name });
      await this.changed();
      return this.toAdminView(await this.findForAdmin(tx, value.slug));
    });
  }

  /** Applies the given fields; `null` clears a nullable field. @throws member_not_found */
  async updateMember(operator: OperatorView, slug: string, input: UpdateMemberDto): Promise<AdminMemberView> {
    return this.db.transaction(async (tx) => {
      const current = await this.findForAdmin(tx, slug);
      const sets: string[] = [];
      const params: unknown[] = [];
      const changed: string[] = [];
      const set = (column: string, value: unknown, field = column): void => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
        if (!changed.includes(field)) changed.push(field);
      };
      if (input.display_name != null) set('display_name', input.display_name);
      if (input.member_since != null) set('member_since', input.member_since);
      if (input.category !== undefined) set('category', input.category);
      if (input.description != null) set('description', input.description);
      if (input.website !== undefined) set('website', input.website);
      if (input.tags != null) set('tags', normaliseTags(input.tags));
      if (input.location !== undefined) {
        const l = input.location;
        set('city', l?.city?.trim() || null, 'location');
        set('country', l?.country?.trim() || null, 'location');
        set('latitude', l?.latitude ?? null, 'location');
        set('longitude', l?.longitude ?? null, 'location');
      }
      if (sets.length === 0) throw new AppError('validation_failed', 'Nothing to update: send at least one field.');
      params.push(current.slug);
      await tx.query(`UPDATE member SET ${sets.join(', ')}, updated_at = now() WHERE slug = $${params.length}`, params);
      await this.audit(tx, operator, 'update', current.slug, { fields: changed });
      await this.changed();
      return this.toAdminView(await this.findForAdmin(tx, current.slug));
    });
  }

  /** Hides a member from every public surface, or shows it again. @throws member_not_found */
  async setMemberStatus(operator: OperatorView, slug: string, status: 'active' | 'hidden'): Promise<AdminMemberView> {
    return this.db.transaction(async (tx) => {
      const current = await this.findForAdmin(tx, slug);
      if (current.status !== status) {
        await tx.query('UPDATE member SET status = $1, updated_at = now() WHERE slug = $2', [status, current.slug]);
      }
      await this.audit(tx, operator, status === 'hidden' ? 'hide' : 'show', current.slug, { previous_status: current.status });
      await this.changed();
      return this.toAdminView(await this.findForAdmin(tx, current.slug));
    });
  }

  /** @throws member_not_found */
  async deleteMember(operator: OperatorView, slug: string): Promise<{ deleted: true; slug: string }> {
    return this.db.transaction(async (tx) => {
      const current = await this.findForAdmin(tx, slug);
      await tx.query('DELETE FROM member WHERE slug = $1', [current.slug]);
      await this.audit(tx, operator, 'delete', current.slug, { display_name: current.display_name });
      await this.changed();
      return { deleted: true as const, slug: current.slug };
    });
  }

  /**
   * Bulk upsert by slug: a JSON array or NDJSON text of up to 10,000 rows, all-or-nothing.
   * @throws import_rejected (400, details.rows lists every invalid row), payload_too_large, validation_failed
   */
  async importMembers(operator: OperatorView, body: unknown): Promise<ImportResultView> {
    const rows = validateImportRows(parseImportBody(body));
    const result = await this.db.transaction(async (tx) => {
      const outcome = await this.upsert(tx, rows, 'update');
      await tx.query(
        `INSERT INTO member_audit (operator_id, operator_name, action, slug, details)
         SELECT $1, $2, 'import', s, jsonb_build_object('created', c) FROM unnest($3::text[], $4::boolean[]) AS t(s, c)`,
        [operator.id, operator.name, outcome.slugs, outcome.inserted],
      );
      return outcome;
    });
    await this.changed();
    // Large imports change the table's statistics; refresh them so the planner keeps using the indexes.
    if (rows.length >= 1000) await this.db.query('ANALYZE member').catch(() => undefined);
    return { received: rows.length, created: result.created, updated: rows.length - result.created };
  }

  /** Categories in use with their member counts (every status). */
  async listCategories(): Promise<CategoriesView> {
    const rows = await this.db.query<Array<{ category: string | null; count: number }>>(
      `SELECT category, count(*)::int AS count FROM member GROUP BY category ORDER BY count DESC, category`,
    );
    return {
      categories: rows.filter((r) => r.category !== null) as Array<{ category: string; count: number }>,
      uncategorized: rows.find((r) => r.category === null)?.count ?? 0,
    };
  }

  async auditLog(input: { slug?: string; limit: number }): Promise<{ entries: AuditEntryView[] }> {
    const rows = await this.db.query<
      Array<{ id: string; operator_id: string | null; operator_name: string; action: string; slug: string | null; created_at: Date; details: Record<string, unknown> | null }>
    >(
      `SELECT id, operator_id, operator_name, action, slug, created_at, details FROM member_audit
        ${input.slug ? 'WHERE slug = $2' : ''} ORDER BY created_at DESC, id LIMIT $1`,
      input.slug ? [input.limit, input.slug] : [input.limit],
    );
    return { entries: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) };
  }

  // ---------------------------------------------------------------- internals

  private async countedMembers(): Promise<{ count: number; countedAt: Date }> {
    return this.memberCount.get(async () => {
      const [{ count }] = await this.db.query<Array<{ count: number }>>(HOT_QUERIES.activeCount);
      return count;
    });
  }

  private countNote(countedAt: Date): string {
    const age = ageText(Date.now() - countedAt.getTime());
    const last = this.lastNote;
    if (last && last.countedAt === countedAt && last.age === age) return last.text;
    const text =
      `Approximate: active member organizations counted ${age} ` +
      `(${countedAt.toISOString()}); the count is refreshed at most every 20 minutes.`;
    this.lastNote = { countedAt, age, text };
    return text;
  }

  /** Forgets cached aggregates after an operator change. */
  private async changed(): Promise<void> {
    this.globeCache = undefined;
    await this.memberCount.invalidate();
  }

  private async findForAdmin(tx: EntityManager, slug: string): Promise<AdminMemberRecord> {
    const clean = slug.trim().toLowerCase();
    const [row] = SLUG_PATTERN.test(clean) && clean.length <= 100
      ? await tx.query<AdminMemberRecord[]>(`SELECT ${ADMIN_COLUMNS} FROM member WHERE slug = $1`, [clean])
      : [];
    if (!row) throw new AppError('member_not_found', `No member with slug ${slug.slice(0, 100)}.`, { status: 404 });
    return row;
  }

  private async audit(
    tx: EntityManager,
    operator: OperatorView,
    action: string,
    slug: string | null,
    details: Record<string, unknown> | null,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO member_audit (operator_id, operator_name, action, slug, details) VALUES ($1, $2, $3, $4, $5)`,
      [operator.id, operator.name, action, slug, details === null ? null : JSON.stringify(details)],
    );
  }

  /** One statement for any number of rows; on a known slug either replaces the profile or keeps it. */
  private async upsert(
    tx: EntityManager,
    rows: MemberRow[],
    onConflict: 'update' | 'nothing',
  ): Promise<{ created: number; slugs: string[]; inserted: boolean[] }> {
    const conflict =
      onConflict === 'update'
        ? `DO UPDATE SET display_name = EXCLUDED.display_name, category = EXCLUDED.category,
             description = EXCLUDED.description, website = EXCLUDED.website, city = EXCLUDED.city,
             country = EXCLUDED.country, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
             tags = EXCLUDED.tags, member_since = EXCLUDED.member_since, updated_at = now()`
        : 'DO NOTHING';
    const result = await tx.query<Array<{ slug: string; inserted: boolean }>>(
      `INSERT INTO member (slug, display_name, category, description, website, city, country, latitude, longitude, tags, member_since)
       SELECT r.slug, r.display_name, r.category, coalesce(r.description, ''), r.website, r.city, r.country, r.latitude,
              r.longitude, coalesce(ARRAY(SELECT jsonb_array_elements_text(r.tags)), '{}'), r.member_since
         FROM jsonb_to_recordset($1::jsonb) AS r(slug text, display_name text, category text, description text, website text,
              city text, country text, latitude float8, longitude float8, tags jsonb, member_since date)
       ON CONFLICT (slug) ${conflict}
       RETURNING slug, (xmax = 0) AS inserted`,
      [JSON.stringify(rows)],
    );
    return {
      created: result.filter((r) => r.inserted).length,
      slugs: result.map((r) => r.slug),
      inserted: result.map((r) => r.inserted),
    };
  }

  private toView(r: MemberRecord): MemberView {
    const hasLocation = r.city !== null || r.country !== null || r.latitude !== null || r.longitude !== null;
    return {
      slug: r.slug,
      display_name: r.display_name,
      category: r.category,
      description: r.description,
      website: r.website,
      tags: r.tags,
      location: hasLocation ? { city: r.city, country: r.country, latitude: r.latitude, longitude: r.longitude } : null,
      member_since: r.member_since,
      profile_url: this.profileUrl(r.slug),
    };
  }

  private toAdminView(r: AdminMemberRecord): AdminMemberView {
    return {
      ...this.toView(r),
      status: r.status,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  }
}
