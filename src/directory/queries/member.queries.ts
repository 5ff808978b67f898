/**
 * Every SQL statement of the directory's member and audit tables, with the typed row each returns
 * (STYLE R13). The statements behind the hot paths are collected in {@link HOT_QUERIES}, exported so
 * the performance test can EXPLAIN exactly what runs (each must use an index on a large directory).
 */
import { latestChangeSql } from '../../common/search/index-sync.js';

/** The change log the member triggers write (migration 1796102000000-search-change-logs.ts). */
export const MEMBER_CHANGE_LOG = 'member_search_change';

/** A member as the search index reads it (MemberSearch). */
export interface IndexedMemberRow {
  id: string;
  slug: string;
  display_name: string;
  category: string | null;
  description: string;
  /** The tags joined by single spaces in SQL: parsing a text[] costs the build ≈ 2.3 s of CPU per million rows. */
  tags_text: string;
  city: string | null;
  country: string | null;
}

const INDEXED_MEMBER = `SELECT id, slug, display_name, category, description, coalesce(array_to_string(tags, ' '), '') AS tags_text, city, country FROM member`;

/** The statements behind the member search index. */
export const MEMBER_INDEX_QUERIES = {
  /** $1 after id, $2 limit: one chunk of an index build, by primary key. */
  chunk: `${INDEXED_MEMBER} WHERE id > $1::uuid AND status = 'active' ORDER BY id LIMIT $2`,
  /** $1 uuid[]: the active members among the ids changed since the last sync. */
  byIds: `${INDEXED_MEMBER} WHERE id = ANY($1::uuid[]) AND status = 'active'`,
} as const;

/** A member as the public reads return it (dates as text, never JS Dates); also the shape the import upserts. */
export interface MemberRow {
  slug: string;
  display_name: string;
  category: string | null;
  description: string;
  website: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  tags: string[];
  member_since: string;
}

export interface AdminMemberRow extends MemberRow {
  status: 'active' | 'hidden';
  created_at: Date;
  updated_at: Date;
}

export interface SearchPageRow extends MemberRow {
  id: string;
}

export interface LookupRow {
  slug: string;
  display_name: string;
  member_since: string;
}

export interface GlobeRow {
  lat: number;
  lon: number;
  count: number;
  city: string | null;
  country: string | null;
}

export interface CategoryCountRow {
  category: string;
  count: number;
}

/** A category count over every status; `category` is null for the uncategorized members. */
export interface AnyCategoryCountRow {
  category: string | null;
  count: number;
}

export interface CountRow {
  count: number;
}

export interface TotalRow {
  total: number;
}

export interface AnchorRow {
  slug: string;
  n: number;
  total: number;
}

export interface ChangeSeqRow {
  seq: string;
}

export interface AnyMemberRow {
  any: boolean;
}

export interface AuditRow {
  id: string;
  operator_id: string | null;
  operator_name: string;
  action: string;
  slug: string | null;
  created_at: Date;
  details: Record<string, unknown> | null;
}

export interface UpsertResultRow {
  slug: string;
  inserted: boolean;
}

/** Every ANCHOR_STEP-th slug of the public list is remembered, so an offset skips < ANCHOR_STEP index entries. */
export const ANCHOR_STEP = 1000;

/** The member table's columns as the views need them (dates as text, never JS Dates). */
const MEMBER_COLUMNS = `slug, display_name, category, description, website, city, country, latitude, longitude, tags,
   member_since::text AS member_since`;
const ADMIN_COLUMNS = `${MEMBER_COLUMNS}, status, created_at, updated_at`;

// The expressions the hand-written indexes are built on; queries must repeat them exactly.
const NORMALISED_NAME = `lower(btrim(regexp_replace(display_name, '\\s+', ' ', 'g')))`;
const PUBLIC_MEMBERS = `status = 'active' AND category IS NOT NULL`;
const MAPPED_MEMBERS = `status = 'active' AND latitude IS NOT NULL AND longitude IS NOT NULL`;

export const MAX_LOOKUP_MATCHES = 25;

/**
 * The statements of a list of members in slug order, served by offset from remembered anchors and by
 * cursor (AnchoredPages): `where` selects the list's members and has a partial index on slug.
 */
