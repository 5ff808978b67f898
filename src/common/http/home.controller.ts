import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../../config/app-config.js';
import { Public } from '../auth/public.decorator.js';
import { apiDocsPage } from './api-page.js';
import { renderHomePage } from './home-page.js';
import { sendPage } from './page.js';
import { SiteLinks } from './site-links.js';
import { PAGES_POLICY } from '../rate-limit/rate-limit.service.js';
import { RatePolicy } from '../rate-limit/rate-policy.decorator.js';

@Public()
@RatePolicy(PAGES_POLICY)
@Controller()
export class HomeController {
  constructor(
    private readonly links: SiteLinks,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  home(): string {
    return renderHomePage([...this.links.all()], this.config.publicBaseUrl);
  }

  /** The header's "API" link: a page for people that links the JSON documents. */
  @Get('docs/api')
  @ApiExcludeEndpoint()
  api(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, apiDocsPage());
  }
}
