import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '../../common/http/swagger.js';
import { CurrentOperator } from '../../common/auth/operator.guard.js';
import type { OperatorPrincipal } from '../../common/auth/principals.js';
import {
  AdminRegistrationDto,
  AdminRegistrationListDto,
  ListRegistrationsQueryDto,
  ReservedNameDto,
  ReservedNamesDto,
  WithdrawRegistrationDto,
} from '../dto/dmv.dto.js';
import { DmvService } from '../services/dmv.service.js';
import type { AdminRegistrationList, AdminRegistrationView, ReservedNamesView } from '../dmv.types.js';

/** Operators: registrations (list, withdraw) and the reserved-name list. */
@ApiTags('Admin: DMV')
@ApiBearerAuth('operator')
@ApiErrors(401, 403, 429, 503)
@Controller('admin/dmv')
export class DmvAdminController {
  constructor(private readonly dmv: DmvService) {}

  @Get('registrations')
  @ApiOp(
    'adminListDmvRegistrations',
    'List DMV registrations (filters: name, email, source, since)',
    'Registrations, newest first, filtered by part of the name, the whole contact address, the source or a start time.',
  )
  @ApiErrors(400)
  @ApiOkResponse({ type: AdminRegistrationListDto })
  list(@Query() query: ListRegistrationsQueryDto): Promise<AdminRegistrationList> {
    return this.dmv.listRegistrations(query);
  }

  @Post('registrations/:certificateId/withdraw')
  @HttpCode(200)
  @ApiOp(
    'adminWithdrawDmvRegistration',
    'Withdraw a registration (kept with the reason; publicly not_found afterwards)',
    'Marks the registration withdrawn with the reason; it is kept, and the public lookup answers not_found afterwards.',
  )
  @ApiErrors(400, 404, 413, 415)
  @ApiOkResponse({ type: AdminRegistrationDto })
  withdraw(
    @Param('certificateId') certificateId: string,
    @Body() body: WithdrawRegistrationDto,
    @CurrentOperator() operator: OperatorPrincipal,
  ): Promise<AdminRegistrationView> {
    return this.dmv.withdraw(operator, certificateId, body.reason);
  }

  @Get('reserved-names')
  @ApiOp('adminListReservedNames', 'The reserved-name list', 'The names nobody may pre-register.')
  @ApiOkResponse({ type: ReservedNamesDto })
  reservedNames(): Promise<ReservedNamesView> {
    return this.dmv.reservedNames();
  }

  @Put('reserved-names')
  @ApiOp('adminReplaceReservedNames', 'Replace the reserved-name list', 'Replaces the whole reserved-name list with the names sent.')
  @ApiErrors(400, 413, 415)
  @ApiOkResponse({ type: ReservedNamesDto })
  replaceReservedNames(@Body() body: ReservedNamesDto, @CurrentOperator() operator: OperatorPrincipal): Promise<ReservedNamesView> {
    return this.dmv.replaceReservedNames(operator, body.names);
  }

  @Post('reserved-names')
  @HttpCode(200)
  @ApiOp('adminAddReservedName', 'Add a reserved name', 'Adds one name to the reserved-name list and returns the list.')
  @ApiErrors(400, 413, 415)
  @ApiOkResponse({ type: ReservedNamesDto })
  addReservedName(@Body() body: ReservedNameDto, @CurrentOperator() operator: OperatorPrincipal): Promise<ReservedNamesView> {
    return this.dmv.addReservedName(operator, body.name);
  }

  @Delete('reserved-names/:name')
  @ApiOp('adminRemoveReservedName', 'Remove a reserved name', 'Removes one name from the reserved-name list and returns the list.')
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: ReservedNamesDto })
  removeReservedName(@Param('name') name: string, @CurrentOperator() operator: OperatorPrincipal): Promise<ReservedNamesView> {
    return this.dmv.removeReservedName(operator, name);
  }
}
