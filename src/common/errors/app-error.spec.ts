import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { isConnectionError, toAppError } from './app-error.js';

describe('isConnectionError / toAppError', () => {
  it('maps a transaction whose connection died mid-way (TypeORM released its query runner) to a retryable 503', () => {
    const error = new QueryRunnerProviderAlreadyReleasedError();
    expect(isConnectionError(error)).toBe(true);
    expect(toAppError(error)).toMatchObject({ code: 'database_unavailable', status: 503, retryable: true });
    expect(toAppError(new QueryRunnerAlreadyReleasedError())).toMatchObject({ code: 'database_unavailable', status: 503 });
  });

  it('maps the server shutting down to 503 and an unknown error to a 500 without driver text', () => {
    expect(toAppError(Object.assign(new Error('the database system is shutting down'), { code: '57P03' })).status).toBe(503);
    expect(toAppError(new Error('relation "x" does not exist'))).toMatchObject({ code: 'internal_error', status: 500 });
  });
});
