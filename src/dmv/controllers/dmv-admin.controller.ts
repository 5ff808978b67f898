import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
@ApiTags('dmv-admin')
@ApiBearerAuth()
@Controller('admin/dmv')
export class DmvAdminController {
  constructor(private readonly dmv: DmvService) {}

  @Get('registrations')
  @ApiOperation({ summary: 'List DMV registrations (filters: name, email, source, since)' })
  @ApiOkResponse({ type: AdminRegistrationListDto })
  list(@Query() query: ListRegistrationsQueryDto): Promise<AdminRegistrationList> {
    return this.dmv.listRegistrations(query);
  }

  @Post('registrations/:certificateId/withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw a registration (kept with the reason; publicly not_found afterwards)' })
  @ApiOkResponse({ type: AdminRegistrationDto })
  withdraw(
    @Param('certificateId') certificateId: string,
    @Body() body: WithdrawRegistrationDto,
    @CurrentOperator() operator: OperatorPrincipal,
  ): Promise<AdminRegistrationView> {
    return this.dmv.withdraw(operator, certificateId, body.reason);
  }

  @Get('reserved-names')
  @ApiOperation({ summary: 'The reserved-name list' })
  @ApiOkResponse({ type: ReservedNamesDto })
  reservedNames(): Promise<ReservedNamesView> {
    return this.dmv.reservedNames();
  }

  @Put('reserved-names')
  @ApiOperation({ summary: 'Replace the reserved-name list' })
  @ApiOkResponse({ type: ReservedNamesDto })
  replaceReservedNames(@Body() body: ReservedNamesDto, @CurrentOperator() operator: OperatorPrincipal): Promise<ReservedNamesView> {
    return this.dmv.replaceReservedNames(operator, body.names);
  }

  @Post('reserved-names')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a reserved name' })
  @ApiOkResponse({ type: ReservedNamesDto })
  addReservedName(@Body() body: ReservedNameDto, @CurrentOperator() operator: OperatorPrincipal): Promise<ReservedNamesView> {
    return this.dmv.addReservedName(operator, body.name);
  }

  @Delete('reserved-names/:name')
  @ApiOperation({ summary: 'Remove a reserved name' })
  @ApiOkResponse({ type: ReservedNamesDto })
  removeReservedName(@Param('name') name: string, @CurrentOperator() operator: OperatorPrincipal): Promise<ReservedNamesView> {
    return this.dmv.removeReservedName(operator, name);
  }
}
