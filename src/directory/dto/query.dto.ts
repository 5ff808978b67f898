import { ApiProperty } from '../../common/http/swagger.js';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IntQueryParam } from '../../common/validation/int-query-param.decorator.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export const MAX_OFFSET = 1_000_000;

/** `?limit&offset` of GET /api/v1/members. */
export class MembersPageQuery {
  @IntQueryParam({ name: 'limit', min: 1, max: 100, default: 50, description: 'Page size.' })
  limit: number = 50;

  @IntQueryParam({ name: 'offset', min: 0, max: MAX_OFFSET, default: 0, description: 'Number of members to skip.' })
  offset: number = 0;

  @ApiProperty({
    required: false,
    maxLength: 300,
    description: "Opaque cursor from a previous page's next_cursor: the page after it (offset is then ignored).",
  })
  @IsOptional()
  @MaxLength(300, { message: 'cursor must be at most 300 characters' })
  @IsString({ message: 'cursor must be a string' })
  cursor?: string;
}

/** `?limit&offset` of GET /api/v1/profiles. */
export class ProfilesPageQuery {
  @IntQueryParam({ name: 'limit', min: 1, max: 500, default: 100, description: 'Page size.' })
  limit: number = 100;

  @IntQueryParam({ name: 'offset', min: 0, max: MAX_OFFSET, default: 0, description: 'Number of profiles to skip.' })
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

  @IntQueryParam({ name: 'limit', min: 1, max: 50, default: 20, description: 'Maximum number of results.' })
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

  @IntQueryParam({ name: 'limit', min: 1, max: 20, default: 10, description: 'Maximum number of results.' })
  limit: number = 10;
}
