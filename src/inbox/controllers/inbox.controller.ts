import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentAgent, RequireScopes } from '../../common/auth/bearer.guard.js';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { ListMessagesQueryDto, ReadMessageQueryDto, SendEmailDto, WaitForEmailDto } from '../dto/inbox.dto.js';
import { listOutputSchema, messageSchema, sendOutputSchema, waitOutputSchema } from '../inbox-schemas.js';
import { InboxService } from '../services/inbox.service.js';

/**
 * The REST mirror of the four inbox tools (same scopes, same guards' access policy as
 * /broker/mcp, same error codes): errors are `{"error":"<code>","message":…}`.
 */
@ApiTags('broker-inbox')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No, or an invalid, mca_ access token (with a WWW-Authenticate challenge).' })
@ApiForbiddenResponse({
  description: 'insufficient_scope (with a challenge), forbidden (owner suspended, agreement not signed), or agent_revoked.',
})
@ApiTooManyRequestsResponse({ description: 'rate_limited: the per-agent or per-owner budget.' })
@Controller('api/v1/broker/inbox')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get('messages')
  @RequireScopes('inbox:read')
  @ApiOperation({ summary: 'List your messages, newest first (inbox_list)' })
  @ApiOkResponse({ schema: listOutputSchema as object })
  list(@Query() query: ListMessagesQueryDto, @CurrentAgent() agent: AgentPrincipal) {
    return this.inbox.list(agent, query);
  }

  @Get('messages/:id')
  @RequireScopes('inbox:read')
  @ApiOperation({ summary: 'Read one message (inbox_read); 404 message_not_found' })
  @ApiParam({ name: 'id', format: 'uuid', example: '00000000-0000-4000-8000-000000000000' })
  @ApiOkResponse({ schema: messageSchema as object })
  @ApiNotFoundResponse({ description: 'message_not_found: unknown id, or another agent’s message.' })
  read(@Param('id') id: string, @Query() query: ReadMessageQueryDto, @CurrentAgent() agent: AgentPrincipal) {
    return this.inbox.read(agent, { message_id: id, max_chars: query.max_chars });
  }

  @Post('wait')
  @HttpCode(200)
  @RequireScopes('inbox:read')
  @ApiOperation({ summary: 'Wait up to 55 s for a matching message (inbox_wait_for_email); 408 wait_timeout' })
  @ApiOkResponse({ schema: waitOutputSchema as object })
  wait(@Body() body: WaitForEmailDto, @CurrentAgent() agent: AgentPrincipal) {
    return this.inbox.waitForEmail(agent, body);
  }

  @Post('send')
  @HttpCode(200)
  @RequireScopes('inbox:send')
  @ApiOperation({ summary: 'Send mail from your mailbox (inbox_send); not idempotent' })
  @ApiOkResponse({ schema: sendOutputSchema as object })
  send(@Body() body: SendEmailDto, @CurrentAgent() agent: AgentPrincipal) {
    return this.inbox.send(agent, body);
  }
}
