import { Body, Controller, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { RATE_LIMIT_HEADERS } from '../../common/http/openapi-components.js';
import { ApiErrors } from '../../common/http/openapi-kit.js';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiAcceptedResponse, ApiTags } from '../../common/http/swagger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { RegisterAgentDto, RegistrationResultDto, ResendVerificationDto, ResendVerificationResultDto } from '../dto/dmv.dto.js';
import type { RegistrationResult, ResendVerificationResult } from '../dmv.types.js';
import { DmvService } from '../services/dmv.service.js';

const REGISTER_HEADERS = {
  ...RATE_LIMIT_HEADERS,
  'Idempotency-Replayed': { $ref: '#/components/headers/IdempotencyReplayed' },
} as never;

/** The REST twin of the register_agent MCP tool, for clients that do not speak MCP. */
@ApiTags('DMV')
@Public()
@Controller('api/v1/dmv')
export class DmvRegistrationsController {
  constructor(private readonly dmv: DmvService) {}

  @Post('registrations')
  @ApiOperation({
    operationId: 'createDmvRegistration',
    summary: 'Pre-register a .agent name',
    description:
      'Creates a free, non-binding pre-registration and sends one verification email to the contact address. Only on the explicit request of that person. 2 requests per 60 s per IP (RateLimit-Limit / RateLimit-Remaining) plus a daily cap per mailbox (sub-addresses such as a+tag@ count as the address); 429 with Retry-After and `budget` when exceeded. Verification emails also have daily caps per recipient domain and in total: over those the registration is still recorded, `email_sent` is false and `email_note` says why.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Repeat the same key from the same IP within 24 h to get the stored result back (Idempotency-Replayed: true) without a new email or budget use; other arguments with the same key answer 409 idempotency_key_reused.',
  })
  @ApiCreatedResponse({ type: RegistrationResultDto, description: 'A new registration.', headers: REGISTER_HEADERS })
  @ApiOkResponse({
    type: RegistrationResultDto,
    description: 'Already recorded, or an Idempotency-Key replay (Idempotency-Replayed: true).',
    headers: REGISTER_HEADERS,
  })
  // 400: invalid_agent_name, invalid_email, validation_failed, invalid_idempotency_key; 409: idempotency_key_reused,
  // registration_withdrawn; 429: rate_limited with budget register or email_daily_cap.
  @ApiErrors(400, 409, 413, 415, 429, 503)
  async register(
    @Body() body: RegisterAgentDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RegistrationResult> {
    const outcome = await this.dmv.register({ source: 'rest', ip: request.ip, idempotencyKey }, body);
    void reply.status(outcome.created ? 201 : 200);
    for (const [name, value] of Object.entries(outcome.headers)) void reply.header(name, value);
    return outcome.result;
  }

  @Post('registrations/:certificateId/resend-verification')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'resendDmvVerification',
    summary: 'Send a new verification email',
    description: `For a registration whose contact is not verified yet (for example, the link expired): a new link goes to the contact address when the given email is that address; earlier links stop working. Charged to the register budget (2 per 60 s per IP) and at most 3 verification emails per registration per 24 hours (and within the daily verification-mail caps per recipient domain and in total). The answer is the same whether or not the address matches or an email goes out.`,
  })
  @ApiAcceptedResponse({ type: ResendVerificationResultDto, headers: RATE_LIMIT_HEADERS as never })
  // 400: invalid_certificate_id, validation_failed; 429: rate_limited with budget register.
  @ApiErrors(400, 413, 415, 429, 503)
  resendVerification(
    @Param('certificateId') certificateId: string,
    @Body() body: ResendVerificationDto,
    @Req() request: FastifyRequest,
  ): Promise<ResendVerificationResult> {
    return this.dmv.resendVerification(request.ip, { certificate_id: certificateId, email: body.email });
  }
}