function slugPageQueries(where: string) {
  return {
    /**
     * $1 limit, $2 offset past the anchor, $3 the anchor slug. The page's first slug comes from an
     * index-only scan of the partial index starting at the anchor (skipping < ANCHOR_STEP entries
     * without reading the table); the page itself is then one index scan of the same index from that
     * slug, reading only the page's `$1` rows. (A join back to the table by slug probed a second index
     * once per row: at a million members, where neither index nor the table fit in shared buffers,
     * those probes were half of the page's buffer reads.)
     */
    fromAnchor: `SELECT ${MEMBER_COLUMNS}
         FROM member
        WHERE ${where}
          AND slug >= (SELECT slug FROM member WHERE ${where} AND slug >= $3 ORDER BY slug LIMIT 1 OFFSET $2)
        ORDER BY slug
        LIMIT $1`,
    /** $1 limit, $2 the last slug of the previous page (keyset pagination): one index scan of the partial index. */
    after: `SELECT ${MEMBER_COLUMNS} FROM member WHERE ${where} AND slug > $2 ORDER BY slug LIMIT $1`,
    /** Every ANCHOR_STEP-th slug of the list with its position, and the total; one index-only pass. */
    anchors: `SELECT slug, n, total FROM (
          SELECT slug, (row_number() OVER (ORDER BY slug) - 1)::int AS n, (count(*) OVER ())::int AS total
            FROM member WHERE ${where}) AS s
        WHERE n % ${ANCHOR_STEP} = 0 ORDER BY n`,
  } as const;
}

/** The newest entry of the member change log: what is remembered of the lists and counts is recomputed when it moves. */
export const MEMBER_CHANGE_SEQ = latestChangeSql(MEMBER_CHANGE_LOG);

/** The public members list (categorized, active; partial index member_public_slug_idx). */
export const MEMBER_PAGE_QUERIES = slugPageQueries(PUBLIC_MEMBERS);

/** The map's profiles list (active, with a location; partial index member_mapped_slug_idx). */
export const PROFILE_PAGE_QUERIES = slugPageQueries(MAPPED_MEMBERS);

/** The statements behind the hot paths (EXPLAIN-tested). */
export const HOT_QUERIES = {
  /** $1 limit, $2 offset past the anchor slug $3 (see MemberPages). */
  membersPage: MEMBER_PAGE_QUERIES.fromAnchor,
  /** $1 limit, $2 the slug a cursor points after. */
  membersAfter: MEMBER_PAGE_QUERIES.after,
  /** Every 1,000th public slug and the total, recomputed after changes. */
  membersAnchors: MEMBER_PAGE_QUERIES.anchors,
  /** $1 uuid[]: the members of one search page, read by id after the in-process ranking (MemberSearch). */
  searchPage: `SELECT id, ${MEMBER_COLUMNS} FROM member WHERE id = ANY($1::uuid[]) AND status = 'active'`,
  /** A search's freshness check: the newest entry of the member change log. */
  searchFreshness: MEMBER_CHANGE_SEQ,
  /** The search index's build chunk and change reads. */
  searchIndexChunk: MEMBER_INDEX_QUERIES.chunk,
  searchIndexRows: MEMBER_INDEX_QUERIES.byIds,
  /** $1 display name or slug */
  lookup: `SELECT slug, display_name, member_since::text AS member_since
         FROM member
        WHERE status = 'active'
          AND (${NORMALISED_NAME} = lower(btrim(regexp_replace($1, '\\s+', ' ', 'g'))) OR slug = lower(btrim($1)))
        ORDER BY member_since, slug
        LIMIT ${MAX_LOOKUP_MATCHES}`,
  /** $1 slug */
  memberBySlug: `SELECT ${MEMBER_COLUMNS} FROM member WHERE slug = $1 AND status = 'active'`,
  activeCount: `SELECT count(*)::int AS count FROM member WHERE status = 'active'`,
  categoryCounts: `SELECT category, count(*)::int AS count FROM member
        WHERE ${PUBLIC_MEMBERS}
        GROUP BY category ORDER BY count DESC, category`,
  /** $1 limit, $2 offset past the anchor slug $3: the map's profiles (see AnchoredPages). */
  profilesPage: PROFILE_PAGE_QUERIES.fromAnchor,
  /** Every 1,000th mapped slug and the total, recomputed after changes. */
  profilesAnchors: PROFILE_PAGE_QUERIES.anchors,
} as const;

