import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/http/swagger.js';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import { sendPage } from '../../common/http/page.js';
import { PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';
import { DirectoryService } from '../services/directory.service.js';
import { renderDocPage, renderDocsIndex } from '../views/docs-page.js';
import { globeScriptAsset, renderGlobePage } from '../views/globe-page.js';
import { renderMemberPage } from '../views/member-page.js';
import { notFoundPage } from '../views/not-found-page.js';

/** Pages for people (HTML) and the globe's static script; not part of the API contract. */
@Public()
@ApiExcludeController()
@RatePolicy(PAGES_POLICY)
@Controller()
export class PagesController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('members/:slug')
  async member(@Param('slug') slug: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const member = await this.directory.memberProfile(slug);
    return sendPage(reply, member ? renderMemberPage(member) : notFoundPage('There is no public member profile at this address.'));
  }

  @Get('globe')
  globe(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, renderGlobePage());
  }

  /** A same-origin script file (the CSP allows `script-src 'self'` only), revalidated by its ETag. */
  @Get('globe.js')
  globeScript(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): string {
    const asset = globeScriptAsset();
    void reply.header('content-type', asset.contentType).header('cache-control', asset.cacheControl).header('etag', asset.etag);
    if (ifNoneMatch === asset.etag) {
      void reply.status(304);
      return '';
    }
    return asset.body;
  }

  @Get('docs')
  docsIndex(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, renderDocsIndex(this.directory.docPages()));
  }

  @Get('docs/:path')
  docPage(@Param('path') path: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    const page = this.directory.docPage(path);
    if (!page) return sendPage(reply, notFoundPage('There is no documentation page at this address.'));
    return sendPage(reply, renderDocPage(page, this.directory.docPages()));
  }
}
