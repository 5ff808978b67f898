import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import {
  AgentsQuery,
  BrokerListQuery,
  OwnersQuery,
  PreregisterClientDto,
  PublishAgreementDto,
  StatusChangeDto,
  TokensQuery,
} from '../dto/admin.dto.js';
import { OauthAdminService } from '../services/oauth-admin.service.js';
import { Passkeys } from '../services/passkeys.js';

/** Operators' management of the identity broker (operator token required; every change audited). */
@ApiTags('Operators: identity broker')
@ApiBearerAuth('operator')
@Controller('admin/broker')
export class OauthAdminController {
  constructor(
    private readonly admin: OauthAdminService,
    private readonly passkeys: Passkeys,
  ) {}

  @Get('owners')
  @ApiOperation({ summary: 'List human owners' })
  owners(@Query() q: OwnersQuery) {
    return this.admin.listOwners(q.status, q.limit, q.offset);
  }

  @Get('owners/:id')
  @ApiOperation({ summary: 'One owner with agents, consent and token history' })
  @ApiParam({ name: 'id', description: 'The owner id.', example: '00000000-0000-4000-8000-000000000000' })
  @ApiOkResponse({ description: 'owner, agents, history (audit entries), tokens (metadata only).' })
  @ApiNotFoundResponse({ description: 'No such owner.' })
  owner(@Param('id') id: string) {
    return this.admin.ownerHistory(id);
  }

  @Post('owners/:id/suspend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suspend an owner: their tokens stop working on the next request' })
  suspendOwner(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.admin.setOwnerStatus(op, id, 'suspended', body.reason ?? null);
  }

  @Post('owners/:id/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Restore a suspended owner' })
  restoreOwner(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.admin.setOwnerStatus(op, id, 'active', body.reason ?? null);
  }

  // Passkeys (issue 24): an operator sees and revokes an owner's passkeys.
  @Get('owners/:id/passkeys')
  @ApiOperation({ summary: "An owner's passkeys (names, dates, kind; public keys are never shown)" })
  @ApiParam({ name: 'id', description: 'The owner id.', example: '00000000-0000-4000-8000-000000000000' })
  @ApiOkResponse({ description: 'passkeys: id, name, created_at, last_used_at, synced, backed_up, blocked (a counter went backwards).' })
  @ApiNotFoundResponse({ description: 'No such owner.' })
  ownerPasskeys(@Param('id') id: string) {
    return this.passkeys.listForOperator(id);
  }

  @Post('owners/:id/passkeys/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke every passkey of an owner: they sign in by email again (audited)' })
  @ApiParam({ name: 'id', description: 'The owner id.', example: '00000000-0000-4000-8000-000000000000' })
  @ApiOkResponse({ description: 'revoked: how many passkeys were removed.' })
  @ApiNotFoundResponse({ description: 'No such owner.' })
  revokeOwnerPasskeys(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.passkeys.revokeAll(op, id, body.reason ?? null);
  }

  @Get('agents')
  @ApiOperation({ summary: 'List agent sub-identities' })
  agents(@Query() q: AgentsQuery) {
    return this.admin.listAgents(q.status, q.limit, q.offset);
  }

  @Post('agents/:id/suspend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suspend an agent (its owner cannot restore it)' })
  suspendAgent(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.admin.setAgentStatus(op, id, 'suspended', body.reason ?? null);
  }

  @Post('agents/:id/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Restore an agent' })
  restoreAgent(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.admin.setAgentStatus(op, id, 'active', body.reason ?? null);
  }

  @Get('clients')
  @ApiOperation({ summary: 'List OAuth clients (dynamic, CIMD, pre-registered)' })
  clients(@Query() q: BrokerListQuery) {
    return this.admin.listClients(q.limit, q.offset);
  }

  @Post('clients')
  @ApiOperation({ summary: 'Pre-register a client; a client_secret is shown once for confidential clients' })
  register(@CurrentOperator() op: OperatorPrincipal, @Body() body: PreregisterClientDto) {
    return this.admin.registerClient(op, body);
  }

  @Post('clients/:id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a client: every token it holds stops working on the next request' })
  revokeClient(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string) {
    return this.admin.revokeClient(op, id);
  }

  @Get('tokens')
  @ApiOperation({ summary: 'List codes and tokens (metadata only; values are never stored)' })
  tokens(@Query() q: TokensQuery) {
    return this.admin.listTokens({ ownerId: q.owner_id, clientId: q.client_id }, q.limit, q.offset);
  }

  @Post('tokens/:id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a token (a refresh token takes its chain along)' })
  revokeToken(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string) {
    return this.admin.revokeToken(op, id);
  }

  @Get('agreements')
  @ApiOperation({ summary: 'Published delegation agreement versions' })
  agreements() {
    return this.admin.agreements();
  }

  @Post('agreements')
  @ApiOperation({ summary: 'Publish a new delegation agreement version: owners must sign it before their tokens work again' })
  publish(@CurrentOperator() op: OperatorPrincipal, @Body() body: PublishAgreementDto) {
    return this.admin.publishAgreement(op, body.version, body.text);
  }

  @Get('audit')
  @ApiOperation({ summary: 'The broker audit trail, newest first' })
  audit(@Query() q: BrokerListQuery) {
    return this.admin.auditLog(q.limit, q.offset);
  }
}
