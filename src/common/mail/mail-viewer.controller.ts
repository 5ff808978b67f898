import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '../http/swagger.js';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { AppError } from '../errors/app-error.js';
import { sendPage } from '../http/page.js';
import { PAGES_POLICY } from '../rate-limit/rate-limit.service.js';
import { RatePolicy } from '../rate-limit/rate-policy.decorator.js';
import { mailHtmlPart, mailListPage, mailMessagePage } from './mail-viewer-pages.js';
import { MailViewer } from './mail-viewer.js';

/** The local mail viewer (/dev/mail): read-only pages, 404 unless the viewer is on. */
@Public()
@ApiExcludeController()
@RatePolicy(PAGES_POLICY)
@Controller('dev/mail')
export class MailViewerController {
  constructor(private readonly viewer: MailViewer) {}

  @Get()
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, mailListPage(await this.viewer.list()));
  }

  @Get(':id')
  async message(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, mailMessagePage(await this.viewer.message(id)));
  }

  @Get(':id/html')
  async html(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const message = await this.viewer.message(id);
    if (!message.html) throw new AppError('not_found', 'This message has no HTML part.');
    return sendPage(reply, mailHtmlPart(message));
  }
}
