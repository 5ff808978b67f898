import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import type {
  CommunityStatsResult,
  DocPageView,
  DocReadResult,
  DocSearchResult,
  LookupMemberResult,
  PublishedDoc,
} from '../directory.types.js';
import { getDocsCorpus } from '../docs/docs-corpus.js';
import type { CreateMemberDto, UpdateMemberDto } from '../dto/admin.dto.js';
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
import type { MemberStatus } from '../entities/member.entity.js';
import { COMMUNITY_STATS_VIEW_HTML } from '../views/community-stats-view.js';
import { DemoSeeder } from './demo-seeder.js';
import { DirectoryAggregates } from './directory-aggregates.js';
import { DocsCatalog } from './docs-catalog.js';
import { MemberAdmin } from './member-admin.js';
import { MemberReads } from './member-reads.js';

/**
 * The directory's one public service: the member directory (public reads, exact lookup, search,
 * globe, stats), operator changes with their audit trail, and the published documentation. REST
 * controllers and MCP tools both call it; it returns plain view objects (the controllers render the
 * pages with src/directory/views), and delegates the
 * work to its collaborators (MemberReads, DirectoryAggregates, MemberAdmin, DocsCatalog, DemoSeeder).
 * Error codes are those of directory.errors.ts.
 */
@Injectable()
export class DirectoryService implements OnApplicationBootstrap {
  constructor(
    private readonly reads: MemberReads,
    private readonly aggregates: DirectoryAggregates,
    private readonly admin: MemberAdmin,
    private readonly docs: DocsCatalog,
    private readonly seeder: DemoSeeder,
  ) {}

  /** Seeds the demo directory on the first start of the embedded database (SEED_DEMO=false skips it). */
  onApplicationBootstrap(): Promise<void> {
    return this.seeder.seedIfEmpty();
  }

  // ---------------------------------------------------------------- public reads

  /**
   * Categorized public (active) members, ordered by slug. `total` counts the same set. Pages by
   * offset, or after an opaque `cursor` (the previous page's `next_cursor`; offset is then ignored).
   * @throws validation_failed for a cursor this service did not issue
   */
  listMembers(input: { limit: number; offset: number; cursor?: string }): Promise<MembersPageView> {
    return this.reads.list(input);
  }

  /**
   * Ranked member search over name, slug, tags, category, city, country and description
   * (src/common/search/text-index.ts): every word typo-tolerant (one typo from 5 letters, two from 9),
   * the last one also a prefix, accents and case folded, stop words left out. Exact name or slug
   * first, then more words matched, fewer typos, field weights × rarity, proximity, then slug.
   * @throws validation_failed for an empty or over-long query
   */
  searchMembers(input: { q: string; limit: number }): Promise<MemberSearchView> {
    return this.reads.search(input);
  }

  /** Active members with a location, for maps. */
  listProfiles(input: { limit: number; offset: number }): Promise<ProfilesPageView> {
    return this.reads.profiles(input);
  }

  /**
   * Exact lookup by display name (case-insensitive, whitespace-normalised) or slug; never a
   * free-text search. Hidden members are never found.
   */
  lookupMember(query: string): Promise<LookupMemberResult> {
    return this.reads.lookup(query);
  }

  /** Members clustered by place (city and country, or a 1° cell without a city), cached for a minute. */
  globe(): Promise<GlobeView> {
    return this.aggregates.globe();
  }

  /** Community aggregates: the cached member count plus live per-category counts. */
  stats(): Promise<StatsView> {
    return this.aggregates.stats();
  }

  /** The get_community_stats tool: all active members, categorized or not, cached ≤ 20 minutes. */
  communityStats(): CommunityStatsResult | Promise<CommunityStatsResult> {
    return this.aggregates.communityStats();
  }

  // ---------------------------------------------------------------- view data of the pages

  /** One active member's public profile (REST). @throws member_not_found */
  getMember(slug: string): Promise<MemberView> {
    return this.reads.get(slug);
  }

  /** What the HTML profile page shows of an active member; undefined when there is none (the 404 page). */
  memberProfile(slug: string): Promise<MemberView | undefined> {
    return this.reads.profile(slug);
  }

  /** The MCP Apps view (HTML) that shows get_community_stats' answer. */
  communityStatsView(): string {
    return COMMUNITY_STATS_VIEW_HTML;
  }

  // ---------------------------------------------------------------- documentation

  /**
   * The published documentation pages, for what is built before the application exists (the MCP
   * servers' resource lists). The same corpus the instance methods read.
   */
  static publishedDocs(): readonly PublishedDoc[] {
    return getDocsCorpus().pages.map((p) => ({ name: p.name, title: p.title, description: p.description, body: p.body }));
  }

  /**
   * Ranked search over the published documentation (the /docs pages).
   * @throws validation_failed for an empty query
   */
  searchDocs(input: { query: string; limit?: number }): DocSearchResult {
    return this.docs.search(input);
  }

  /** The content-search REST shape of searchDocs. @throws validation_failed */
  contentSearch(input: { q: string; limit: number }): ContentSearchView {
    return this.docs.contentSearch(input);
  }

  /**
   * One documentation page as Markdown.
   * @throws not_found when no page has that path
   */
  readDoc(path: string): DocReadResult {
    return this.docs.read(path);
  }

  /** Every documentation page, in the order of the /docs index. */
  docPages(): readonly DocPageView[] {
    return this.docs.pages();
  }

  /** The documentation page at that path, or undefined (the 404 page). */
  docPage(path: string): DocPageView | undefined {
    return this.docs.page(path);
  }

  // ---------------------------------------------------------------- operators

  adminListMembers(input: { limit: number; offset: number; status?: MemberStatus }): Promise<AdminMembersPageView> {
    return this.admin.list(input);
  }

  /** @throws member_not_found */
  adminGetMember(slug: string): Promise<AdminMemberView> {
    return this.admin.get(slug);
  }

  /** @throws member_exists, validation_failed */
  createMember(operator: OperatorPrincipal, input: CreateMemberDto): Promise<AdminMemberView> {
    return this.admin.create(operator, input);
  }

  /** Applies the given fields; `null` clears a nullable field. @throws member_not_found, validation_failed */
  updateMember(operator: OperatorPrincipal, slug: string, input: UpdateMemberDto): Promise<AdminMemberView> {
    return this.admin.update(operator, slug, input);
  }

  /** Hides a member from every public surface, or shows it again. @throws member_not_found */
  setMemberStatus(operator: OperatorPrincipal, slug: string, status: MemberStatus): Promise<AdminMemberView> {
    return this.admin.setStatus(operator, slug, status);
  }

  /** @throws member_not_found */
  deleteMember(operator: OperatorPrincipal, slug: string): Promise<{ deleted: true; slug: string }> {
    return this.admin.delete(operator, slug);
  }

  /**
   * Bulk upsert by slug: a JSON array or NDJSON text of up to 10,000 rows, all-or-nothing.
   * @throws import_rejected (details.rows lists every invalid row), payload_too_large, validation_failed
   */
  importMembers(operator: OperatorPrincipal, body: unknown): Promise<ImportResultView> {
    return this.admin.import(operator, body);
  }

  /** Categories in use with their member counts (every status). */
  listCategories(): Promise<CategoriesView> {
    return this.admin.categories();
  }

  auditLog(input: { slug?: string; limit: number }): Promise<{ entries: AuditEntryView[] }> {
    return this.admin.auditLog(input);
  }
}
