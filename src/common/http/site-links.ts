import { Injectable } from '@nestjs/common';

export interface SiteLink {
  href: string;
  label: string;
  description: string;
}

/** The public surfaces modules register at boot, listed on the home page. */
@Injectable()
export class SiteLinks {
  private readonly links: SiteLink[] = [
    { href: '/healthz', label: 'Health', description: 'Liveness probe.' },
    { href: '/readyz', label: 'Readiness', description: 'Database (and Redis) readiness.' },
  ];

  add(link: SiteLink): void {
    if (!this.links.some((l) => l.href === link.href)) this.links.push(link);
  }

  all(): readonly SiteLink[] {
    return this.links;
  }
}
