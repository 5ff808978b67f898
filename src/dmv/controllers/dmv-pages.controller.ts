import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { sendPage } from '../../common/http/page.js';
import { PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { FindCertificateQueryDto, VerifyContactQueryDto } from '../dto/dmv.dto.js';
import { DmvService } from '../services/dmv.service.js';

/** The DMV's human pages: overview, certificate pages, badges and the email verification link. */
@ApiExcludeController()
@Public()
@RatePolicy(PAGES_POLICY)
@Controller('dmv')
export class DmvPagesController {
  constructor(private readonly dmv: DmvService) {}

  @Get()
  home(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, this.dmv.home());
  }

  @Get('certificates')
  find(@Query() query: FindCertificateQueryDto, @Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, this.dmv.findCertificatePage(query.certificate_id));
  }

  @Get('certificates/:id')
  async certificate(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, await this.dmv.certificatePage(id));
  }

  @Get('certificates/:id/badge.svg')
  async badge(
    @Param('id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPage(reply, await this.dmv.badge(id, ifNoneMatch));
  }

  /** The link in the email: a confirmation page; opening it verifies nothing. */
  @Get('verify')
  async confirm(@Query() query: VerifyContactQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, await this.dmv.confirmContactPage(query.token));
  }

  /** The confirmation page's button (an HTML form: application/x-www-form-urlencoded). */
  @Post('verify')
  @HttpCode(200)
  @BodyPolicy({ bodyLimit: 4096, accepts: [FORM_MEDIA_TYPE] })
  async verify(@Body() body: VerifyContactQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, await this.dmv.verifyContact(body?.token));
  }
}
