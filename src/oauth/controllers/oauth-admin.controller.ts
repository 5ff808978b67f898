import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiErrors, ApiOp, apiSchema, arr, obj } from '../../common/http/openapi-kit.js';
import {
  Agreement,
  AgreementVersion,
  BrokerAuditEntry,
  BrokerAuditPage,
  BrokerClient,
  BrokerClientPage,
  BrokerOwner,
  BrokerOwnerPage,
  BrokerPasskeyList,
  BrokerPasskeysRevoked,
  BrokerToken,
  BrokerTokenPage,
  ClientRegistration,
} from '../dto/oauth-openapi.js';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '../../common/http/swagger.js';
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
import { OauthService } from '../services/oauth.service.js';

/** Operators' management of the identity broker (operator token required; every change audited). */
@ApiTags('Admin: identity broker')
@ApiBearerAuth('operator')
@ApiErrors(401, 403, 429, 503)
@Controller('admin/broker')
export class OauthAdminController {
  constructor(private readonly oauth: OauthService) {}

  @Get('owners')
  @ApiOp('adminListOwners', 'List human owners', 'Human owners, newest first; filter by status.')
  @ApiOkResponse({ schema: BrokerOwnerPage })
  @ApiErrors(400)
  owners(@Query() q: OwnersQuery) {
    return this.oauth.listOwners(q.status, q.limit, q.offset);
  }

  @Get('owners/:id')
  @ApiOp(
    'adminGetOwner',
    'One owner with agents, consent and token history',
    "One owner with their agents, the audit entries about them and their tokens' metadata.",
  )
  @ApiErrors(404)
  @ApiParam({ name: 'id', description: 'The owner id.', example: '00000000-0000-4000-8000-000000000000' })
  @ApiOkResponse({
    description: 'owner, agents, history (audit entries), tokens (metadata only).',
    schema: apiSchema(
      'BrokerOwnerHistory',
      obj({
        owner: BrokerOwner,
        agents: arr({ $ref: '#/components/schemas/BrokerAgent' }),
        history: arr(BrokerAuditEntry),
        tokens: arr(BrokerToken),
      }),
    ),
  })
  owner(@Param('id') id: string) {
    return this.oauth.ownerHistory(id);
  }

  @Post('owners/:id/suspend')
  @HttpCode(200)
  @ApiOp(
    'adminSuspendOwner',
    'Suspend an owner: their tokens stop working on the next request',
    'Suspends an owner: every token of theirs stops working on the next request. Audited with the reason.',
  )
  @ApiOkResponse({ schema: BrokerOwner })
  @ApiErrors(400, 404, 413, 415)
  suspendOwner(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.oauth.setOwnerStatus(op, id, 'suspended', body.reason ?? null);
  }

  @Post('owners/:id/restore')
  @HttpCode(200)
  @ApiOp('adminRestoreOwner', 'Restore a suspended owner', 'Restores a suspended owner. Audited with the reason.')
  @ApiOkResponse({ schema: BrokerOwner })
  @ApiErrors(400, 404, 413, 415)
  restoreOwner(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.oauth.setOwnerStatus(op, id, 'active', body.reason ?? null);
  }

  // Passkeys (issue 24): an operator sees and revokes an owner's passkeys.
  @Get('owners/:id/passkeys')
  @ApiOp(
    'adminListOwnerPasskeys',
    "List an owner's passkeys",
    "An owner's passkeys: names, dates, kind and whether one is blocked. Public keys and credential ids are never shown.",
  )
  @ApiParam({ name: 'id', description: 'The owner id.', example: '00000000-0000-4000-8000-000000000000' })
  @ApiOkResponse({ schema: BrokerPasskeyList })
  @ApiErrors(404)
  ownerPasskeys(@Param('id') id: string) {
    return this.oauth.ownerPasskeys(id);
  }

  @Post('owners/:id/passkeys/revoke')
  @HttpCode(200)
  @ApiOp(
    'adminRevokeOwnerPasskeys',
    'Revoke every passkey of an owner',
    'Removes every passkey of an owner (for a lost or compromised device); they sign in by email again. Audited with the reason.',
  )
  @ApiParam({ name: 'id', description: 'The owner id.', example: '00000000-0000-4000-8000-000000000000' })
  @ApiOkResponse({ schema: BrokerPasskeysRevoked })
  @ApiErrors(400, 404, 413, 415)
  revokeOwnerPasskeys(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.oauth.revokeOwnerPasskeys(op, id, body.reason ?? null);
  }

  @Get('agents')
  @ApiOp('adminListAgents', 'List agent sub-identities', 'Agent sub-identities of every owner, newest first; filter by status.')
  @ApiOkResponse({ schema: { $ref: '#/components/schemas/BrokerAgentPage' } })
  @ApiErrors(400)
  agents(@Query() q: AgentsQuery) {
    return this.oauth.listAgents(q.status, q.limit, q.offset);
  }

