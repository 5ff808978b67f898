// The DMV's statements about the reserved-name list beyond by-key reads and writes (STYLE R13).

/** Adds a reserved name (a no-op when present). $1 = label. */
export const INSERT_RESERVED_NAME_SQL = `INSERT INTO dmv_reserved_name (name) VALUES ($1) ON CONFLICT DO NOTHING`;

/** Empties the reserved-name list (the replacement's first half, in its transaction). */
export const DELETE_ALL_RESERVED_NAMES_SQL = `DELETE FROM dmv_reserved_name`;

/** Adds many reserved names at once (distinct labels, none present). $1 = labels (varchar[]). */
export const INSERT_RESERVED_NAMES_SQL = `INSERT INTO dmv_reserved_name (name) SELECT unnest($1::varchar[])`;
