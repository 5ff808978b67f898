import type { EntityManager } from 'typeorm';
import { SEALED_PREFIX, type SecretBox } from './secret-box.js';

/**
 * A text column that holds sealed values (`enc:v1:…`), with the primary key column of its table.
 * Names are constants of the modules that own the tables, never input.
 */
export interface SealedColumn {
  table: string;
  column: string;
  key: string;
}

/** The columns of common's own tables. */
export const COMMON_SEALED_COLUMNS: readonly SealedColumn[] = [{ table: 'app_secret', column: 'value', key: 'name' }];

const label = (c: SealedColumn) => `${c.table}.${c.column}`;

/** Rows whose value is not sealed (NULLs are not secrets). */
export const countPlaintextSql = (c: SealedColumn) =>
  `SELECT count(*)::int AS count FROM "${c.table}" WHERE "${c.column}" IS NOT NULL AND left("${c.column}", ${SEALED_PREFIX.length}) <> '${SEALED_PREFIX}'`;

const selectPlaintextForUpdateSql = (c: SealedColumn) =>
  `SELECT "${c.key}"::text AS key, "${c.column}" AS value FROM "${c.table}" ` +
  `WHERE "${c.column}" IS NOT NULL AND left("${c.column}", ${SEALED_PREFIX.length}) <> '${SEALED_PREFIX}' FOR UPDATE`;

const updateSql = (c: SealedColumn) => `UPDATE "${c.table}" SET "${c.column}" = $2 WHERE "${c.key}"::text = $1`;

export interface PlaintextCountRow {
  count: number;
}

interface PlaintextRow {
  key: string;
  value: string;
}

export interface SealedColumnCount {
  column: string;
  rows: number;
}

/** How many rows of each column are stored unsealed. */
export async function countPlaintext(manager: EntityManager, columns: readonly SealedColumn[]): Promise<SealedColumnCount[]> {
  const counts: SealedColumnCount[] = [];
  for (const c of columns) {
    const [row] = (await manager.query(countPlaintextSql(c))) as PlaintextCountRow[];
    counts.push({ column: label(c), rows: row.count });
  }
  return counts;
}

/** Seals every unsealed row of `columns` in one transaction (all or nothing); returns the counts per column. */
export function encryptPlaintext(manager: EntityManager, box: SecretBox, columns: readonly SealedColumn[]): Promise<SealedColumnCount[]> {
  return manager.transaction(async (tx) => {
    const counts: SealedColumnCount[] = [];
    for (const c of columns) {
      const rows = (await tx.query(selectPlaintextForUpdateSql(c))) as PlaintextRow[];
      for (const row of rows) await tx.query(updateSql(c), [row.key, box.seal(row.value)]);
      counts.push({ column: label(c), rows: rows.length });
    }
    return counts;
  });
}

/** One line for operators: what is still unsealed, and the command that fixes it. */
export function plaintextRefusal(counts: readonly SealedColumnCount[], command: string): string | null {
  const found = counts.filter((c) => c.rows > 0);
  if (found.length === 0) return null;
  const total = found.reduce((n, c) => n + c.rows, 0);
  return (
    `${total} stored secret${total === 1 ? ' is' : 's are'} not encrypted (${found.map((c) => `${c.column}: ${c.rows}`).join(', ')}); ` +
    `plaintext rows are refused. Run \`${command}\` once, then start again.`
  );
}
