import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CommunityStatsResult } from '../directory.types.js';
import type { GlobeView, StatsView } from '../dto/views.dto.js';
import { HOT_QUERIES, MEMBER_QUERIES, type CategoryCountRow, type CountRow, type GlobeRow } from '../queries/member.queries.js';
import { MemberChangeKeyed } from './member-change-keyed.js';
import { MemberCountCache, type CountedValue } from './member-count-cache.js';

const MINUTE_MS = 60_000;

function ageText(minutes: number): string {
  if (minutes < 1) return 'less than a minute ago';
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/** The stats note of one count and one age in whole minutes, with the clock span that age covers. */
interface StatsNote {
  countedAt: Date | undefined;
  /** First and last-plus-one millisecond (Date.now()) at which the age in minutes is this note's. */
  from: number;
  until: number;
  text: string;
}

/** Matches no count: the first call builds the note. */
const NO_NOTE: StatsNote = { countedAt: undefined, from: 0, until: 0, text: '' };

/**
 * The directory's aggregates and what is remembered of them: the member count (shared through
 * {@link MemberCountCache}, ≤ 20 minutes), the per-category counts and the globe's clusters
 * (recomputed after a change to `member`, {@link MemberChangeKeyed}) and the note that says how
 * fresh the count is. {@link changed} forgets the count on every instance after a change.
 */
@Injectable()
export class DirectoryAggregates {
  /** Active members per category (a pass over every active member). */
  private readonly categoryCounts: MemberChangeKeyed<CategoryCountRow[]>;
  /** Mapped members clustered by place (a pass over every mapped member: ≈ 1.3 s at a million). */
  private readonly globeClusters: MemberChangeKeyed<GlobeView>;
  /** The last stats note: it only changes when the count or its age in minutes does. */
  private lastNote: StatsNote = NO_NOTE;
  /** The last community-stats answer: handed out again (same object) while its count and note hold, so the MCP engine's memo of its serialization hits. */
  private lastAnswer?: CommunityStatsResult;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly memberCount: MemberCountCache,
  ) {
    this.categoryCounts = new MemberChangeKeyed(db, () => db.query<CategoryCountRow[]>(HOT_QUERIES.categoryCounts));
    this.globeClusters = new MemberChangeKeyed(db, async () => {
      const rows = await db.query<GlobeRow[]>(MEMBER_QUERIES.globe);
      const points = rows.map((r) => ({
        lat: r.lat,
        lon: r.lon,
        count: r.count,
        label: [r.city, r.country].filter(Boolean).join(', ') || 'Members',
      }));
      return { points, total: points.reduce((sum, p) => sum + p.count, 0) };
    });
  }

  globe(): Promise<GlobeView> {
    return this.globeClusters.get();
  }

  async stats(): Promise<StatsView> {
    const [counted, categories] = await Promise.all([this.countedMembers(), this.categoryCounts.get()]);
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
    await this.memberCount.invalidate();
  }

  private statsAnswer(counted: CountedValue): CommunityStatsResult {
    const note = this.countNote(counted.countedAt);
    const last = this.lastAnswer;
    if (last && last.member_count === counted.count && last.note === note) return last;
    // Frozen here, as the engine's result memo would freeze it at its first call: every answer then
    // has the same (frozen) shape, so a new answer each minute does not deoptimize the optimized call path.
    const answer = Object.freeze({ member_count: counted.count, note });
    this.lastAnswer = answer;
    return answer;
  }

  private countedMembers(): Promise<CountedValue> {
    return this.memberCount.get(async () => {
      const [{ count }] = await this.db.query<CountRow[]>(HOT_QUERIES.activeCount);
      return count;
    });
  }

  /**
   * The note for a count at the current time. The hot path (every get_community_stats call) takes
   * the same comparisons whatever the clock says; the text is rebuilt in {@link buildNote} when the
   * count or its age in whole minutes changes. (It used to compute the age text per call, whose
   * branches changed as the minutes rolled over: each new branch deoptimized the optimized call
   * path, and a wave of recompiles followed — docs/benchmarks.md, "MCP engine: session 10".)
   */
  private countNote(countedAt: Date): string {
    const now = Date.now();
    const last = this.lastNote;
    if (last.countedAt === countedAt && now >= last.from && now < last.until) return last.text;
    return this.buildNote(countedAt, now);
  }

  private buildNote(countedAt: Date, now: number): string {
    const counted = countedAt.getTime();
    const minutes = Math.floor((now - counted) / MINUTE_MS);
    const text =
      `Approximate: active member organizations counted ${ageText(minutes)} ` +
      `(${countedAt.toISOString()}); the count is refreshed at most every 20 minutes.`;
    this.lastNote = { countedAt, from: counted + minutes * MINUTE_MS, until: counted + (minutes + 1) * MINUTE_MS, text };
    return text;
  }
}
