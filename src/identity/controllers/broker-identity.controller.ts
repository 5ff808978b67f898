import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentAgent, RequireScopes } from '../../common/auth/bearer.guard.js';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { BrokerRecordSignupDto, BrokerSignupDto } from '../dto/identity.dto.js';
import { IdentityService } from '../services/identity.service.js';

/**
 * The broker's REST mirror for agents without MCP: the same calls as identity_whoami,
 * identity_signup and identity_record_signup, behind the same access policy (mca_ bearer token).
 */
@ApiTags('broker')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No, bad, revoked or expired mca_ token (WWW-Authenticate: Bearer challenge)' })
@ApiForbiddenResponse({ description: 'Owner suspended, agreement not signed, insufficient_scope (with a challenge), or agent_revoked' })
@Controller('api/v1/broker')
export class BrokerIdentityController {
  constructor(private readonly identity: IdentityService) {}

  @Get('whoami')
  @RequireScopes('identity:read')
  @ApiOperation({ summary: 'The agent, its human owner, scopes, recent signups and latest acceptances (identity_whoami)' })
  @ApiOkResponse({ description: '{agent, human, client, scopes, recent_signups, latest_acceptances, links}' })
  whoami(@CurrentAgent() agent: AgentPrincipal) {
    return this.identity.whoami(agent);
  }

  @Post('signup')
  @HttpCode(200)
  @RequireScopes('tos:accept')
  @ApiOperation({ summary: "Accept a service's terms on the owner's behalf and get the signup_request to POST (identity_signup)" })
  @ApiOkResponse({ description: '{service, rp_verification, assertion, acceptance, reuse, side_effects, signup_request, next_steps, …}' })
  signup(@CurrentAgent() agent: AgentPrincipal, @Body() body: BrokerSignupDto) {
    return this.identity.signup(agent, { ...body }, 'rest_signup');
  }

  @Post('record-signup')
  @HttpCode(200)
  @RequireScopes('identity:write')
  @ApiOperation({ summary: "Record the service's signed receipt or a self-report (identity_record_signup)" })
  @ApiOkResponse({ description: '{signup_id, proof_source, deduplicated, …}' })
  recordSignup(@CurrentAgent() agent: AgentPrincipal, @Body() body: BrokerRecordSignupDto) {
    return this.identity.recordSignup(agent, body);
  }
}
