import { Controller, Get, Header } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { Public } from '../auth/public.decorator.js';
import { renderHomePage } from './home-page.js';
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
}
