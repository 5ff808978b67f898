import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { HeldMailPage, InboxAuditPage, MailboxUsage, MailboxUsagePage, SuppressionPage, SuppressionRemoved } from '../dto/inbox-openapi.js';
import { ApiBearerAuth, ApiOkResponse, ApiParam, ApiTags } from '../../common/http/swagger.js';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import { AddSuppressionDto, AdminPageQueryDto, MailboxStatusDto, SuppressionIdParam } from '../dto/inbox.dto.js';
import { InboxService } from '../services/inbox.service.js';

/** Operators: mailbox usage, held mail, suppressed addresses, suspension. Every change is audited. */
@ApiTags('Admin: inbox')
@ApiBearerAuth('operator')
@ApiErrors(401, 403, 429, 503)
@Controller('admin/inbox')
export class InboxAdminController {
  constructor(private readonly inbox: InboxService) {}

  @Get('mailboxes')
  @ApiOp(
    'adminListMailboxes',
    'Mailboxes with their usage, most recently active first',
    'Every mailbox with its message counts, stored bytes, held mail and suppressions, most recently active first.',
  )
  @ApiOkResponse({ schema: MailboxUsagePage })
  @ApiErrors(400)
  mailboxes(@Query() query: AdminPageQueryDto) {
    return this.inbox.listMailboxes(query.limit, query.offset);
  }

  @Get('mailboxes/:handle')
  @ApiOp('adminGetMailbox', 'One mailbox’s usage', "One mailbox's usage, by the agent handle.")
  @ApiOkResponse({ schema: MailboxUsage })
  @ApiErrors(404)
  @ApiParam({ name: 'handle', description: 'The agent handle (the mailbox local part).', example: 'support-agent-1a2b3c' })
  mailbox(@Param('handle') handle: string) {
    return this.inbox.mailboxUsage(handle);
  }

  @Post('mailboxes/:handle/suspend')
  @HttpCode(200)
  @ApiOp(
    'adminSuspendMailbox',
    'Suspend a mailbox: inbound mail is refused (550) and it cannot send',
    'Suspends the mailbox: inbound mail is refused (550) and the agent cannot send. Audited with the reason.',
  )
  @ApiOkResponse({ schema: MailboxUsage })
  @ApiErrors(400, 404, 413, 415)
  suspend(@Param('handle') handle: string, @Body() body: MailboxStatusDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.inbox.setMailboxStatus(op, handle, true, body.reason ?? null);
  }

  @Post('mailboxes/:handle/restore')
  @HttpCode(200)
  @ApiOp('adminRestoreMailbox', 'Lift a mailbox suspension', 'Lifts a mailbox suspension. Audited with the reason.')
  @ApiOkResponse({ schema: MailboxUsage })
  @ApiErrors(400, 404, 413, 415)
  restore(@Param('handle') handle: string, @Body() body: MailboxStatusDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.inbox.setMailboxStatus(op, handle, false, body.reason ?? null);
  }

  @Get('held')
  @ApiOp(
    'adminListHeldMail',
    'Outbound agent mail held because no SMTP relay is configured',
    'Outbound agent mail held because no SMTP relay is configured, newest first.',
  )
  @ApiOkResponse({ schema: HeldMailPage })
  @ApiErrors(400)
  held(@Query() query: AdminPageQueryDto) {
    return this.inbox.heldMail(query.limit, query.offset);
  }

  @Get('suppressions')
  @ApiOp(
    'adminListSuppressions',
    'Suppressed addresses (bounces, complaints, operator)',
    'Addresses a mailbox may no longer send to (bounces, complaints, operator), newest first; filter by handle.',
  )
  @ApiOkResponse({ schema: SuppressionPage })
  @ApiErrors(400, 404)
  suppressions(@Query() query: AdminPageQueryDto) {
    return this.inbox.suppressions(query.handle, query.limit, query.offset);
  }

  @Post('suppressions')
  @HttpCode(200)
  @ApiOp(
    'adminAddSuppression',
    'Suppress an address for a mailbox',
    "Suppresses an address for a mailbox (reason operator) and returns that mailbox's suppressions.",
  )
  @ApiOkResponse({ schema: SuppressionPage })
  @ApiErrors(400, 404, 413, 415)
  suppress(@Body() body: AddSuppressionDto, @CurrentOperator() op: OperatorPrincipal) {
    return this.inbox.addSuppression(op, body.handle, body.address);
  }

  @Delete('suppressions/:id')
  @ApiOp('adminRemoveSuppression', 'Lift a suppression', 'Lifts a suppression by its id; the mailbox may send to the address again.')
  @ApiOkResponse({ schema: SuppressionRemoved })
  @ApiErrors(400, 404)
  unsuppress(@Param() params: SuppressionIdParam, @CurrentOperator() op: OperatorPrincipal) {
    return this.inbox.removeSuppression(op, params.id);
  }

  @Get('audit')
  @ApiOp(
    'adminListInboxAudit',
    'The inbox audit log (operator actions and automatic suppressions)',
    'Operator actions and automatic suppressions, newest first; filter by handle.',
  )
  @ApiOkResponse({ schema: InboxAuditPage })
  @ApiErrors(400, 404)
  audit(@Query() query: AdminPageQueryDto) {
    return this.inbox.auditLog(query.handle, query.limit, query.offset);
  }
}
