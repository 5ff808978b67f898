import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiTags } from './swagger.js';
import type { FastifyReply } from 'fastify';
import { ApiErrors, ApiOp } from './openapi-kit.js';
import { AppConfig } from '../../config/app-config.js';
import { Public } from '../auth/public.decorator.js';
import { apiDocsPage } from './api-page.js';
import { renderHomePage } from './home-page.js';
import { sendPage } from './page.js';
import { SiteLinks } from './site-links.js';
import { PAGES_POLICY } from '../rate-limit/rate-limit.service.js';
import { RatePolicy } from '../rate-limit/rate-policy.decorator.js';

@ApiTags('Service')
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
  @ApiOp('getHomePage', 'Home page', 'The HTML home page for people: what this service offers and links to every product and its docs.')
  @ApiOkResponse({ description: 'The home page (HTML).', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiErrors(429)
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
