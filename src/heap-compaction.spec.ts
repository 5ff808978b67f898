import { PerformanceObserver, constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS_PER_ROUND, compactAfterBoot, type CompactionReport } from './heap-compaction.js';

const ROUNDS = 2;
const PER_ROUND = COLLECTIONS_PER_ROUND;

describe('compactAfterBoot', () => {
  it('waits for readiness (0.6 s here), then runs its rounds of full collections, and says when it is done', async () => {
    const majors: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(entry.startTime);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const done = new Promise<CompactionReport>((resolve) => compactAfterBoot(ready, resolve, [100, 300], Number.MAX_SAFE_INTEGER));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const beforeReady = majors.length;
    markReady();
    const report = await done;
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(report.ms).toBeGreaterThan(0);
    expect(report.skipped).toBe(0);
    // None of ours before readiness (V8 may run one of its own), all of each round after it.
    expect(beforeReady).toBeLessThan(ROUNDS);
    expect(majors.length - beforeReady).toBeGreaterThanOrEqual(PER_ROUND * ROUNDS);
    // The main context gets no gc global.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it("runs a round's collections one per event-loop turn, so what is waiting runs between them", async () => {
    const events: string[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) events.push('gc');
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    // A stand-in for requests: a callback on every turn of the loop while the round runs.
    let ticking = true;
    const tick = (): void => {
      events.push('tick');
      if (ticking) setImmediate(tick);
    };
    const done = new Promise<CompactionReport>((resolve) => compactAfterBoot(Promise.resolve(), resolve, [50], Number.MAX_SAFE_INTEGER));
    setImmediate(tick);
    await done;
    ticking = false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    // The GC entries are delivered asynchronously; what matters is that the loop turned between the
    // collections: at least one tick between the first and the last of the round's collections.
    const first = events.indexOf('gc');
    const last = events.lastIndexOf('gc');
    expect(events.filter((e) => e === 'gc').length).toBeGreaterThanOrEqual(PER_ROUND);
    expect(events.slice(first, last).filter((e) => e === 'tick').length).toBeGreaterThanOrEqual(PER_ROUND - 1);
  });

  it('skips a round when the heap is already larger than the bound, and says so', async () => {
    let majors = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    const report = await new Promise<CompactionReport>((resolve) => compactAfterBoot(Promise.resolve(), resolve, [10, 20], 1024));
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(report).toEqual({ ms: 0, skipped: 2 });
    expect(majors).toBeLessThan(PER_ROUND);
  });
});
