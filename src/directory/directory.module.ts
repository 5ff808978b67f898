import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { SiteLinks } from '../common/http/site-links.js';
import { AdminMembersController } from './controllers/admin-members.controller.js';
import { LegacyApiController } from './controllers/legacy-api.controller.js';
import { PagesController } from './controllers/pages.controller.js';
import { PublicApiController } from './controllers/public-api.controller.js';
import { DocsCorpus, getDocsCorpus } from './docs/docs-corpus.js';
import { MemberAuditEntity } from './entities/member-audit.entity.js';
import { MemberSearchChangeEntity } from './entities/member-search-change.entity.js';
import { MemberEntity } from './entities/member.entity.js';
import { DemoSeeder } from './services/demo-seeder.js';
import { DirectoryAggregates } from './services/directory-aggregates.js';
import { DirectoryService } from './services/directory.service.js';
import { DocsCatalog } from './services/docs-catalog.js';
import { MemberAdmin } from './services/member-admin.js';
import { MemberCountCache } from './services/member-count-cache.js';
import { MemberPages } from './services/member-pages.js';
import { MemberReads } from './services/member-reads.js';
import { MemberSearch } from './services/member-search.js';

/** The public member directory: members, search, globe, stats, REST API v1, pages and the docs corpus. */
@Module({
  imports: [TypeOrmModule.forFeature([MemberEntity, MemberAuditEntity, MemberSearchChangeEntity])],
  controllers: [PublicApiController, LegacyApiController, PagesController, AdminMembersController],
  providers: [
    DirectoryService,
    MemberReads,
    DirectoryAggregates,
    MemberAdmin,
    DocsCatalog,
    DemoSeeder,
    MemberCountCache,
    MemberSearch,
    MemberPages,
    { provide: DocsCorpus, useFactory: getDocsCorpus },
  ],
  exports: [DirectoryService],
})
export class DirectoryModule implements OnModuleInit {
  constructor(
    links: SiteLinks,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    links.add({
      href: '/globe',
      label: 'Member globe',
      description: 'Where the community’s member organizations are, on a rotating globe.',
    });
    links.add({ href: '/api/v1/members', label: 'Members API', description: 'The public member directory as JSON (REST API v1).' });
    links.add({ href: '/api/v1/stats', label: 'Community stats', description: 'How many member organizations there are, by category.' });
    links.add({ href: '/docs', label: 'Documentation', description: 'How to use the REST API and the MCP servers.' });
    links.add({ href: '/openapi.json', label: 'OpenAPI', description: 'The REST API as an OpenAPI 3.1 document.' });
  }

  /**
   * Lets POST /admin/members/import accept NDJSON (`application/x-ndjson`), handed over as text. The parser
   * runs only on routes that declare the type (@BodyPolicy; others answer 415 before reading), and reads at
   * most the route's own limit.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('application/x-ndjson')) return;
    fastify.addContentTypeParser('application/x-ndjson', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
}
