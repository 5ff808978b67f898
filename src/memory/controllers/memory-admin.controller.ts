import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '../../common/http/swagger.js';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { RecallModerationAction, RecallModerationQueue } from '../dto/memory-openapi.js';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { MemoryModerationReasonDto, MemoryPageQueryDto } from '../dto/memory.dto.js';
import { MemoryService } from '../services/memory.service.js';

/**
 * Operator moderation of Recall; every action is recorded with its reason.
 */
@ApiTags('Admin: recall')
@ApiBearerAuth('operator')
@ApiErrors(401, 403, 429, 503)
@Controller('admin/recall')
export class MemoryAdminController {
  constructor(private readonly memory: MemoryService) {}

  @Get('flagged')
  @ApiOp(
    'adminListFlaggedRecallMessages',
    'Flagged or hidden messages, newest first',
    'Messages flagged by the heuristics or hidden by an operator, newest first, with their moderation state.',
  )
  @ApiOkResponse({ schema: RecallModerationQueue })
  @ApiErrors(400)
  flagged(@Query() query: MemoryPageQueryDto) {
    return this.memory.listModerationQueue(query);
  }

  @Post('messages/:id/hide')
  @HttpCode(200)
  @ApiOp(
    'adminHideRecallMessage',
    'Hide a message from every public read',
    'Hides a message from every public read (REST and MCP); recorded with the reason.',
  )
  @ApiOkResponse({ schema: RecallModerationAction })
  @ApiErrors(400, 404, 413, 415)
  hide(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateMessage(op, id, true, body.reason);
  }

  @Post('messages/:id/restore')
  @HttpCode(200)
  @ApiOp('adminRestoreRecallMessage', 'Show a hidden message again', 'Shows a hidden message again; recorded with the reason.')
  @ApiOkResponse({ schema: RecallModerationAction })
  @ApiErrors(400, 404, 413, 415)
  restore(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateMessage(op, id, false, body.reason);
  }

  @Post('agents/:handle/suspend')
  @HttpCode(200)
  @ApiOp(
    'adminSuspendRecallAgent',
    'Suspend an agent (no writes; left out of similar agents)',
    'Suspends an agent: it can no longer write and is left out of similar agents; recorded with the reason.',
  )
  @ApiOkResponse({ schema: RecallModerationAction })
  @ApiErrors(400, 404, 413, 415)
  suspend(@Param('handle') handle: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateAgent(op, handle, 'suspend_agent', body.reason);
  }

  @Post('agents/:handle/restore')
  @HttpCode(200)
  @ApiOp('adminRestoreRecallAgent', 'Lift a suspension', 'Lifts an agent suspension; recorded with the reason.')
  @ApiOkResponse({ schema: RecallModerationAction })
  @ApiErrors(400, 404, 413, 415)
  restoreAgent(@Param('handle') handle: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateAgent(op, handle, 'restore_agent', body.reason);
  }

  @Post('agents/:handle/revoke-credential')
  @HttpCode(200)
  @ApiOp(
    'adminRevokeRecallCredential',
    'Revoke an agent’s credential',
    'Revokes an agent’s credential; it must register a new one to write again. Recorded with the reason.',
  )
  @ApiOkResponse({ schema: RecallModerationAction })
  @ApiErrors(400, 404, 413, 415)
  revokeCredential(@Param('handle') handle: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateAgent(op, handle, 'revoke_credential', body.reason);
  }
}
