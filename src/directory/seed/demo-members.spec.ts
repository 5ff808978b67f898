import { describe, expect, it } from 'vitest';

import { generateBulkMembers } from '../../../bench/generators/bulk-members.js';
import { DEMO_CATEGORIES, generateDemoMembers, mulberry32, slugify } from './demo-members.js';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

describe('mulberry32', () => {
  it('is deterministic and stays in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe('slugify', () => {
  it('produces URL-safe kebab case', () => {
    expect(slugify('Kestrel Robotics Collective')).toBe('kestrel-robotics-collective');
    expect(slugify('  São Paulo — Agent Labs! ')).toBe('sao-paulo-agent-labs');
  });
});

describe('generateDemoMembers', () => {
  const members = generateDemoMembers();

  it('returns 320 members by default and honours count', () => {
    expect(members).toHaveLength(320);
    expect(generateDemoMembers(5)).toHaveLength(5);
    expect(generateDemoMembers(0)).toEqual([]);
  });

  it('is deterministic for a seed and varies across seeds', () => {
    expect(generateDemoMembers(320, 42)).toEqual(members);
    expect(generateDemoMembers(50, 42)).toEqual(members.slice(0, 50));
    const other = generateDemoMembers(320, 43);
    expect(other.map((m) => m.slug)).not.toEqual(members.map((m) => m.slug));
  });

  it('has unique kebab-case slugs and unique display names', () => {
    const slugs = members.map((m) => m.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(members.map((m) => m.display_name)).size).toBe(members.length);
    for (const slug of slugs) expect(slug).toMatch(SLUG_PATTERN);
  });

  it('keeps coordinates in range and uses only the .example TLD', () => {
    for (const m of members) {
      expect(m.website).toBe(`https://${m.slug}.example`);
      if (m.location) {
        expect(m.location.latitude).toBeGreaterThanOrEqual(-90);
        expect(m.location.latitude).toBeLessThanOrEqual(90);
        expect(m.location.longitude).toBeGreaterThanOrEqual(-180);
        expect(m.location.longitude).toBeLessThanOrEqual(180);
        expect(m.location.city.length).toBeGreaterThan(0);
        expect(m.location.country.length).toBeGreaterThan(0);
      }
    }
  });

  it('has plausible category, location, tag and date distributions', () => {
    const uncategorized = members.filter((m) => m.category === null).length;
    const located = members.filter((m) => m.location !== null).length;
    expect(uncategorized).toBeGreaterThan(5);
    expect(uncategorized).toBeLessThan(60);
    expect(members.length - located).toBeGreaterThan(10);
    expect(members.length - located).toBeLessThan(65);

    const categories = new Set(members.map((m) => m.category).filter((c): c is string => c !== null));
    expect(categories.size).toBe(DEMO_CATEGORIES.length);
    expect(new Set(members.map((m) => m.location?.country).filter(Boolean)).size).toBeGreaterThan(20);

    for (const m of members) {
      expect(m.tags.length).toBeGreaterThanOrEqual(1);
      expect(m.tags.length).toBeLessThanOrEqual(4);
      expect(new Set(m.tags).size).toBe(m.tags.length);
      expect(m.member_since).toMatch(DATE_PATTERN);
      expect(m.member_since >= '2023-01-01').toBe(true);
      expect(m.member_since <= '2026-10-31').toBe(true);
      expect(m.description.startsWith(m.display_name)).toBe(true);
    }
  });
});

// The benchmarks' bulk generator lives in bench/ (it never ships); it is built from this seed's draws.
describe('generateBulkMembers', () => {
  // Its speed is the benchmarks' business (bench:search-scale reports generation time), not a timed test's.
  it('produces 100,000 members with unique slugs', () => {
    const bulk = generateBulkMembers(100_000, 1);

    expect(bulk).toHaveLength(100_000);
    expect(new Set(bulk.map((m) => m.slug)).size).toBe(100_000);
    expect(bulk[0]?.slug).toMatch(SLUG_PATTERN);
  });

  it('is deterministic', () => {
    expect(generateBulkMembers(200, 9)).toEqual(generateBulkMembers(200, 9));
  });
});
