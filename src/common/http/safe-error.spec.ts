import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { safeError } from './safe-error.js';

describe('safeError', () => {
  it('keeps only the class and SQLSTATE of a driver error, never its statement, parameters or detail', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.org) already exists.',
    });
    const error = new QueryFailedError('INSERT INTO t (email) VALUES ($1)', ['ada@example.org'], driver);
    const logged = JSON.stringify(safeError(error));
    expect(logged).not.toContain('ada@example.org');
    expect(logged).not.toContain('INSERT');
    expect(safeError(error)).toMatchObject({ type: 'QueryFailedError', code: '23505' });
  });

  it('keeps message and stack of other errors', () => {
    expect(safeError(new TypeError('boom'))).toMatchObject({ type: 'TypeError', message: 'boom' });
  });
});
