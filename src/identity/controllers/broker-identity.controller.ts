import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { RATE_LIMIT_HEADERS } from '../../common/http/openapi-components.js';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { BrokerSignupRecord, BrokerSignupResult, BrokerWhoami } from '../dto/identity-openapi.js';
import { ApiOkResponse, ApiTags } from '../../common/http/swagger.js';
import { CurrentAgent, RequireScopes } from '../../common/auth/bearer.guard.js';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { BrokerRecordSignupDto, BrokerSignupDto } from '../dto/identity.dto.js';
import { IdentityService } from '../services/identity.service.js';

/**
 * The broker's REST mirror for agents without MCP: the same calls as identity_whoami,
 * identity_signup and identity_record_signup, behind the same access policy (mca_ bearer token).
 */
@ApiTags('Broker')
// 401: no, bad, revoked or expired mca_ token (WWW-Authenticate: Bearer challenge); 403: owner suspended, agreement
// not signed, insufficient_scope (with a challenge) or agent_revoked; 429: the per-agent or per-owner budget.
@ApiErrors(401, 403, 429, 503)
@Controller('api/v1/broker')
export class BrokerIdentityController {
  constructor(private readonly identity: IdentityService) {}

  @Get('whoami')
  @RequireScopes('identity:read')
  @ApiOp(
    'brokerWhoami',
    'The agent, its human owner, scopes, recent signups and latest acceptances (identity_whoami)',
    "identity_whoami over REST: the calling agent, its human owner, the client, the token's scopes, the agent's recent signups and latest terms acceptances, and links.",
  )
  @ApiOkResponse({ schema: BrokerWhoami, headers: RATE_LIMIT_HEADERS as never })
  whoami(@CurrentAgent() agent: AgentPrincipal) {
    return this.identity.whoami(agent);
  }

  @Post('signup')
  @HttpCode(200)
  @RequireScopes('tos:accept')
  @ApiOp(
    'brokerSignup',
    "Accept a service's terms on the owner's behalf and get the signup_request to POST (identity_signup)",
    "identity_signup over REST: fetches the service's discovery document, checks the relying-party policy, records the acceptance of the terms text you send (exactly as published) and returns a short-lived identity assertion and the signup_request to POST to the service.",
  )
  @ApiOkResponse({ schema: BrokerSignupResult, headers: RATE_LIMIT_HEADERS as never })
  @ApiErrors(400, 409, 413, 415, 422, 502)
  signup(@CurrentAgent() agent: AgentPrincipal, @Body() body: BrokerSignupDto) {
    return this.identity.signup(agent, { ...body }, 'rest_signup');
  }

  @Post('record-signup')
  @HttpCode(200)
  @RequireScopes('identity:write')
  @ApiOp(
    'brokerRecordSignup',
    "Record the service's signed receipt or a self-report (identity_record_signup)",
    "identity_record_signup over REST: records the service's signed signup receipt (signup_token) or, when it returned none, a self-report; repeated receipts are deduplicated.",
  )
  @ApiOkResponse({ schema: BrokerSignupRecord, headers: RATE_LIMIT_HEADERS as never })
  @ApiErrors(400, 404, 409, 413, 415)
  recordSignup(@CurrentAgent() agent: AgentPrincipal, @Body() body: BrokerRecordSignupDto) {
    return this.identity.recordSignup(agent, body);
  }
}
