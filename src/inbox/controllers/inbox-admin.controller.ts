import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { AddSuppressionDto, AdminPageQueryDto, MailboxStatusDto, SuppressionIdParam } from '../dto/inbox.dto.js';
import { InboxService } from '../services/inbox.service.js';

/** Operators: mailbox usage, held mail, suppressed addresses, suspension. Every change is audited. */
@ApiTags('inbox-admin')
@ApiBearerAuth()
@Controller('admin/inbox')
export class InboxAdminController {
  constructor(private readonly inbox: InboxService) {}

  @Get('mailboxes')
  @ApiOperation({ summary: 'Mailboxes with their usage, most recently active first' })
  mailboxes(@Query() query: AdminPageQueryDto) {
    return this.inbox.listMailboxes(query.limit, query.offset);
  }

  @Get('mailboxes/:handle')
  @ApiOperation({ summary: 'One mailbox’s usage' })
  @ApiParam({ name: 'handle', description: 'The agent handle (the mailbox local part).', example: 'support-agent-1a2b3c' })
  @ApiOkResponse({ description: 'The mailbox and its usage.' })
  @ApiNotFoundResponse({ description: 'not_found: no agent with this handle.' })
  mailbox(@Param('handle') handle: string) {
    return this.inbox.mailboxUsage(handle);
  }

  @Post('mailboxes/:handle/suspend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suspend a mailbox: inbound mail is refused (550) and it cannot send' })
  suspend(@Param('handle') handle: string, @Body() body: MailboxStatusDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.inbox.setMailboxStatus(op, handle, true, body.reason ?? null);
  }

  @Post('mailboxes/:handle/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Lift a mailbox suspension' })
  restore(@Param('handle') handle: string, @Body() body: MailboxStatusDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.inbox.setMailboxStatus(op, handle, false, body.reason ?? null);
  }

  @Get('held')
  @ApiOperation({ summary: 'Outbound agent mail held because no SMTP relay is configured' })
  held(@Query() query: AdminPageQueryDto) {
    return this.inbox.heldMail(query.limit, query.offset);
  }

  @Get('suppressions')
  @ApiOperation({ summary: 'Suppressed addresses (bounces, complaints, operator)' })
  suppressions(@Query() query: AdminPageQueryDto) {
    return this.inbox.suppressions(query.handle, query.limit, query.offset);
  }

  @Post('suppressions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suppress an address for a mailbox' })
  suppress(@Body() body: AddSuppressionDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.inbox.addSuppression(op, body.handle, body.address);
  }

  @Delete('suppressions/:id')
  @ApiOperation({ summary: 'Lift a suppression' })
  unsuppress(@Param() params: SuppressionIdParam, @CurrentOperator() op: OperatorPrincipal) {
    return this.inbox.removeSuppression(op, params.id);
  }

  @Get('audit')
  @ApiOperation({ summary: 'The inbox audit log (operator actions and automatic suppressions)' })
  audit(@Query() query: AdminPageQueryDto) {
    return this.inbox.auditLog(query.handle, query.limit, query.offset);
  }
}
