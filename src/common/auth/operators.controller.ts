import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { IsString, Length } from 'class-validator';
import { CurrentOperator } from './operator.guard.js';
import { OperatorsService, type OperatorView } from './operators.service.js';
import type { OperatorPrincipal } from './principals.js';

export class CreateOperatorDto {
  @IsString() @Length(1, 100) name!: string;
}

/** Operator administration: who am I, list, create, revoke. */
@Controller('admin')
export class OperatorsController {
  constructor(private readonly operators: OperatorsService) {}

  @Get('whoami')
  async whoami(@CurrentOperator() operator: OperatorPrincipal): Promise<{ operator: OperatorView }> {
    return { operator: await this.operators.describe(operator) };
  }

  @Get('operators')
  async list(): Promise<{ operators: OperatorView[] }> {
    return { operators: await this.operators.list() };
  }

  @Post('operators')
  create(@Body() body: CreateOperatorDto): Promise<{ operator: OperatorView; token: string }> {
    return this.operators.create(body.name);
  }

  @Post('operators/:id/revoke')
  @HttpCode(200)
  async revoke(@Param('id', new ParseUUIDPipe()) id: string): Promise<{ operator: OperatorView }> {
    return { operator: await this.operators.revoke(id) };
  }
}
