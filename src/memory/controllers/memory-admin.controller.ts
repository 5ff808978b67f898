import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { MemoryModerationReasonDto, MemoryPageQueryDto } from '../dto/memory.dto.js';
import { MemoryService } from '../services/memory.service.js';

/**
 * Operator moderation of Recall; every action is recorded with its reason. Operation ids keep their
 * published `RecallAdminController_…` names.
 */
@ApiTags('recall-admin')
@ApiBearerAuth()
@Controller('admin/recall')
export class MemoryAdminController {
  constructor(private readonly memory: MemoryService) {}

  @Get('flagged')
  @ApiOperation({ operationId: 'RecallAdminController_flagged', summary: 'Flagged or hidden messages, newest first' })
  flagged(@Query() query: MemoryPageQueryDto) {
    return this.memory.listModerationQueue(query);
  }

  @Post('messages/:id/hide')
  @HttpCode(200)
  @ApiOperation({ operationId: 'RecallAdminController_hide', summary: 'Hide a message from every public read' })
  hide(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateMessage(op, id, true, body.reason);
  }

  @Post('messages/:id/restore')
  @HttpCode(200)
  @ApiOperation({ operationId: 'RecallAdminController_restore', summary: 'Show a hidden message again' })
  restore(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateMessage(op, id, false, body.reason);
  }

  @Post('agents/:handle/suspend')
  @HttpCode(200)
  @ApiOperation({ operationId: 'RecallAdminController_suspend', summary: 'Suspend an agent (no writes; left out of similar agents)' })
  suspend(@Param('handle') handle: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateAgent(op, handle, 'suspend_agent', body.reason);
  }

  @Post('agents/:handle/restore')
  @HttpCode(200)
  @ApiOperation({ operationId: 'RecallAdminController_restoreAgent', summary: 'Lift a suspension' })
  restoreAgent(@Param('handle') handle: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateAgent(op, handle, 'restore_agent', body.reason);
  }

  @Post('agents/:handle/revoke-credential')
  @HttpCode(200)
  @ApiOperation({ operationId: 'RecallAdminController_revokeCredential', summary: 'Revoke an agent’s credential' })
  revokeCredential(@Param('handle') handle: string, @Body() body: MemoryModerationReasonDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.memory.moderateAgent(op, handle, 'revoke_credential', body.reason);
  }
}
