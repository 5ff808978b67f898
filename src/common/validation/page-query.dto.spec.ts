import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { PageQueryDto } from './page-query.dto.js';

const AdminPage = PageQueryDto({ maxLimit: 200 });
const SmallPage = PageQueryDto({ maxLimit: 100, defaultLimit: 20 });

function check(cls: new () => object, input: Record<string, unknown>): { value: object; messages: string[] } {
  const value = plainToInstance(cls, input);
  const messages = validateSync(value).flatMap((e) => Object.values(e.constraints ?? {}));
  return { value, messages };
}

describe('PageQueryDto', () => {
  it('converts the query strings and fills the defaults', () => {
    expect(check(AdminPage, { limit: '10', offset: '30' })).toEqual({ value: { limit: 10, offset: 30 }, messages: [] });
    expect(check(AdminPage, {})).toEqual({ value: { limit: 50, offset: 0 }, messages: [] });
    expect(check(SmallPage, {}).value).toEqual({ limit: 20, offset: 0 });
  });

  it("refuses with class-validator's own messages, bounded by maxLimit", () => {
    expect(check(AdminPage, { limit: '201' }).messages).toEqual(['limit must not be greater than 200']);
    expect(check(SmallPage, { limit: '101' }).messages).toEqual(['limit must not be greater than 100']);
    expect(check(AdminPage, { limit: '0' }).messages).toEqual(['limit must not be less than 1']);
    expect(check(AdminPage, { offset: '-1' }).messages).toEqual(['offset must not be less than 0']);
    expect(check(AdminPage, { offset: '1.5' }).messages).toEqual(['offset must be an integer number']);
  });
});
