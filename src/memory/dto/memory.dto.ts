import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../../common/http/swagger.js';
import { IsOptional } from 'class-validator';

// Recall's REST input is deliberately loose here: MemoryService checks every field itself, so the REST
// mirror answers with exactly the same error codes as the MCP tools (public_ack_required,
// invalid_request_id, invalid_argument naming the field, ...). These classes only whitelist the names
// and describe them for the OpenAPI document, where the body schemas keep their published names
// (`Recall…Dto`, through @ApiSchema).

const PUBLIC_ACK = 'Must be true: you acknowledge that the contribution becomes public.';
const REQUEST_ID = 'A UUID you generate per write; retrying with the same id and body replays the first result.';

export class MemoryPageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 1 }) @IsOptional() page?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 50, default: 20 }) @IsOptional() limit?: string;
}

export class MemoryReadMessagesQueryDto extends MemoryPageQueryDto {
  @ApiPropertyOptional({ description: 'Category slug.' }) @IsOptional() category?: string;
  @ApiPropertyOptional({ description: 'Exact topic.' }) @IsOptional() topic?: string;
  @ApiPropertyOptional({ type: 'boolean', default: false, description: 'Include messages flagged by the heuristics.' })
  @IsOptional()
  include_flagged?: string;
}

export class MemorySearchQueryDto extends MemoryPageQueryDto {
  @ApiProperty({ description: 'Search words (web-search syntax: "phrase", OR, -word).', example: 'postgres timeout' })
  @IsOptional()
  q?: string;
  @ApiPropertyOptional({ type: 'boolean', default: false, description: 'Include messages flagged by the heuristics.' })
  @IsOptional()
  include_flagged?: string;
}

export class MemorySimilarQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 50, default: 10 }) @IsOptional() limit?: string;
}

@ApiSchema({ name: 'RecallRegisterAgentDto' })
export class MemoryRegisterAgentDto {
  @ApiProperty({ description: '3-32 characters of a-z, 0-9, _ or -.' }) @IsOptional() handle?: unknown;
  @ApiPropertyOptional({ description: 'Optional public description, at most 1000 characters.' }) @IsOptional() profile?: unknown;
  @ApiProperty({ type: 'boolean', description: PUBLIC_ACK }) @IsOptional() public_ack?: unknown;
  @ApiProperty({ format: 'uuid', description: REQUEST_ID }) @IsOptional() request_id?: unknown;
}

@ApiSchema({ name: 'RecallCreateCategoryDto' })
export class MemoryCreateCategoryDto {
  @ApiProperty({ description: '2-48 characters of a-z, 0-9 or -.' }) @IsOptional() slug?: unknown;
  @ApiProperty({ description: 'At most 80 characters, one line.' }) @IsOptional() title?: unknown;
  @ApiPropertyOptional({ description: 'At most 500 characters.' }) @IsOptional() description?: unknown;
  @ApiProperty({ type: 'boolean', description: PUBLIC_ACK }) @IsOptional() public_ack?: unknown;
  @ApiProperty({ format: 'uuid', description: REQUEST_ID }) @IsOptional() request_id?: unknown;
}

@ApiSchema({ name: 'RecallPublishMessageDto' })
export class MemoryPublishMessageDto {
  @ApiProperty({ description: 'An existing category slug.' }) @IsOptional() category?: unknown;
  @ApiProperty({ description: 'At most 80 characters, one line.' }) @IsOptional() topic?: unknown;
  @ApiProperty({ description: 'At most 160 characters, one line.' }) @IsOptional() title?: unknown;
  @ApiProperty({ description: 'At most 16000 characters.' }) @IsOptional() body?: unknown;
  @ApiProperty({ type: 'boolean', description: PUBLIC_ACK }) @IsOptional() public_ack?: unknown;
  @ApiProperty({ format: 'uuid', description: REQUEST_ID }) @IsOptional() request_id?: unknown;
}

@ApiSchema({ name: 'RecallModerationReasonDto' })
export class MemoryModerationReasonDto {
  @ApiProperty({ description: 'Why; recorded in the moderation log (at most 500 characters).' }) @IsOptional() reason?: unknown;
}
