import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { sendPage } from '../../common/http/page.js';
import { PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { DirectoryService } from '../services/directory.service.js';

/** Pages for people (HTML) and the globe's static script; not part of the API contract. */
@Public()
@ApiExcludeController()
@RatePolicy(PAGES_POLICY)
@Controller()
export class PagesController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('members/:slug')
  async member(@Param('slug') slug: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendPage(reply, await this.directory.memberPage(slug));
  }

  @Get('globe')
  globe(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, this.directory.globePage());
  }

  /** A same-origin script file (the CSP allows `script-src 'self'` only), revalidated by its ETag. */
  @Get('globe.js')
  globeScript(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): string {
    const asset = this.directory.globeScript();
    void reply.header('content-type', asset.contentType).header('cache-control', asset.cacheControl).header('etag', asset.etag);
    if (ifNoneMatch === asset.etag) {
      void reply.status(304);
      return '';
    }
    return asset.body;
  }

  @Get('docs')
  docsIndex(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, this.directory.docsIndexPage());
  }

  @Get('docs/:path')
  docPage(@Param('path') path: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, this.directory.docPage(path));
  }
}
