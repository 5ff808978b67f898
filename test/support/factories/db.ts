// What a factory needs: somewhere to run SQL (a TestApp, or anything with the same `sql`).
import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from '../test-app.js';

export type Db = Pick<TestApp, 'sql'>;

export const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** A short random suffix that keeps unique columns unique across calls. */
export const unique = (): string => randomBytes(4).toString('hex');
