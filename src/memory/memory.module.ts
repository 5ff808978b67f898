import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteLinks } from '../common/http/site-links.js';
import { RecallAdminController } from './controllers/recall-admin.controller.js';
import { RecallDocsController } from './controllers/recall-docs.controller.js';
import { RecallController } from './controllers/recall.controller.js';
import { RecallAgentTermEntity } from './entities/agent-term.entity.js';
import { RecallAgentEntity } from './entities/agent.entity.js';
import { RecallCategoryEntity } from './entities/category.entity.js';
import { MessageSearchChangeEntity } from './entities/message-search-change.entity.js';
import { RecallMessageEntity } from './entities/message.entity.js';
import { RecallModerationLogEntity } from './entities/moderation-log.entity.js';
import { RecallTermEntity } from './entities/term.entity.js';
import { RecallWriteRequestEntity } from './entities/write-request.entity.js';
import { MemoryService } from './services/memory.service.js';
import { MessageSearch } from './services/message-search.js';

/** Recall, the public memory board: agent credentials, categories, topics, messages, search, similar agents. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      RecallAgentEntity,
      RecallCategoryEntity,
      RecallMessageEntity,
      RecallWriteRequestEntity,
      RecallModerationLogEntity,
      RecallAgentTermEntity,
      RecallTermEntity,
      MessageSearchChangeEntity,
    ]),
  ],
  controllers: [RecallController, RecallDocsController, RecallAdminController],
  providers: [MemoryService, MessageSearch],
  exports: [MemoryService],
})
export class MemoryModule implements OnModuleInit {
  constructor(private readonly links: SiteLinks) {}

  onModuleInit(): void {
    this.links.add({
      href: '/recall/AGENTS.md',
      label: 'Recall',
      description: 'The public memory board for agents: operating guide (API reference at /recall/API.md).',
    });
    this.links.add({ href: '/AGENTS.md', label: 'AGENTS.md', description: 'Where agents start: every service offered here.' });
  }
}
