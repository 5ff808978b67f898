import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors/app-error.js';
import { MAX_IMPORT_ROWS, parseImportBody, UNPARSABLE, validateImportRows, validateMemberInput } from './member-import.js';

const valid = { slug: 'acme-ai', display_name: 'Acme AI', member_since: '2024-02-29' };

describe('member import validation', () => {
  it('maps a valid row to table columns with defaults', () => {
    const { value, errors } = validateMemberInput({
      ...valid,
      category: ' Research ',
      tags: ['a', ' a ', 'b'],
      location: { city: ' Lima ', latitude: -12.05 },
    });
    expect(errors).toEqual([]);
    expect(value).toEqual({
      slug: 'acme-ai',
      display_name: 'Acme AI',
      category: 'research',
      description: '',
      website: null,
      city: 'Lima',
      country: null,
      latitude: -12.05,
      longitude: null,
      tags: ['a', 'b'],
      member_since: '2024-02-29',
    });
  });

  it('reports every problem of a row, naming the field', () => {
    const { errors } = validateMemberInput({
      slug: 'Bad Slug',
      display_name: '',
      member_since: '2023-02-29',
      location: { longitude: 200 },
      extra: 1,
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^slug /),
        expect.stringMatching(/^display_name /),
        expect.stringMatching(/^location\.longitude /),
        expect.stringMatching(/extra/),
        'member_since is not a real calendar date',
      ]),
    );
    expect(validateMemberInput(UNPARSABLE).errors).toEqual(['line is not valid JSON']);
    expect(validateMemberInput(null).errors).toEqual(['row must be a JSON object']);
  });

  it('parses NDJSON, skipping blank lines and marking unparsable ones', () => {
    expect(parseImportBody('{"a":1}\n\n{oops\n{"b":2}\r\n')).toEqual([{ a: 1 }, UNPARSABLE, { b: 2 }]);
    expect(parseImportBody([1, 2])).toEqual([1, 2]);
    expect(() => parseImportBody({ rows: [] })).toThrow(AppError);
  });

  it('rejects the whole import when any row is invalid, listing every invalid row', () => {
    try {
      validateImportRows([valid, { ...valid }, { slug: 'x' }]);
      expect.unreachable();
    } catch (e) {
      const error = e as AppError;
      expect(error.code).toBe('import_rejected');
      expect(error.message).toBe('2 of 3 rows are invalid; nothing was imported.');
      const rows = error.details!.rows as Array<{ row: number; errors: string[] }>;
      expect(rows.map((r) => r.row)).toEqual([2, 3]);
      expect(rows[0].errors).toEqual(['slug acme-ai already appears in row 1']);
    }
  });

  it('refuses empty and oversized imports', () => {
    expect(() => validateImportRows([])).toThrow('The import contains no rows.');
    const tooMany = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => valid);
    expect(() => validateImportRows(tooMany)).toThrow(/at most 10000 rows/);
  });
});
