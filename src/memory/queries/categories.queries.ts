/** SQL over `memory_category`. */

export interface CategoryRow {
  slug: string;
  title: string;
  description: string;
  /** The creator's handle. */
  created_by: string;
  created_at: Date;
}

export interface CategoryIdRow {
  id: string;
}

export interface CreatedRow {
  created_at: Date;
}

export const CATEGORY_QUERIES = {
  /** By slug: $1 limit, $2 offset. */
  list: `SELECT c.slug, c.title, c.description, a.handle AS created_by, c.created_at
    FROM memory_category c JOIN memory_agent a ON a.id = c.created_by
    ORDER BY c.slug LIMIT $1 OFFSET $2`,
  /** $1 slug. */
  idBySlug: `SELECT id FROM memory_category WHERE slug = $1`,
  /** $1 slug, $2 title, $3 description, $4 creator's agent id. */
  insert: `INSERT INTO memory_category (slug, title, description, created_by) VALUES ($1, $2, $3, $4) RETURNING created_at`,
} as const;
