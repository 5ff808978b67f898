import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
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
  ErrorView,
  ImportRejectedView,
  ImportResultView,
} from '../dto/views.dto.js';
import { DirectoryService } from '../services/directory.service.js';

/** Import bodies (JSON or NDJSON) may be larger than the 1 MiB default: 10,000 rows fit comfortably in 16 MiB. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Operator management of the directory. Every change is written to the audit log. */
@ApiTags('Operators: directory')
@ApiBearerAuth('operator')
@ApiUnauthorizedResponse({ description: 'Missing or invalid operator token.', type: ErrorView })
@Controller('admin')
export class AdminMembersController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('members')
  @ApiOperation({ summary: 'List members (all statuses)' })
  @ApiOkResponse({ type: AdminMembersPageView })
  list(@Query() query: AdminMembersQuery): Promise<AdminMembersPageView> {
    return this.directory.adminListMembers(query);
  }

  @Get('members/audit')
  @ApiOperation({ summary: 'Audit log of operator changes to the directory, newest first' })
  @ApiOkResponse({ type: AuditLogView })
  audit(@Query() query: AuditQuery): Promise<AuditLogView> {
    return this.directory.auditLog(query);
  }

  @Get('members/:slug')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @ApiOperation({ summary: 'Read one member (any status)' })
  @ApiOkResponse({ type: AdminMemberEnvelope })
  @ApiNotFoundResponse({ type: ErrorView })
  async get(@Param('slug') slug: string): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.adminGetMember(slug) };
  }

  @Post('members')
  @ApiOperation({ summary: 'Create a member' })
  @ApiCreatedResponse({ type: AdminMemberEnvelope })
  @ApiBadRequestResponse({ type: ErrorView })
  async create(@CurrentOperator() operator: OperatorPrincipal, @Body() body: CreateMemberDto): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.createMember(operator, body) };
  }

  @Patch('members/:slug')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @ApiOperation({ summary: 'Update a member', description: 'Only the fields sent change; `null` clears category, website or location.' })
  @ApiOkResponse({ type: AdminMemberEnvelope })
  @ApiNotFoundResponse({ type: ErrorView })
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
  @ApiOperation({ summary: 'Hide a member from every public surface' })
  @ApiOkResponse({ type: AdminMemberEnvelope })
  @ApiNotFoundResponse({ type: ErrorView })
  async hide(@CurrentOperator() operator: OperatorPrincipal, @Param('slug') slug: string): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.setMemberStatus(operator, slug, 'hidden') };
  }

  @Post('members/:slug/show')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @HttpCode(200)
  @ApiOperation({ summary: 'Make a hidden member public again' })
  @ApiOkResponse({ type: AdminMemberEnvelope })
  @ApiNotFoundResponse({ type: ErrorView })
  async show(@CurrentOperator() operator: OperatorPrincipal, @Param('slug') slug: string): Promise<AdminMemberEnvelope> {
    return { member: await this.directory.setMemberStatus(operator, slug, 'active') };
  }

  @Delete('members/:slug')
  @ApiParam({ name: 'slug', description: 'The member slug.', example: 'northwind-labs' })
  @ApiOperation({ summary: 'Delete a member' })
  @ApiOkResponse({ type: DeletedView })
  @ApiNotFoundResponse({ type: ErrorView })
  remove(@CurrentOperator() operator: OperatorPrincipal, @Param('slug') slug: string): Promise<DeletedView> {
    return this.directory.deleteMember(operator, slug);
  }

  @Post('members/import')
  @BodyPolicy({ bodyLimit: IMPORT_BODY_LIMIT, accepts: ['application/x-ndjson'] })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Bulk import (upsert by slug)',
    description:
      'A JSON array of member rows (Content-Type: application/json, up to 1 MiB) or NDJSON with one row per line ' +
      '(Content-Type: application/x-ndjson, up to 16 MiB); at most 10,000 rows. A row with a known slug replaces that ' +
      "member's profile (its status is kept). All-or-nothing: if any row is invalid nothing is imported and the " +
      'response lists every invalid row with all its problems.',
  })
  @ApiConsumes('application/json', 'application/x-ndjson')
  @ApiBody({ type: [CreateMemberDto] })
  @ApiOkResponse({ type: ImportResultView })
  @ApiBadRequestResponse({ description: 'import_rejected: nothing imported; `rows` lists every invalid row.', type: ImportRejectedView })
  import(@CurrentOperator() operator: OperatorPrincipal, @Body() body: unknown): Promise<ImportResultView> {
    return this.directory.importMembers(operator, body);
  }

  @Get('categories')
  @ApiOperation({ summary: 'Categories in use, with member counts' })
  @ApiOkResponse({ type: CategoriesView })
  categories(): Promise<CategoriesView> {
    return this.directory.listCategories();
  }
}
