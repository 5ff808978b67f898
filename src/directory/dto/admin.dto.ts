import { ApiProperty, ApiPropertyOptional } from '../../common/http/swagger.js';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IntQueryParam } from '../../common/validation/int-query-param.decorator.js';
import { MAX_OFFSET } from './query.dto.js';

// Decorators run bottom-up, so the check listed closest to the property reports first.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const CATEGORY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class LocationDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, example: 'Lisbon' })
  @IsOptional()
  @MaxLength(100, { message: 'city must be at most 100 characters' })
  @IsString({ message: 'city must be a string' })
  city?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, example: 'Portugal' })
  @IsOptional()
  @MaxLength(100, { message: 'country must be at most 100 characters' })
  @IsString({ message: 'country must be a string' })
  country?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: -90, maximum: 90, example: 38.7223 })
  @IsOptional()
  @Max(90, { message: 'latitude must be between -90 and 90' })
  @Min(-90, { message: 'latitude must be between -90 and 90' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'latitude must be a number' })
  latitude?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: -180, maximum: 180, example: -9.1393 })
  @IsOptional()
  @Max(180, { message: 'longitude must be between -180 and 180' })
  @Min(-180, { message: 'longitude must be between -180 and 180' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'longitude must be a number' })
  longitude?: number | null;
}

/** Optional profile fields shared by create, update and import rows. */
export class MemberFieldsDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 60,
    example: 'research',
    description: 'Lower-case words joined by hyphens; null makes the member uncategorized.',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @ValidateIf((_o, v) => v !== null)
  @Matches(CATEGORY_PATTERN, { message: 'category must be lower-case letters, digits and single hyphens' })
  @MaxLength(60, { message: 'category must be at most 60 characters' })
  @IsString({ message: 'category must be a string or null' })
  category?: string | null;

  @ApiPropertyOptional({ maxLength: 1000, example: 'Builds evaluation harnesses for agents.' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(1000, { message: 'description must be at most 1000 characters' })
  @IsString({ message: 'description must be a string' })
  description?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500, format: 'uri', example: 'https://northwind.example' })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @Matches(URL_PATTERN, { message: 'website must be an http(s) URL' })
  @MaxLength(500, { message: 'website must be at most 500 characters' })
  @IsString({ message: 'website must be an http(s) URL' })
  website?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: 20, example: ['evaluation', 'open-source'] })
  @IsOptional()
  @MaxLength(40, { each: true, message: 'tags must each be at most 40 characters' })
  @IsNotEmpty({ each: true, message: 'tags must not contain empty strings' })
  @IsString({ each: true, message: 'tags must be strings' })
  @ArrayMaxSize(20, { message: 'tags must have at most 20 entries' })
  @IsArray({ message: 'tags must be an array of strings' })
  tags?: string[];

  @ApiPropertyOptional({ type: LocationDto, nullable: true })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @ValidateNested()
  @Type(() => LocationDto)
  location?: LocationDto | null;
}

/** The editable fields of a member; every one optional (PATCH semantics). */
export class UpdateMemberDto extends MemberFieldsDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200, example: 'Northwind Labs' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(200, { message: 'display_name must be at most 200 characters' })
  @IsNotEmpty({ message: 'display_name must not be empty' })
  @IsString({ message: 'display_name must be a string' })
  display_name?: string;

  @ApiPropertyOptional({ format: 'date', example: '2024-03-18', description: 'YYYY-MM-DD' })
  @IsOptional()
  @Matches(DATE_PATTERN, { message: 'member_since must be a date in the form YYYY-MM-DD' })
  @IsString({ message: 'member_since must be a date in the form YYYY-MM-DD' })
  member_since?: string;
}

/** A new member, and one row of a bulk import. */
export class CreateMemberDto extends MemberFieldsDto {
  @ApiProperty({ maxLength: 100, example: 'northwind-labs', description: 'Lower-case letters, digits and single hyphens.' })
  @Matches(SLUG_PATTERN, { message: 'slug must be lower-case letters, digits and single hyphens (e.g. northwind-labs)' })
  @MaxLength(100, { message: 'slug must be at most 100 characters' })
  @IsString({ message: 'slug is required and must be a string' })
  slug!: string;

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Northwind Labs' })
  @Transform(trim)
  @MaxLength(200, { message: 'display_name must be at most 200 characters' })
  @IsNotEmpty({ message: 'display_name must not be empty' })
  @IsString({ message: 'display_name is required and must be a string' })
  display_name!: string;

  @ApiProperty({ format: 'date', example: '2024-03-18', description: 'YYYY-MM-DD' })
  @Matches(DATE_PATTERN, { message: 'member_since must be a date in the form YYYY-MM-DD' })
  @IsString({ message: 'member_since is required (YYYY-MM-DD)' })
  member_since!: string;
}

export class AdminMembersQuery {
  @IntQueryParam({ name: 'limit', min: 1, max: 100, default: 50 })
  limit: number = 50;

  @IntQueryParam({ name: 'offset', min: 0, max: MAX_OFFSET, default: 0 })
  offset: number = 0;

  @ApiPropertyOptional({ enum: ['active', 'hidden'], description: 'Only members with this status.' })
  @IsOptional()
  @IsIn(['active', 'hidden'], { message: 'status must be active or hidden' })
  status?: 'active' | 'hidden';
}

export class AuditQuery {
  @ApiPropertyOptional({ description: 'Only changes to this member.', example: 'northwind-labs' })
  @IsOptional()
  @MaxLength(100, { message: 'slug must be at most 100 characters' })
  @IsString({ message: 'slug must be a string' })
  slug?: string;

  @IntQueryParam({ name: 'limit', min: 1, max: 500, default: 100 })
  limit: number = 100;
}
