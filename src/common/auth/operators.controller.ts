import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiProperty, ApiTags } from '../http/swagger.js';
import { ApiErrors, ApiOp, apiSchema, arr, dateTime, nullable, obj, str, uuid } from '../http/openapi-kit.js';
import { IsString, Length } from 'class-validator';
import { CurrentOperator } from './operator.guard.js';
import { OperatorsService, type OperatorView } from './operators.service.js';
import type { OperatorPrincipal } from './principals.js';

export class CreateOperatorDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Ops on call' })
  @IsString()
  @Length(1, 100)
  name!: string;
}

const OperatorSchema = apiSchema(
  'Operator',
  obj({
    id: uuid(),
    name: str(),
    token_prefix: str({ description: 'The first characters of the token, to recognise it.' }),
    created_at: dateTime(),
    revoked_at: nullable(dateTime()),
    last_used_at: nullable(dateTime()),
  }),
);
const OperatorEnvelope = apiSchema('OperatorEnvelope', obj({ operator: OperatorSchema }));

/** Operator administration: who am I, list, create, revoke. */
@ApiTags('Admin: operators')
@ApiBearerAuth('operator')
@ApiErrors(401, 403, 429, 503)
@Controller('admin')
export class OperatorsController {
  constructor(private readonly operators: OperatorsService) {}

  @Get('whoami')
  @ApiOp('adminWhoami', 'Who am I (operator)', 'The operator the bearer token belongs to.')
  @ApiOkResponse({ schema: OperatorEnvelope })
  async whoami(@CurrentOperator() operator: OperatorPrincipal): Promise<{ operator: OperatorView }> {
    return { operator: await this.operators.describe(operator) };
  }

  @Get('operators')
  @ApiOp('adminListOperators', 'List operators', 'Every operator, active and revoked (token prefixes only; token values are never stored).')
  @ApiOkResponse({ schema: apiSchema('OperatorList', obj({ operators: arr(OperatorSchema) })) })
  async list(): Promise<{ operators: OperatorView[] }> {
    return { operators: await this.operators.list() };
  }

  @Post('operators')
  @ApiOp('adminCreateOperator', 'Create an operator', 'Creates an operator and answers its mco_ token, shown only in this answer.')
  @ApiCreatedResponse({
    schema: apiSchema(
      'OperatorCreated',
      obj({ operator: OperatorSchema, token: str({ description: 'The new mco_ token (shown once).' }) }),
    ),
    headers: { 'Cache-Control': { $ref: '#/components/headers/CacheControlNoStore' } } as never,
  })
  @ApiErrors(400, 413, 415)
  create(@Body() body: CreateOperatorDto): Promise<{ operator: OperatorView; token: string }> {
    return this.operators.create(body.name);
  }

  @Post('operators/:id/revoke')
  @HttpCode(200)
  @ApiOp('adminRevokeOperator', "Revoke an operator's token", 'Revokes an operator token; requests with it answer 401 from then on.')
  @ApiOkResponse({ schema: OperatorEnvelope })
  @ApiErrors(400, 404)
  async revoke(@Param('id', new ParseUUIDPipe()) id: string): Promise<{ operator: OperatorView }> {
    return { operator: await this.operators.revoke(id) };
  }
}