/** Statements off the hot paths: the globe's clustering (cached), operator reads and writes, the seed check. */
export const MEMBER_QUERIES = {
  /** Members clustered by place (city and country, or a 1° cell without a city). */
  globe: `SELECT round(avg(latitude)::numeric, 3)::float8 AS lat, round(avg(longitude)::numeric, 3)::float8 AS lon,
              count(*)::int AS count, min(city) AS city, min(country) AS country
         FROM member
        WHERE ${MAPPED_MEMBERS}
        GROUP BY lower(coalesce(city, '')), lower(coalesce(country, '')), round(latitude), round(longitude)
        ORDER BY count DESC, lat, lon`,
  anyMember: 'SELECT EXISTS (SELECT 1 FROM member) AS any',
  /** $1 limit, $2 offset, $3 status or null for every status. */
  adminPage: `SELECT ${ADMIN_COLUMNS} FROM member WHERE ($3::varchar IS NULL OR status = $3) ORDER BY slug LIMIT $1 OFFSET $2`,
  /** $1 status or null for every status. */
  adminTotal: `SELECT count(*)::int AS total FROM member WHERE ($1::varchar IS NULL OR status = $1)`,
  /** $1 slug, any status. */
  adminBySlug: `SELECT ${ADMIN_COLUMNS} FROM member WHERE slug = $1`,
  /** Categories in use over every status, the uncategorized as a null category. */
  allCategoryCounts: `SELECT category, count(*)::int AS count FROM member GROUP BY category ORDER BY count DESC, category`,
  /** $1 slug */
  delete: 'DELETE FROM member WHERE slug = $1',
  /**
   * $1 a JSON array of {@link MemberRow}s. One statement for any number of rows; a known slug keeps its
   * profile (`upsertKeep`) or has it replaced (`upsertReplace`), its status and id unchanged.
   */
  upsertKeep: upsert('DO NOTHING'),
  upsertReplace: upsert(`DO UPDATE SET display_name = EXCLUDED.display_name, category = EXCLUDED.category,
             description = EXCLUDED.description, website = EXCLUDED.website, city = EXCLUDED.city,
             country = EXCLUDED.country, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
             tags = EXCLUDED.tags, member_since = EXCLUDED.member_since, updated_at = now()`),
} as const;

export const AUDIT_QUERIES = {
  /** $1 operator id, $2 operator name, $3 action, $4 slug, $5 details (JSON text or null). */
  insert: `INSERT INTO member_audit (operator_id, operator_name, action, slug, details) VALUES ($1, $2, $3, $4, $5)`,
  /** $1 operator id, $2 operator name, $3 text[] slugs, $4 boolean[] whether each was created. */
  insertImport: `INSERT INTO member_audit (operator_id, operator_name, action, slug, details)
         SELECT $1, $2, 'import', s, jsonb_build_object('created', c) FROM unnest($3::text[], $4::boolean[]) AS t(s, c)`,
  /** $1 limit */
  latest: `SELECT id, operator_id, operator_name, action, slug, created_at, details FROM member_audit
        ORDER BY created_at DESC, id LIMIT $1`,
  /** $1 limit, $2 slug */
  latestForSlug: `SELECT id, operator_id, operator_name, action, slug, created_at, details FROM member_audit
        WHERE slug = $2 ORDER BY created_at DESC, id LIMIT $1`,
} as const;

function upsert(onConflict: string): string {
  return `INSERT INTO member (slug, display_name, category, description, website, city, country, latitude, longitude, tags, member_since)
       SELECT r.slug, r.display_name, r.category, coalesce(r.description, ''), r.website, r.city, r.country, r.latitude,
              r.longitude, coalesce(ARRAY(SELECT jsonb_array_elements_text(r.tags)), '{}'), r.member_since
         FROM jsonb_to_recordset($1::jsonb) AS r(slug text, display_name text, category text, description text, website text,
              city text, country text, latitude float8, longitude float8, tags jsonb, member_since date)
       ON CONFLICT (slug) ${onConflict}
       RETURNING slug, (xmax = 0) AS inserted`;
}
