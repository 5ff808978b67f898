// Generated members inserted straight into PostgreSQL, 10,000 rows per set-based statement (the member
// triggers still run): a million members load in minutes rather than through a million-row HTTP
// import. Used by bench/directory.bench.mjs (BENCH_LOAD=sql) and bench/load-scale.mjs.
import pg from 'pg';

const INSERT = `INSERT INTO member (slug, display_name, category, description, website, tags, city, country, latitude, longitude, member_since, status)
  SELECT r.slug, r.display_name, r.category, r.description, r.website, ARRAY(SELECT jsonb_array_elements_text(r.tags)),
         r.city, r.country, r.latitude, r.longitude, r.member_since, 'active'
    FROM jsonb_to_recordset($1::jsonb) AS r(slug text, display_name text, category text, description text, website text,
         tags jsonb, city text, country text, latitude float8, longitude float8, member_since date)`;

/** Inserts `chunks` (an iterable of arrays of generated members, ≤ 10,000 each); the seconds it took. */
export async function insertMembers(databaseUrl, chunks) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const chunk of chunks) {
      const rows = chunk.map((m) => ({
        slug: m.slug,
        display_name: m.display_name,
        category: m.category,
        description: m.description,
        website: m.website,
        tags: m.tags,
        city: m.location?.city ?? null,
        country: m.location?.country ?? null,
        latitude: m.location?.latitude ?? null,
        longitude: m.location?.longitude ?? null,
        member_since: m.member_since,
      }));
      await client.query(INSERT, [JSON.stringify(rows)]);
    }
  } finally {
    await client.end();
  }
  return (Date.now() - started) / 1000;
}

/** `members` in slices of 10,000, for insertMembers. */
export function* slices(members, size = 10_000) {
  for (let i = 0; i < members.length; i += size) yield members.slice(i, i + size);
}

/**
 * A generated member (bench/generators/bulk-members.ts) as the directory's index document, the `i`-th
 * of a run: the fields, weights order and exact texts of src/directory/services/member-index-source.ts
 * (for the engine-only benches, which build without PostgreSQL).
 */
export function generatedMemberDocument(m, i) {
  return {
    key: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    fields: [
      m.display_name,
      m.slug.replaceAll('-', ' '),
      (m.tags ?? []).join(' '),
      m.category ?? '',
      `${m.location?.city ?? ''} ${m.location?.country ?? ''}`,
      m.description ?? '',
    ],
    exact: [m.display_name, m.slug.replaceAll('-', ' ')],
    sortKey: m.slug,
  };
}

/** The directory's field weights (src/directory/services/member-search.ts). */
export const MEMBER_WEIGHTS = [8, 6, 4, 3, 2, 1];

/**
 * The member index of `count` generated members (seed 42) built with `TextIndex` (an engine build's
 * class) and compacted, as the engine-only benches query it; with the display names of the members at
 * 122,000, 322,000, … (the rotation's "exact display name" queries).
 */
export function buildMemberIndex(TextIndex, count, chunks) {
  const index = new TextIndex(MEMBER_WEIGHTS);
  index.clear();
  const names = [];
  let i = 0;
  for (const chunk of chunks(count, 42, 5000)) {
    for (const m of chunk) {
      if (i % 200_000 === 122_000) names.push(m.display_name);
      index.upsert(generatedMemberDocument(m, i++));
    }
  }
  index.compact();
  return { index, names };
}

/** bench:directory's search rotation, before and after its exact display name (engine-only benches). */
export const MEMBER_QUERIES_HEAD = ['agent', 'robotics', 'healthcare evaluation', 'open source', 'Nortwind', 'kestral labs', 'climate'].map(
  (q) => ({ q }),
);
export const MEMBER_QUERIES_TYPOS = ['evaluaton harnesses', 'warehuose robots', 'robo'].map((q) => ({ q }));
