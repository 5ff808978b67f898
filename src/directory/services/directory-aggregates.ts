import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CacheBus } from '../../common/cache/cache-bus.service.js';
import type { CommunityStatsResult } from '../directory.types.js';
import type { GlobeView, StatsView } from '../dto/views.dto.js';
import { HOT_QUERIES, MEMBER_QUERIES, type CategoryCountRow, type CountRow, type GlobeRow } from '../queries/member.queries.js';
import { DIRECTORY_CACHE_TOPIC, MemberCountCache, type CountedValue } from './member-count-cache.js';

const GLOBE_TTL_MS = 60_000;

function ageText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute ago';
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/**
 * The directory's aggregates and the caches in front of them: the member count (shared through
 * {@link MemberCountCache}, ≤ 20 minutes), the globe's clusters (per process, a minute) and the note
 * that says how fresh the count is. {@link changed} forgets them on every instance after a change.
 */
@Injectable()
export class DirectoryAggregates {
  private globeCache?: { value: GlobeView; at: number };
  /** The last stats note: it only changes when the count or its age in minutes does. */
  private lastNote?: { countedAt: Date; age: string; text: string };
  /** The last community-stats answer: handed out again (same object) while its count and note hold, so the MCP engine's memo of its serialization hits. */
  private lastAnswer?: CommunityStatsResult;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly memberCount: MemberCountCache,
    bus: CacheBus,
  ) {
    // Another instance changed the directory (after its commit): forget what this one cached.
    bus.on(DIRECTORY_CACHE_TOPIC, () => {
      this.globeCache = undefined;
    });
  }

  async globe(): Promise<GlobeView> {
    const cached = this.globeCache;
    if (cached && Date.now() - cached.at < GLOBE_TTL_MS) return cached.value;
    const rows = await this.db.query<GlobeRow[]>(MEMBER_QUERIES.globe);
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

  async stats(): Promise<StatsView> {
    const counted = await this.countedMembers();
    const categories = await this.db.query<CategoryCountRow[]>(HOT_QUERIES.categoryCounts);
    return {
      member_count: counted.count,
      categorized_member_count: categories.reduce((sum, c) => sum + c.count, 0),
      categories,
      counted_at: counted.countedAt.toISOString(),
      note: this.countNote(counted.countedAt),
    };
  }

  communityStats(): CommunityStatsResult | Promise<CommunityStatsResult> {
    // While the local count is fresh the answer needs no I/O, so it is returned without a promise.
    const fresh = this.memberCount.fresh();
    if (fresh) return this.statsAnswer(fresh);
    return this.countedMembers().then((counted) => this.statsAnswer(counted));
  }

  /**
   * Forgets cached aggregates on every instance after a change. Call it after the commit:
   * invalidating inside the transaction would let a read between the two cache the old value again.
   */
  async changed(): Promise<void> {
    this.globeCache = undefined;
    await this.memberCount.invalidate();
  }

  private statsAnswer(counted: CountedValue): CommunityStatsResult {
    const note = this.countNote(counted.countedAt);
    const last = this.lastAnswer;
    if (last && last.member_count === counted.count && last.note === note) return last;
    const answer = { member_count: counted.count, note };
    this.lastAnswer = answer;
    return answer;
  }

  private countedMembers(): Promise<CountedValue> {
    return this.memberCount.get(async () => {
      const [{ count }] = await this.db.query<CountRow[]>(HOT_QUERIES.activeCount);
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
}
