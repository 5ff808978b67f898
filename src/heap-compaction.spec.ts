import { PerformanceObserver, constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS_PER_ROUND, compactAfterBoot } from './heap-compaction.js';

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
    const done = new Promise<number>((resolve) => compactAfterBoot(ready, resolve, [100, 300]));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const beforeReady = majors.length;
    markReady();
    const ms = await done;
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(ms).toBeGreaterThanOrEqual(0);
    // None of ours before readiness (V8 may run one of its own), all of each round after it.
    expect(beforeReady).toBeLessThan(ROUNDS);
    expect(majors.length - beforeReady).toBeGreaterThanOrEqual(PER_ROUND * ROUNDS);
    // The main context gets no gc global.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
