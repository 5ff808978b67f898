import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from './swagger.js';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { AppError } from '../errors/app-error.js';
import { PAGES_POLICY } from '../rate-limit/rate-limit.service.js';
import { RatePolicy } from '../rate-limit/rate-policy.decorator.js';
import { isServedAsset, staticAsset, type StaticAsset } from './static-assets.js';

/** The site's static browser files (stylesheet, favicon, scripts), revalidated by their ETags. */
@Public()
@ApiExcludeController()
@RatePolicy(PAGES_POLICY)
@Controller()
export class AssetsController {
  @Get('assets/:name')
  asset(
    @Param('name') name: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    if (!isServedAsset(name)) throw new AppError('not_found', `There is no asset named ${JSON.stringify(name.slice(0, 80))}.`);
    return send(staticAsset(name), ifNoneMatch, reply);
  }

  /** Browsers ask for /favicon.ico on their own; the site's icon is an SVG. */
  @Get('favicon.ico')
  favicon(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): string {
    return send(staticAsset('favicon.svg'), ifNoneMatch, reply);
  }
}

function send(asset: StaticAsset, ifNoneMatch: string | undefined, reply: FastifyReply): string {
  void reply.header('content-type', asset.contentType).header('cache-control', asset.cacheControl).header('etag', asset.etag);
  if (ifNoneMatch === asset.etag) {
    void reply.status(304);
    return '';
  }
  return asset.body;
}
