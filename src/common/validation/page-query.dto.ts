import type { Type as ClassType } from '@nestjs/common';
import { ApiPropertyOptional } from '../http/swagger.js';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `?limit&offset` of an offset-paged list, converted from the query string and checked. */
export interface PageQuery {
  limit: number;
  offset: number;
}

export interface PageQueryOptions {
  /** The largest page a caller may ask for. */
  maxLimit: number;
  /** The page size when `limit` is absent (default 50). */
  defaultLimit?: number;
  /**
   * The OpenAPI type of both parameters (default `integer`). `number` only where the published
   * document already says so: the document must not change under its clients.
   */
  schemaType?: 'integer' | 'number';
}

/**
 * The paging query DTO of the operators' lists (`?limit&offset`): whole numbers, `limit` from 1 to
 * `maxLimit`, `offset` from 0, refused with class-validator's own messages ("limit must not be
 * greater than 200", "offset must be an integer number", …). A module's list query extends it, or
 * passes its filters class as `base` when the filters come first in the document (inherited
 * properties, validation and OpenAPI metadata come before the paging ones).
 */
export function PageQueryDto<B extends object = object>(
  options: PageQueryOptions,
  base: ClassType<B> = class {} as ClassType<B>,
): ClassType<PageQuery & B> {
  const { maxLimit, defaultLimit = 50, schemaType = 'integer' } = options;

  class PageQueryDto extends (base as ClassType<object>) implements PageQuery {
    @ApiPropertyOptional({ type: schemaType, minimum: 1, maximum: maxLimit, default: defaultLimit })
    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(maxLimit)
    limit: number = defaultLimit;

    @ApiPropertyOptional({ type: schemaType, minimum: 0, default: 0 })
    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(0)
    offset: number = 0;
  }
  return PageQueryDto as ClassType<PageQuery & B>;
}
