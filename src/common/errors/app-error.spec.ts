import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { AppError, isConnectionError, toAppError } from './app-error.js';

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

describe('AppError stack capture', () => {
  it('captures no stack frames for a refusal (4xx) and keeps them for a server error (5xx), leaving the global limit as it was', () => {
    const before = Error.stackTraceLimit;
    const refusal = new AppError('not_found', 'No such thing.');
    const failure = new AppError('internal_error', 'Broken.', { status: 500 });
    expect(refusal.stack?.split('\n').filter((line) => line.trim().startsWith('at '))).toEqual([]);
    expect(failure.stack).toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(before);
    expect(refusal).toMatchObject({ code: 'not_found', status: 404, message: 'No such thing.' });
  });
});
