// Directory members (table member), inserted straight into a test's database.
import type { Db } from './db.js';
import { unique } from './db.js';

export interface MemberFixture {
  slug: string;
  display_name: string;
  category?: string | null;
  description?: string;
  website?: string | null;
  tags?: string[];
  city?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  member_since?: string;
  status?: 'active' | 'hidden';
}

/** A valid, publicly listed member (active, with a category); any field can be overridden. */
export function memberFixture(overrides: Partial<MemberFixture> = {}): MemberFixture {
  const slug = overrides.slug ?? `member-${unique()}`;
  return {
    slug,
    display_name: `Member ${slug}`,
    category: 'research',
    description: '',
    tags: [],
    member_since: '2024-01-15',
    status: 'active',
    ...overrides,
  };
}

/** Inserts members in one statement (defaults as memberFixture gives them). */
export async function insertMembers(db: Db, members: MemberFixture[]): Promise<void> {
  await db.sql(
    `INSERT INTO member (slug, display_name, category, description, website, tags, city, country, latitude, longitude, member_since, status)
     SELECT r.slug, r.display_name, r.category, coalesce(r.description, ''), r.website,
            coalesce(ARRAY(SELECT jsonb_array_elements_text(r.tags)), '{}'), r.city, r.country, r.latitude, r.longitude,
            coalesce(r.member_since, DATE '2024-01-15'), coalesce(r.status, 'active')
       FROM jsonb_to_recordset($1::jsonb) AS r(slug text, display_name text, category text, description text, website text,
            tags jsonb, city text, country text, latitude float8, longitude float8, member_since date, status text)`,
    [JSON.stringify(members.map((m) => ({ category: null, ...m })))],
  );
}

/** One member; returns what was inserted. */
export async function insertMember(db: Db, overrides: Partial<MemberFixture> = {}): Promise<MemberFixture> {
  const member = memberFixture(overrides);
  await insertMembers(db, [member]);
  return member;
}
