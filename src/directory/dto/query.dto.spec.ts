import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { MemberSearchQuery, MembersPageQuery } from './query.dto.js';

function firstMessage(cls: new () => object, input: Record<string, unknown>): string | undefined {
  const errors = validateSync(plainToInstance(cls, input));
  return errors.length ? Object.values(errors[0].constraints ?? {})[0] : undefined;
}

describe('directory query DTOs', () => {
  it('name the parameter in the first message', () => {
    expect(firstMessage(MemberSearchQuery, {})).toMatch(/^q /);
    expect(firstMessage(MemberSearchQuery, {})).toContain('required');
    expect(firstMessage(MemberSearchQuery, { q: '   ' })).toBe('q must not be empty');
    expect(firstMessage(MemberSearchQuery, { q: 'x'.repeat(201) })).toBe('q must be at most 200 characters');
    expect(firstMessage(MemberSearchQuery, { q: 'ok', limit: 'abc' })).toMatch(/^limit must be a whole number/);
    expect(firstMessage(MembersPageQuery, { limit: 'abc' })).toMatch(/^limit must be a whole number/);
    expect(firstMessage(MembersPageQuery, { limit: '0' })).toBe('limit must be between 1 and 100');
    expect(firstMessage(MembersPageQuery, { limit: '101' })).toBe('limit must be between 1 and 100');
    expect(firstMessage(MembersPageQuery, { offset: '-1' })).toMatch(/^offset must be between/);
    expect(firstMessage(MembersPageQuery, { offset: '1.5' })).toMatch(/^offset must be a whole number/);
    expect(firstMessage(MembersPageQuery, {})).toBeUndefined();
  });
});
