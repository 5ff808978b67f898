// The app_secret table's statements beyond by-key reads (STYLE R13).

/**
 * Stores a generated secret unless another instance stored one by that name first (concurrent
 * first uses agree on the stored value). $1 = name, $2 = sealed value.
 */
export const INSERT_SECRET_IF_ABSENT_SQL = `INSERT INTO app_secret (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING`;
