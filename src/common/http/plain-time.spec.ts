import { describe, expect, it } from 'vitest';
import { inPlainTime, timeAgo } from './plain-time.js';

describe('plain time', () => {
  it('says when to retry in words', () => {
    expect(inPlainTime(3)).toBe('in a few seconds');
    expect(inPlainTime(60)).toBe('in about a minute');
    expect(inPlainTime(600)).toBe('in 10 minutes');
    expect(inPlainTime(3502)).toBe('in about an hour');
    expect(inPlainTime(3 * 3600)).toBe('in about 3 hours');
    expect(inPlainTime(86_400)).toBe('in about a day');
  });

  it('says how long ago', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(timeAgo(new Date('2026-01-01T11:59:50Z'), now)).toBe('just now');
    expect(timeAgo(new Date('2026-01-01T11:55:00Z'), now)).toBe('5 minutes ago');
    expect(timeAgo(new Date('2025-12-30T12:00:00Z'), now)).toBe('on 2025-12-30');
  });
});
