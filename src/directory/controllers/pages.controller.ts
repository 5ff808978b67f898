import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { DirectoryService } from '../services/directory.service.js';
import { GLOBE_SCRIPT, renderGlobePage } from '../views/globe-page.js';
import { PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';

const HTML = 'text/html; charset=utf-8';

/** Pages for people (HTML), not part of the API contract. */
@Public()
@ApiExcludeController()
@RatePolicy(PAGES_POLICY)
@Controller()
export class PagesController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('members/:slug')
  async member(@Param('slug') slug: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const page = await this.directory.memberPage(slug);
    void reply.status(page.status).header('Content-Type', HTML);
    return page.html;
  }

  @Get('globe')
  @Header('Content-Type', HTML)
  globe(): string {
    return renderGlobePage();
  }

  @Get('globe.js')
  @Header('Content-Type', 'application/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  globeScript(): string {
    return GLOBE_SCRIPT;
  }

  @Get('docs')
  @Header('Content-Type', HTML)
  docsIndex(): string {
    return this.directory.docsIndexPage();
  }

  @Get('docs/:path')
  docPage(@Param('path') path: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    const page = this.directory.docPage(path);
    void reply.status(page.status).header('Content-Type', HTML);
    return page.html;
  }
}
