import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiErrors, ApiOp } from '../http/openapi-kit.js';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '../http/swagger.js';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MailService, type OutboxEntryView } from './mail.service.js';
import type { OutboundMailStatus } from './outbound-mail.entity.js';

const STATUSES: OutboundMailStatus[] = ['queued', 'sent', 'held', 'failed', 'dead'];

export class ListOutboxQueryDto {
  @ApiPropertyOptional({ enum: STATUSES, default: 'dead', description: '`dead`: retries exhausted (the dead letter).' })
  @IsOptional()
  @IsIn(STATUSES)
  status: OutboundMailStatus = 'dead';

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit: number = 50;
}

export class OutboxEntryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'The recipient, masked (ab***@example.org).' }) to!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ enum: STATUSES }) status!: string;
  @ApiProperty({ description: 'Delivery attempts so far.' }) attempts!: number;
  @ApiProperty({ type: String, nullable: true, description: "The relay's last answer or the last error." })
  last_response!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The Message-ID every attempt carries.' })
  message_id!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) sent_at!: string | null;
}

export class OutboxListDto {
  @ApiProperty({ type: [OutboxEntryDto] }) messages!: OutboxEntryDto[];
}

export class OutboxRetryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['queued'] }) status!: 'queued';
}

/** Operators: the mail outbox, its dead letter, and putting a message back in the queue. */
@ApiTags('Admin: mail')
@ApiBearerAuth('operator')
@ApiErrors(401, 403, 429, 503)
@Controller('admin/mail')
export class MailAdminController {
  constructor(private readonly mail: MailService) {}

  @Get()
  @ApiOp(
    'adminListMail',
    'List outbox messages by status (default: dead, the messages whose retries were exhausted)',
    'Outbox messages with one status, newest first (default dead: the messages whose retries were exhausted). Recipients are masked.',
  )
  @ApiErrors(400)
  @ApiOkResponse({ type: OutboxListDto })
  list(@Query() query: ListOutboxQueryDto): Promise<{ messages: OutboxEntryView[] }> {
    return this.mail.list(query.status, query.limit);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOp(
    'adminRetryMail',
    'Queue a dead, failed or held message again (same Message-ID)',
    'Puts a dead, failed or held message back in the queue; it keeps its Message-ID.',
  )
  @ApiErrors(400, 404, 409)
  @ApiOkResponse({ type: OutboxRetryDto })
  retry(@Param('id', new ParseUUIDPipe()) id: string): Promise<{ id: string; status: 'queued' }> {
    return this.mail.retry(id);
  }
}