  @Post('agents/:id/suspend')
  @HttpCode(200)
  @ApiOp(
    'adminSuspendAgent',
    'Suspend an agent (its owner cannot restore it)',
    'Suspends an agent; its owner cannot restore it. Audited with the reason.',
  )
  @ApiOkResponse({ schema: { $ref: '#/components/schemas/BrokerAgent' } })
  @ApiErrors(400, 404, 413, 415)
  suspendAgent(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.oauth.setAgentStatus(op, id, 'suspended', body.reason ?? null);
  }

  @Post('agents/:id/restore')
  @HttpCode(200)
  @ApiOp('adminRestoreAgent', 'Restore an agent', 'Restores a suspended agent. Audited with the reason.')
  @ApiOkResponse({ schema: { $ref: '#/components/schemas/BrokerAgent' } })
  @ApiErrors(400, 404, 413, 415)
  restoreAgent(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string, @Body() body: StatusChangeDto) {
    return this.oauth.setAgentStatus(op, id, 'active', body.reason ?? null);
  }

  @Get('clients')
  @ApiOp(
    'adminListClients',
    'List OAuth clients (dynamic, CIMD, pre-registered)',
    'OAuth clients of every kind (dynamic, CIMD, pre-registered), newest first.',
  )
  @ApiOkResponse({ schema: BrokerClientPage })
  @ApiErrors(400)
  clients(@Query() q: BrokerListQuery) {
    return this.oauth.listClients(q.limit, q.offset);
  }

  @Post('clients')
  @ApiOp(
    'adminRegisterClient',
    'Pre-register a client; a client_secret is shown once for confidential clients',
    'Pre-registers a client; confidential clients get a client_secret shown only in this answer.',
  )
  @ApiCreatedResponse({
    schema: ClientRegistration,
    headers: { 'Cache-Control': { $ref: '#/components/headers/CacheControlNoStore' } } as never,
  })
  @ApiErrors(400, 413, 415)
  register(@CurrentOperator() op: OperatorPrincipal, @Body() body: PreregisterClientDto) {
    return this.oauth.preregisterClient(op, body);
  }

  @Post('clients/:id/revoke')
  @HttpCode(200)
  @ApiOp(
    'adminRevokeClient',
    'Revoke a client: every token it holds stops working on the next request',
    'Revokes a client: every token it holds stops working on the next request.',
  )
  @ApiOkResponse({ schema: BrokerClient })
  @ApiErrors(404)
  revokeClient(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string) {
    return this.oauth.revokeClient(op, id);
  }

  @Get('tokens')
  @ApiOp(
    'adminListTokens',
    'List codes and tokens (metadata only; values are never stored)',
    'Codes, access and refresh tokens (metadata only; token values are never stored), newest first; filter by owner or client.',
  )
  @ApiOkResponse({ schema: BrokerTokenPage })
  @ApiErrors(400)
  tokens(@Query() q: TokensQuery) {
    return this.oauth.listTokens({ ownerId: q.owner_id, clientId: q.client_id }, q.limit, q.offset);
  }

  @Post('tokens/:id/revoke')
  @HttpCode(200)
  @ApiOp(
    'adminRevokeToken',
    'Revoke a token (a refresh token takes its chain along)',
    'Revokes one token; a refresh token takes its chain along.',
  )
  @ApiOkResponse({ schema: BrokerToken })
  @ApiErrors(404)
  revokeToken(@CurrentOperator() op: OperatorPrincipal, @Param('id') id: string) {
    return this.oauth.revokeTokenById(op, id);
  }

  @Get('agreements')
  @ApiOp(
    'adminListAgreements',
    'Published delegation agreement versions',
    'Every published delegation agreement version, newest first (without the text).',
  )
  @ApiOkResponse({ schema: { type: 'array', items: AgreementVersion } })
  agreements() {
    return this.oauth.agreements();
  }

  @Post('agreements')
  @ApiOp(
    'adminPublishAgreement',
    'Publish a new delegation agreement version: owners must sign it before their tokens work again',
    'Publishes a new delegation agreement version; owners must sign it before their tokens work again.',
  )
  @ApiCreatedResponse({ schema: Agreement })
  @ApiErrors(400, 409, 413, 415)
  publish(@CurrentOperator() op: OperatorPrincipal, @Body() body: PublishAgreementDto) {
    return this.oauth.publishAgreement(op, body.version, body.text);
  }

  @Get('audit')
  @ApiOp(
    'adminListBrokerAudit',
    'The broker audit trail, newest first',
    'The broker audit trail (operator actions, consents, token events), newest first.',
  )
  @ApiOkResponse({ schema: BrokerAuditPage })
  @ApiErrors(400)
  audit(@Query() q: BrokerListQuery) {
    return this.oauth.auditLog(q.limit, q.offset);
  }
}
