import { ApiProperty, ApiPropertyOptional } from '../../common/http/swagger.js';

// Response shapes of the directory's REST API. They document the wire format in /openapi.json;
// the service builds plain objects of exactly these shapes.

export class LocationView {
  @ApiProperty({ type: String, nullable: true, example: 'Lisbon' }) city!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Portugal' }) country!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 38.7223, minimum: -90, maximum: 90 }) latitude!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: -9.1393, minimum: -180, maximum: 180 }) longitude!: number | null;
}

export class MemberView {
  @ApiProperty({ example: 'northwind-labs' }) slug!: string;
  @ApiProperty({ example: 'Northwind Labs' }) display_name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null while the member is uncategorized.', example: 'research' })
  category!: string | null;
  @ApiProperty({ example: 'Northwind Labs builds evaluation harnesses for agents.' }) description!: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://northwind.example' }) website!: string | null;
  @ApiProperty({ type: [String], example: ['evaluation', 'open-source'] }) tags!: string[];
  @ApiProperty({ type: LocationView, nullable: true }) location!: LocationView | null;
  @ApiProperty({ format: 'date', example: '2024-03-18' }) member_since!: string;
  @ApiProperty({ format: 'uri', description: 'The public profile page.', example: 'http://localhost:3000/members/northwind-labs' })
  profile_url!: string;
}

export class MembersPageView {
  @ApiProperty({ type: [MemberView] }) members!: MemberView[];
  @ApiProperty({
    type: 'integer',
    description:
      'The number of categorized public profiles in the directory. Members not yet placed in a category are ' +
      'not listed here and not counted, so this is not the size of the whole community (see GET /api/v1/stats).',
    example: 288,
  })
  total!: number;
  @ApiProperty({ type: 'integer', example: 50 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'The offset asked for (0 when paging by cursor).' }) offset!: number;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Opaque cursor of the next page (pass it as ?cursor=); null on the last page.',
    example: 'eyJhZnRlciI6Im5vcnRod2luZC1sYWJzIn0',
  })
  next_cursor!: string | null;
}

export class MemberSearchHitView extends MemberView {
  @ApiProperty({ description: 'Relevance; higher is better. Only comparable within one response.', example: 0.82 })
  score!: number;
}

export class MemberSearchView {
  @ApiProperty({ example: 'agent' }) query!: string;
  @ApiProperty({ type: [MemberSearchHitView], description: 'Best match first; at most `limit` results.' })
  members!: MemberSearchHitView[];
  @ApiProperty({ type: 'integer', description: 'Number of results returned.', example: 20 }) count!: number;
  @ApiProperty({ type: 'integer', example: 20 }) limit!: number;
}

export class ProfileView {
  @ApiProperty({ example: 'northwind-labs' }) slug!: string;
  @ApiProperty({ example: 'Northwind Labs' }) display_name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'research' }) category!: string | null;
  @ApiProperty({ type: LocationView }) location!: LocationView;
  @ApiProperty({ format: 'uri', example: 'http://localhost:3000/members/northwind-labs' }) profile_url!: string;
}

