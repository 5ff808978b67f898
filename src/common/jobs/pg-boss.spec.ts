import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './pg-boss.js';

/** cron-parser exactly as pg-boss loads it (CommonJS, with its luxon). */
const cronParser = createRequire(createRequire(import.meta.url).resolve('pg-boss'))('cron-parser') as {
  parseExpression(cron: string, options: { tz?: string; currentDate?: Date }): { next(): { toDate(): Date } };
};

describe('pg-boss schedules and luxon', () => {
  afterEach(() => vi.restoreAllMocks());

  it('evaluates a UTC schedule without building an Intl.DateTimeFormat (ICU data stays out of memory)', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const next = cronParser
      .parseExpression('*/15 * * * *', { tz: 'UTC', currentDate: new Date('2026-12-01T10:07:30Z') })
      .next()
      .toDate();
    // pg-boss's timekeeper asks for the next run without a current date, too.
    cronParser.parseExpression('0 3 * * *', { tz: 'UTC' }).next();
    expect(next.toISOString()).toBe('2026-12-01T10:15:00.000Z');
    expect(built).not.toHaveBeenCalled();
  });

  it('still computes instants in UTC across a month and a year end', () => {
    const at = (cron: string, now: string) =>
      cronParser
        .parseExpression(cron, { tz: 'UTC', currentDate: new Date(now) })
        .next()
        .toDate()
        .toISOString();
    expect(at('0 3 * * *', '2026-12-31T23:59:00Z')).toBe('2027-01-01T03:00:00.000Z');
    expect(at('30 0 1 * *', '2026-02-14T12:00:00Z')).toBe('2026-03-01T00:30:00.000Z');
  });
});
