import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { directoryError } from '../directory.errors.js';
import type { LookupMemberResult, LookupStatus } from '../directory.types.js';
import { SLUG_PATTERN } from '../dto/admin.dto.js';
import type { MemberSearchView, MembersPageView, MemberView, ProfilesPageView } from '../dto/views.dto.js';
import { HOT_QUERIES, type LookupRow, type MemberRow, type SearchPageRow } from '../queries/member.queries.js';
import { encodeCursor, MemberPages } from './member-pages.js';
import { MemberSearch } from './member-search.js';
import { profileUrl, toMemberView } from './member-views.js';

const MAX_QUERY_LENGTH = 200;
const MAX_SEARCH_RESULTS = 50;
const MAX_SLUG_LENGTH = 100;

/** The public reads of the directory: the members list, search, map profiles, exact lookup and profile pages. */
@Injectable()
export class MemberReads {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly memberPages: MemberPages,
    private readonly memberSearch: MemberSearch,
  ) {}

  /** @throws validation_failed for a cursor this service did not issue */
  async list(input: { limit: number; offset: number; cursor?: string }): Promise<MembersPageView> {
    const { rows, total } = input.cursor
      ? await this.memberPages.members.afterCursor(input.limit, input.cursor)
      : await this.memberPages.members.byOffset(input.limit, input.offset);
    const last = rows.at(-1);
    return {
      members: rows.map((r) => this.toView(r)),
      total,
      limit: input.limit,
      offset: input.cursor ? 0 : input.offset,
      next_cursor: last && rows.length === input.limit ? encodeCursor(last.slug) : null,
    };
  }

  /** @throws validation_failed for an empty or over-long query */
  async search(input: { q: string; limit: number }): Promise<MemberSearchView> {
    const q = input.q.trim();
    if (!q) throw directoryError('validation_failed', 'q must not be empty', { details: { field: 'q' } });
    if (q.length > MAX_QUERY_LENGTH) {
      throw directoryError('validation_failed', `q must be at most ${MAX_QUERY_LENGTH} characters`, { details: { field: 'q' } });
    }
    const limit = Math.min(Math.max(1, input.limit), MAX_SEARCH_RESULTS);
    const found = await this.memberSearch.search(q, limit);
    const rows = found.hits.length ? await this.db.query<SearchPageRow[]>(HOT_QUERIES.searchPage, [found.hits.map((h) => h.key)]) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const members = found.hits.flatMap((h) => {
      const row = byId.get(h.key);
      return row ? [{ ...this.toView(row), score: h.score }] : [];
    });
    return { query: q, members, count: members.length, limit };
  }

  async profiles(input: { limit: number; offset: number }): Promise<ProfilesPageView> {
    const { rows, total } = await this.memberPages.profiles.byOffset(input.limit, input.offset);
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

  async lookup(query: string): Promise<LookupMemberResult> {
    const text = query.trim();
    if (!text) return { status: 'not_found', matches: [] };
    const rows = await this.db.query<LookupRow[]>(HOT_QUERIES.lookup, [text]);
    const matches = rows.map((r) => ({
      display_name: r.display_name,
      member_since: r.member_since,
      profile_url: profileUrl(this.config.publicBaseUrl, r.slug),
    }));
    const status: LookupStatus = matches.length === 0 ? 'not_found' : matches.length === 1 ? 'member' : 'ambiguous';
    return { status, matches };
  }

  /** One active member's public profile, or undefined (unknown, hidden or malformed slug). */
  profile(slug: string): Promise<MemberView | undefined> {
    return this.find(slug);
  }

  /** One active member's public profile (the JSON of the profile page). @throws member_not_found */
  async get(slug: string): Promise<MemberView> {
    const member = await this.find(slug);
    if (!member) throw directoryError('member_not_found', `There is no public member with the slug "${slug.slice(0, 100)}".`);
    return member;
  }

  private async find(slug: string): Promise<MemberView | undefined> {
    const clean = slug.toLowerCase();
    if (clean.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(clean)) return undefined;
    const [row] = await this.db.query<MemberRow[]>(HOT_QUERIES.memberBySlug, [clean]);
    return row ? this.toView(row) : undefined;
  }

  private toView(row: MemberRow): MemberView {
    return toMemberView(row, this.config.publicBaseUrl);
  }
}