export class ProfilesPageView {
  @ApiProperty({ type: [ProfileView], description: 'Active members that published a location, ordered by slug.' })
  profiles!: ProfileView[];
  @ApiProperty({ type: 'integer', description: 'Active members with a location.', example: 290 }) total!: number;
  @ApiProperty({ type: 'integer', example: 100 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset!: number;
}

export class GlobePointView {
  @ApiProperty({ example: 52.52 }) lat!: number;
  @ApiProperty({ example: 13.405 }) lon!: number;
  @ApiProperty({ type: 'integer', example: 12 }) count!: number;
  @ApiProperty({ example: 'Berlin, Germany' }) label!: string;
}

export class GlobeView {
  @ApiProperty({ type: [GlobePointView], description: 'Members clustered by place.' }) points!: GlobePointView[];
  @ApiProperty({ type: 'integer', description: 'Sum of the counts: active members with a location.', example: 290 })
  total!: number;
}

export class ContentSearchHitView {
  @ApiProperty({ example: 'API Reference' }) title!: string;
  @ApiProperty({ description: 'The page name, as used by /docs/<path> and the docs MCP.', example: 'api-reference' })
  path!: string;
  @ApiProperty({ format: 'uri', example: 'http://localhost:3000/docs/api-reference' }) url!: string;
  @ApiProperty({ example: 'docs://agentry/api-reference' }) uri!: string;
  @ApiProperty({ example: '…requests per minute per IP…' }) snippet!: string;
  @ApiProperty({ description: 'Relevance from 0 to 1; the best result scores 1.', example: 1 }) score!: number;
}

export class ContentSearchView {
  @ApiProperty({ example: 'rate limit' }) query!: string;
  @ApiProperty({ type: [ContentSearchHitView] }) results!: ContentSearchHitView[];
  @ApiProperty({ type: 'integer', example: 3 }) count!: number;
}

export class CategoryCountView {
  @ApiProperty({ example: 'research' }) category!: string;
  @ApiProperty({ type: 'integer', example: 31 }) count!: number;
}

export class StatsView {
  @ApiProperty({ type: 'integer', description: 'Active members, categorized or not (approximate, cached).', example: 320 })
  member_count!: number;
  @ApiProperty({ type: 'integer', description: 'Active members placed in a category (the `total` of /api/v1/members).', example: 294 })
  categorized_member_count!: number;
  @ApiProperty({ type: [CategoryCountView], description: 'Active members per category, largest first.' })
  categories!: CategoryCountView[];
  @ApiProperty({ format: 'date-time', description: 'When these numbers were counted.' }) counted_at!: string;
  @ApiProperty({ example: 'Approximate: counted 3 minutes ago; refreshed at most every 20 minutes.' }) note!: string;
}

export class ErrorView {
  @ApiProperty({ description: 'A stable, lower-case error code.', example: 'validation_failed' }) error!: string;
  @ApiProperty({ description: 'What went wrong, naming the parameter.', example: 'limit must be between 1 and 100' })
  message!: string;
}

// ---- operators ----

export class AdminMemberView extends MemberView {
  @ApiProperty({ enum: ['active', 'hidden'] }) status!: 'active' | 'hidden';
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class AdminMemberEnvelope {
  @ApiProperty({ type: AdminMemberView }) member!: AdminMemberView;
}

export class AdminMembersPageView {
  @ApiProperty({ type: [AdminMemberView] }) members!: AdminMemberView[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
}

export class DeletedView {
  @ApiProperty({ example: true }) deleted!: boolean;
  @ApiProperty({ example: 'northwind-labs' }) slug!: string;
}

export class ImportResultView {
  @ApiProperty({ type: 'integer', description: 'Rows received.' }) received!: number;
  @ApiProperty({ type: 'integer', description: 'New members.' }) created!: number;
  @ApiProperty({ type: 'integer', description: 'Existing members (same slug) replaced by their row.' }) updated!: number;
}

export class ImportRowErrorView {
  @ApiProperty({ type: 'integer', description: '1-based row number (line number for NDJSON).' }) row!: number;
  @ApiPropertyOptional({ type: String, nullable: true }) slug?: string | null;
  @ApiProperty({ type: [String], description: 'Every problem found in the row.' }) errors!: string[];
}

export class ImportRejectedView extends ErrorView {
  @ApiProperty({ type: [ImportRowErrorView] }) rows!: ImportRowErrorView[];
}

export class CategoriesView {
  @ApiProperty({ type: [CategoryCountView], description: 'Categories in use (all statuses), largest first.' })
  categories!: CategoryCountView[];
  @ApiProperty({ type: 'integer', description: 'Members without a category.' }) uncategorized!: number;
}

export class AuditEntryView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) operator_id!: string | null;
  @ApiProperty() operator_name!: string;
  @ApiProperty({ enum: ['create', 'update', 'hide', 'show', 'delete', 'import'] }) action!: string;
  @ApiProperty({ type: String, nullable: true }) slug!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) details!: Record<string, unknown> | null;
}

export class AuditLogView {
  @ApiProperty({ type: [AuditEntryView], description: 'Newest first.' }) entries!: AuditEntryView[];
}
