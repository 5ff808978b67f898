import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { RATE_LIMIT_HEADERS } from '../../common/http/openapi-components.js';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { InboxMessage, InboxMessageList, InboxSendResult, InboxWaitResult } from '../dto/inbox-openapi.js';
import { ApiOkResponse, ApiParam, ApiTags } from '../../common/http/swagger.js';
import { CurrentAgent, RequireScopes } from '../../common/auth/bearer.guard.js';
import type { AgentPrincipal } from '../../common/auth/principals.js';
import { ListMessagesQueryDto, ReadMessageQueryDto, SendEmailDto, WaitForEmailDto } from '../dto/inbox.dto.js';
import { InboxService } from '../services/inbox.service.js';

/**
 * The REST mirror of the four inbox tools (same scopes, same guards' access policy as
 * /broker/mcp, same error codes): errors are `{"error":"<code>","message":…}`.
 */
@ApiTags('Broker inbox')
// 401: no or an invalid mca_ token (with a WWW-Authenticate challenge); 403: insufficient_scope (with a challenge),
// forbidden (owner suspended, agreement not signed) or agent_revoked; 429: the per-agent or per-owner budget.
@ApiErrors(401, 403, 429, 503)
@Controller('api/v1/broker/inbox')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get('messages')
  @RequireScopes('inbox:read')
  @ApiOp(
    'listInboxMessages',
    'List your messages, newest first (inbox_list)',
    "inbox_list over REST: the agent's messages, newest first, filtered by direction, sender, subject, OTP and time; pages by next_cursor.",
  )
  @ApiErrors(400)
  @ApiOkResponse({ schema: InboxMessageList, headers: RATE_LIMIT_HEADERS as never })
  list(@Query() query: ListMessagesQueryDto, @CurrentAgent() agent: AgentPrincipal) {
    return this.inbox.list(agent, query);
  }

  @Get('messages/:id')
  @RequireScopes('inbox:read')
  @ApiOp(
    'readInboxMessage',
    'Read one message (inbox_read); 404 message_not_found',
    "inbox_read over REST: one message with its text (bounded by max_chars), authentication results, detected one-time code, links and attachment metadata. Another agent's message answers 404 like an unknown id.",
  )
  @ApiErrors(400, 404)
  @ApiParam({ name: 'id', format: 'uuid', example: '00000000-0000-4000-8000-000000000000' })
  @ApiOkResponse({ schema: InboxMessage, headers: RATE_LIMIT_HEADERS as never })
  read(@Param('id') id: string, @Query() query: ReadMessageQueryDto, @CurrentAgent() agent: AgentPrincipal) {
    return this.inbox.read(agent, { message_id: id, max_chars: query.max_chars });
  }

  @Post('wait')
  @HttpCode(200)
  @RequireScopes('inbox:read')
  @ApiOp(
    'waitForInboxEmail',
    'Wait up to 55 s for a matching message (inbox_wait_for_email); 408 wait_timeout',
    'inbox_wait_for_email over REST: holds the request open up to timeout_seconds (at most 55) until a matching message arrives; 408 wait_timeout with `since` to call again without missing anything.',
  )
  @ApiErrors(400, 408, 413, 415)
  @ApiOkResponse({ schema: InboxWaitResult, headers: RATE_LIMIT_HEADERS as never })
  wait(@Body() body: WaitForEmailDto, @CurrentAgent() agent: AgentPrincipal) {
    return this.inbox.waitForEmail(agent, body);
  }

  @Post('send')
  @HttpCode(200)
  @RequireScopes('inbox:send')
  @ApiOp(
    'sendInboxEmail',
    'Send mail from your mailbox (inbox_send); not idempotent',
    "inbox_send over REST: sends mail from the agent's own mailbox through the relay (held when none is configured). Not idempotent: a retry sends again.",
  )
  @ApiErrors(400, 413, 415, 422, 502)
  @ApiOkResponse({ schema: InboxSendResult, headers: RATE_LIMIT_HEADERS as never })
  send(@Body() body: SendEmailDto, @CurrentAgent() agent: AgentPrincipal) {
    return this.inbox.send(agent, body);
  }
}
