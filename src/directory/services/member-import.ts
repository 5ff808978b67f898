import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { AppError } from '../../common/errors/app-error.js';
import { directoryError } from '../directory.errors.js';
import { CreateMemberDto } from '../dto/admin.dto.js';
import type { MemberRow } from '../queries/member.queries.js';

export const MAX_IMPORT_ROWS = 10_000;

/** Stands in for an NDJSON line that is not JSON, so it is reported with the other invalid rows. */
export const UNPARSABLE = Symbol('unparsable');

export interface RowProblem {
  row: number;
  slug: string | null;
  errors: string[];
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    for (const message of Object.values(e.constraints ?? {})) {
      out.push(message.startsWith(e.property) ? `${field}${message.slice(e.property.length)}` : `${field}: ${message}`);
    }
    if (e.children?.length) out.push(...flatten(e.children, field));
  }
  return out;
}

/** True when a calendar date string names a real day (rejects 2024-02-30). */
function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * Validates one member input (create or import row) with the same DTO the REST API documents.
 * Returns every problem, each naming its field.
 */
export function validateMemberInput(raw: unknown): { value?: MemberRow; errors: string[] } {
  if (raw === UNPARSABLE) return { errors: ['line is not valid JSON'] };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { errors: ['row must be a JSON object'] };
  const dto = plainToInstance(CreateMemberDto, raw);
  const errors = flatten(validateSync(dto, { whitelist: true, forbidNonWhitelisted: true }));
  if (typeof dto.member_since === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(dto.member_since) && !isRealDate(dto.member_since)) {
    errors.push('member_since is not a real calendar date');
  }
  if (errors.length) return { errors };
  return { value: toRow(dto), errors };
}

export function toRow(dto: CreateMemberDto): MemberRow {
  const location = dto.location ?? null;
  return {
    slug: dto.slug,
    display_name: dto.display_name,
    category: dto.category ?? null,
    description: dto.description ?? '',
    website: dto.website ?? null,
    city: location?.city?.trim() || null,
    country: location?.country?.trim() || null,
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
    tags: normaliseTags(dto.tags ?? []),
    member_since: dto.member_since,
  };
}

export function normaliseTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

/** Reads an import body: a JSON array (already parsed) or NDJSON text (one object per line). */
export function parseImportBody(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body === 'string') {
    const rows: unknown[] = [];
    for (const line of body.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      try {
        rows.push(JSON.parse(line));
      } catch {
        rows.push(UNPARSABLE);
      }
      if (rows.length > MAX_IMPORT_ROWS) break;
    }
    return rows;
  }
  throw directoryError(
    'validation_failed',
    'The import body must be a JSON array of member rows (Content-Type: application/json) or NDJSON, one row per line (Content-Type: application/x-ndjson).',
  );
}

export function importRejected(problems: RowProblem[], total: number): AppError {
  return directoryError('import_rejected', `${problems.length} of ${total} rows are invalid; nothing was imported.`, {
    details: { rows: problems },
  });
}

/** Validates every row; throws one error listing every invalid row (all-or-nothing). */
export function validateImportRows(rawRows: unknown[]): MemberRow[] {
  if (rawRows.length === 0) throw directoryError('validation_failed', 'The import contains no rows.');
  if (rawRows.length > MAX_IMPORT_ROWS) {
    throw directoryError('payload_too_large', `An import holds at most ${MAX_IMPORT_ROWS} rows; split the file into smaller requests.`);
  }
  const rows: MemberRow[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  rawRows.forEach((raw, index) => {
    const { value, errors } = validateMemberInput(raw);
    const slug =
      raw && typeof raw === 'object' && typeof (raw as { slug?: unknown }).slug === 'string' ? (raw as { slug: string }).slug : null;
    if (value) {
      const earlier = seen.get(value.slug);
      if (earlier !== undefined) errors.push(`slug ${value.slug} already appears in row ${earlier}`);
      else seen.set(value.slug, index + 1);
    }
    if (errors.length) problems.push({ row: index + 1, slug, errors });
    else rows.push(value!);
  });
  if (problems.length) throw importRejected(problems, rawRows.length);
  return rows;
}
