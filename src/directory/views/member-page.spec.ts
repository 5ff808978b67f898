import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate } from './member-page.js';

describe('member page: formatDate', () => {
  it('writes a date as toLocaleDateString("en-US", long month, UTC) does, without ICU', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const expected = new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            timeZone: 'UTC',
          });
          expect(formatDate(iso)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
    expect(formatDate('2026-03-05')).toBe('March 5, 2026');
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatDate('not-a-date')).toBe('not-a-date');
  });
});
