import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export const MAX_OFFSET = 1_000_000;

/** `?limit&offset` of GET /api/v1/members. */
export class MembersPageQuery {
  @ApiPropertyOptional({ description: 'Page size.', minimum: 1, maximum: 100, default: 50, example: 50, type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @Max(100, { message: 'limit must be between 1 and 100' })
  @Min(1, { message: 'limit must be between 1 and 100' })
  @IsInt({ message: 'limit must be a whole number between 1 and 100' })
  limit: number = 50;

  @ApiPropertyOptional({ description: 'Number of members to skip.', minimum: 0, maximum: MAX_OFFSET, default: 0, example: 0, type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_OFFSET, { message: `offset must be between 0 and ${MAX_OFFSET}` })
  @Min(0, { message: `offset must be between 0 and ${MAX_OFFSET}` })
  @IsInt({ message: `offset must be a whole number between 0 and ${MAX_OFFSET}` })
  offset: number = 0;
}

/** `?limit&offset` of GET /api/v1/profiles. */
export class ProfilesPageQuery {
  @ApiPropertyOptional({ description: 'Page size.', minimum: 1, maximum: 500, default: 100, example: 100, type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @Max(500, { message: 'limit must be between 1 and 500' })
  @Min(1, { message: 'limit must be between 1 and 500' })
  @IsInt({ message: 'limit must be a whole number between 1 and 500' })
  limit: number = 100;

  @ApiPropertyOptional({ description: 'Number of profiles to skip.', minimum: 0, maximum: MAX_OFFSET, default: 0, example: 0, type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_OFFSET, { message: `offset must be between 0 and ${MAX_OFFSET}` })
  @Min(0, { message: `offset must be between 0 and ${MAX_OFFSET}` })
  @IsInt({ message: `offset must be a whole number between 0 and ${MAX_OFFSET}` })
  offset: number = 0;
}

/** `?q&limit` of GET /api/v1/search. */
export class MemberSearchQuery {
  @ApiProperty({ description: 'Search text (1–200 characters after trimming).', minLength: 1, maxLength: 200, example: 'agent' })
  @Transform(trim)
  @MaxLength(200, { message: 'q must be at most 200 characters' })
  @IsNotEmpty({ message: 'q must not be empty' })
  @IsString({ message: 'q is required: pass the search text as ?q=' })
  q!: string;

  @ApiPropertyOptional({ description: 'Maximum number of results.', minimum: 1, maximum: 50, default: 20, example: 20, type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @Max(50, { message: 'limit must be between 1 and 50' })
  @Min(1, { message: 'limit must be between 1 and 50' })
  @IsInt({ message: 'limit must be a whole number between 1 and 50' })
  limit: number = 20;
}

/** `?q&limit` of GET /api/v1/content-search. */
export class ContentSearchQuery {
  @ApiProperty({ description: 'Search text (1–200 characters after trimming).', minLength: 1, maxLength: 200, example: 'rate limit' })
  @Transform(trim)
  @MaxLength(200, { message: 'q must be at most 200 characters' })
  @IsNotEmpty({ message: 'q must not be empty' })
  @IsString({ message: 'q is required: pass the search text as ?q=' })
  q!: string;

  @ApiPropertyOptional({ description: 'Maximum number of results.', minimum: 1, maximum: 20, default: 10, example: 10, type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @Max(20, { message: 'limit must be between 1 and 20' })
  @Min(1, { message: 'limit must be between 1 and 20' })
  @IsInt({ message: 'limit must be a whole number between 1 and 20' })
  limit: number = 10;
}
