import { describe, expect, it } from 'vitest';
import { clockTime, inAbout, plainDate, timeAgo } from './plain-time.js';

describe('plain time', () => {
  it('says waits in words, never seconds', () => {
    expect(inAbout(5)).toBe('in less than a minute');
    expect(inAbout(70)).toBe('in about a minute');
    expect(inAbout(3502)).toBe('in about 58 minutes');
    expect(inAbout(3600)).toBe('in about an hour');
    expect(inAbout(7200)).toBe('in about 2 hours');
    for (const s of [1, 59, 61, 3502, 86_400]) expect(inAbout(s)).not.toMatch(/\d+ ?s\b|seconds/);
  });
  it('dates and times in UTC', () => {
    expect(plainDate('2026-12-01T14:52:10Z')).toBe('1 Dec 2026');
    expect(clockTime('2026-12-01T04:02:10Z')).toBe('04:02 UTC');
    expect(timeAgo('2026-12-01T14:00:00Z', Date.parse('2026-12-01T14:05:00Z'))).toBe('5 minutes ago');
  });
});
