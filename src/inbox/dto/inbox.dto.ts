import { ApiProperty, ApiPropertyOptional } from '../../common/http/swagger.js';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { IsEmailAddress } from '../../common/validation/is-email-address.decorator.js';
import { PageQueryDto } from '../../common/validation/page-query.dto.js';
import { WAIT_DEFAULT_LOOKBACK_SECONDS, WAIT_MAX_TIMEOUT_SECONDS } from '../inbox.types.js';

const toBool = ({ value }: { value: unknown }) =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : value;

export class ListMessagesQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
  @ApiPropertyOptional({ description: 'next_cursor of the previous page.' }) @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @ApiPropertyOptional({ enum: ['inbound', 'outbound'] }) @IsOptional() @IsIn(['inbound', 'outbound']) direction?: 'inbound' | 'outbound';
  @ApiPropertyOptional({ description: 'Sender address or name contains this.' }) @IsOptional() @IsString() @MaxLength(320) from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(300) subject_contains?: string;
  @ApiPropertyOptional({ type: 'boolean' }) @IsOptional() @Transform(toBool) @IsBoolean() has_otp?: boolean;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() since?: string;
}

export class ReadMessageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 100, maximum: 100000, default: 20000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(100000)
  max_chars?: number;
}

export class WaitForEmailDto {
  @ApiPropertyOptional({ description: 'Sender address or name contains this.' }) @IsOptional() @IsString() @MaxLength(320) from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(300) subject_contains?: string;
  @ApiPropertyOptional({ type: 'boolean', default: false }) @IsOptional() @IsBoolean() require_otp?: boolean;
  @ApiPropertyOptional({ format: 'date-time', description: `Default: ${WAIT_DEFAULT_LOOKBACK_SECONDS} s before the call.` })
  @IsOptional()
  @IsISO8601()
  since?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: WAIT_MAX_TIMEOUT_SECONDS, default: 30 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(WAIT_MAX_TIMEOUT_SECONDS)
  timeout_seconds?: number;
}

export class SendEmailDto {
  @ApiProperty({ type: [String], description: 'Recipients (at most 10 with cc).' })
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(320, { each: true })
  to!: string[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(320, { each: true })
  cc?: string[];
  @ApiProperty({ maxLength: 300 }) @IsString() @MinLength(1) @MaxLength(300) subject!: string;
  @ApiProperty({ description: 'Plain-text body.' }) @IsString() @MaxLength(1_000_000) text!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2_000_000) html?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) in_reply_to?: string;
}

/** `?limit&offset` (1-200, default 50) of the operators' inbox lists, and an optional mailbox. */
export class AdminPageQueryDto extends PageQueryDto({ maxLimit: 200 }) {
  @ApiPropertyOptional({ description: 'Only this mailbox (agent handle).' }) @IsOptional() @IsString() @MaxLength(64) handle?: string;
}

export class MailboxStatusDto {
  @ApiPropertyOptional({ maxLength: 300 }) @IsOptional() @IsString() @MaxLength(300) reason?: string;
}

export class AddSuppressionDto {
  @ApiProperty({ description: 'Agent handle of the mailbox.' }) @IsString() @MaxLength(64) handle!: string;
  @ApiProperty({ description: 'Address the mailbox may no longer send to.' }) @IsEmailAddress() address!: string;
}

export class SuppressionIdParam {
  @ApiProperty({ format: 'uuid', description: 'The suppression id.', example: '00000000-0000-4000-8000-000000000000' })
  @IsUUID()
  id!: string;
}
