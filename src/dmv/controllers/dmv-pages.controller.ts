import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors/app-error.js';
import { Public } from '../../common/auth/public.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { sendPage } from '../../common/http/page.js';
import { PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { FindCertificateQueryDto, VerifyContactQueryDto } from '../dto/dmv.dto.js';
import { DmvService } from '../services/dmv.service.js';
import { badgeResultPage } from '../views/badge-svg.js';
import { certificateResultPage, dmvHomePage } from '../views/public-pages.js';
import { formErrorsFor, readRegisterForm, registeredPage, registerFormPage } from '../views/register-page.js';
import { contactVerificationPage } from '../views/verification-pages.js';

/** The DMV's human pages: overview, certificate pages, badges and the email verification link. */
@ApiExcludeController()
@Public()
@RatePolicy(PAGES_POLICY)
@Controller('dmv')
export class DmvPagesController {
  constructor(private readonly dmv: DmvService) {}

  @Get()
  home(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, dmvHomePage());
  }

  /** A form to pre-register a name without an API client. */
  @Get('register')
  registerForm(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, registerFormPage());
  }

  /**
   * The form's POST: the REST registration's own facade call (same DTO rules, budgets, caps and
   * Idempotency-Key replay, the key a hidden field of the form); refusals go back next to their fields.
   */
  @Post('register')
  @HttpCode(200)
  @BodyPolicy({ bodyLimit: 8192, accepts: [FORM_MEDIA_TYPE] })
  async register(
    @Body() body: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const form = readRegisterForm(body);
    if (!form.input) return sendPage(reply, registerFormPage(form, 400));
    try {
      const outcome = await this.dmv.register({ source: 'rest', ip: request.ip, idempotencyKey: form.idempotencyKey }, form.input);
      for (const [name, value] of Object.entries(outcome.headers)) void reply.header(name, value);
      return sendPage(reply, registeredPage(outcome.result, outcome.replayed));
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) void reply.header(name, value);
      return sendPage(reply, registerFormPage({ ...form, errors: formErrorsFor(error) }, error.status));
    }
  }

  @Get('certificates')
  find(@Query() query: FindCertificateQueryDto, @Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, certificateResultPage(this.dmv.findCertificate(query.certificate_id)));
  }

  @Get('certificates/:id')
  async certificate(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, certificateResultPage(await this.dmv.certificate(id)));
  }

  @Get('certificates/:id/badge.svg')
  async badge(
    @Param('id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPage(reply, badgeResultPage(await this.dmv.badge(id), ifNoneMatch));
  }

  /** The link in the email: a confirmation page; opening it verifies nothing. */
  @Get('verify')
  async confirm(@Query() query: VerifyContactQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, contactVerificationPage(await this.dmv.confirmContact(query.token)));
  }

  /** The confirmation page's button (an HTML form: application/x-www-form-urlencoded). */
  @Post('verify')
  @HttpCode(200)
  @BodyPolicy({ bodyLimit: 4096, accepts: [FORM_MEDIA_TYPE] })
  async verify(@Body() body: VerifyContactQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, contactVerificationPage(await this.dmv.verifyContact(body?.token)));
  }
}
