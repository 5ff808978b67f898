import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '../../common/http/swagger.js';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { BodyPolicy } from '../../common/http/body-limits.js';
import { AdminMembersQuery, AuditQuery, CreateMemberDto, UpdateMemberDto } from '../dto/admin.dto.js';
import {
  AdminMemberEnvelope,
  AdminMembersPageView,
  AuditLogView,
  CategoriesView,
  DeletedView,
  ImportRejectedView,
  ImportResultView,
} from '../dto/views.dto.js';
import { DirectoryService } from '../services/directory.service.js';

/** Import bodies (JSON or NDJSON) may be larger than the 1 MiB default: 10,000 rows fit comfortably in 16 MiB. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Operator management of the directory. Every change is written to the audit log. */
@ApiTags('Admin: directory')
@ApiBearerAuth('operator')
@ApiErrors(401, 403, 429, 503)
@Controller('admin')
export class AdminMembersController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('members')
  @ApiOp('adminListMembers', 'List members (all statuses)', 'Every member, active and hidden, ordered by slug; filter by status.')
  @ApiErrors(400)
  @ApiOkResponse({ type: AdminMembersPageView })
  list(@Query() query: AdminMembersQuery): Promise<AdminMembersPageView> {
    return this.directory.adminListMembers(query);
  }

  @Get('members/audit')
  @ApiOp(
    'adminListMemberAudit',
    'Audit log of operator changes to the directory, newest first',
    'The audit log of operator changes to the directory (create, update, hide, show, delete, import), newest first; filter by slug.',
  )
  @ApiErrors(400)
  @ApiOkResponse({ type: AuditLogView })
  audit(@Query() query: AuditQuery): Promise<AuditLogView> {
    return this.directory.auditLog(query);
  }

  @Get('members/:slug')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @ApiOp('adminGetMember', 'Read one member (any status)', 'One member with its status and timestamps, whatever its status.')
  @ApiOkResponse({ type: AdminMemberEnvelope })
  @ApiErrors(404)
  async get(@Param('slug') slug: string): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.adminGetMember(slug) };
  }

  @Post('members')
  @ApiOp('adminCreateMember', 'Create a member', 'Creates an active member; the slug must be new (409 member_exists otherwise).')
  @ApiErrors(409, 413, 415)
  @ApiCreatedResponse({ type: AdminMemberEnvelope })
  @ApiErrors(400)
  async create(@CurrentOperator() operator: OperatorPrincipal, @Body() body: CreateMemberDto): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.createMember(operator, body) };
  }

  @Patch('members/:slug')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @ApiOp('adminUpdateMember', 'Update a member', 'Only the fields sent change; `null` clears category, website or location.')
  @ApiErrors(400, 413, 415)
  @ApiOkResponse({ type: AdminMemberEnvelope })
  @ApiErrors(404)
  async update(
    @CurrentOperator() operator: OperatorPrincipal,
    @Param('slug') slug: string,
    @Body() body: UpdateMemberDto,
  ): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.updateMember(operator, slug, body) };
  }

  @Post('members/:slug/hide')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @HttpCode(200)
  @ApiOp(
    'adminHideMember',
    'Hide a member from every public surface',
    'Hides the member from every public surface (API, pages, MCP); the profile is kept.',
  )
  @ApiOkResponse({ type: AdminMemberEnvelope })
  @ApiErrors(404)
  async hide(@CurrentOperator() operator: OperatorPrincipal, @Param('slug') slug: string): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.setMemberStatus(operator, slug, 'hidden') };
  }

  @Post('members/:slug/show')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @HttpCode(200)
  @ApiOp('adminShowMember', 'Make a hidden member public again', 'Makes a hidden member public again.')
  @ApiOkResponse({ type: AdminMemberEnvelope })
  @ApiErrors(404)
  async show(@CurrentOperator() operator: OperatorPrincipal, @Param('slug') slug: string): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.setMemberStatus(operator, slug, 'active') };
  }

  @Delete('members/:slug')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @ApiOp('adminDeleteMember', 'Delete a member', 'Deletes the member for good; the audit log keeps the change.')
  @ApiOkResponse({ type: DeletedView })
  @ApiErrors(404)
  remove(@CurrentOperator() operator: OperatorPrincipal, @Param('slug') slug: string): Promise<DeletedView> {
    return this.directory.deleteMember(operator, slug);
  }

  @Post('members/import')
  @BodyPolicy({ bodyLimit: IMPORT_BODY_LIMIT, accepts: ['application/x-ndjson'] })
  @HttpCode(200)
  @ApiOp(
    'adminImportMembers',
    'Bulk import (upsert by slug)',
    "A JSON array of member rows (Content-Type: application/json, up to 1 MiB) or NDJSON with one row per line (Content-Type: application/x-ndjson, up to 16 MiB); at most 10,000 rows. A row with a known slug replaces that member's profile (its status is kept). All-or-nothing: if any row is invalid nothing is imported and the response lists every invalid row with all its problems.",
  )
  @ApiErrors(413, 415)
  @ApiConsumes('application/json', 'application/x-ndjson')
  @ApiBody({ type: [CreateMemberDto] })
  @ApiOkResponse({ type: ImportResultView })
  @ApiBadRequestResponse({ description: 'import_rejected: nothing imported; `rows` lists every invalid row.', type: ImportRejectedView })
  import(@CurrentOperator() operator: OperatorPrincipal, @Body() body: unknown): Promise<ImportResultView> {
    return this.directory.importMembers(operator, body);
  }

  @Get('categories')
  @ApiOp(
    'adminListCategories',
    'Categories in use, with member counts',
    'The categories in use with their member counts (all statuses), and the number of uncategorized members.',
  )
  @ApiOkResponse({ type: CategoriesView })
  categories(): Promise<CategoriesView> {
    return this.directory.listCategories();
  }
}
