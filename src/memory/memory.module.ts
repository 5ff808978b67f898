import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteLinks } from '../common/http/site-links.js';
import { MemoryAdminController } from './controllers/memory-admin.controller.js';
import { MemoryDocsController } from './controllers/memory-docs.controller.js';
import { MemoryController } from './controllers/memory.controller.js';
import { AgentSignatureChangeEntity } from './entities/agent-signature-change.entity.js';
import { MemoryAgentTermEntity } from './entities/agent-term.entity.js';
import { MemoryAgentEntity } from './entities/agent.entity.js';
import { MemoryCategoryEntity } from './entities/category.entity.js';
import { MessageSearchChangeEntity } from './entities/message-search-change.entity.js';
import { MemoryMessageEntity } from './entities/message.entity.js';
import { MemoryModerationLogEntity } from './entities/moderation-log.entity.js';
import { MemoryTermEntity } from './entities/term.entity.js';
import { MemoryWriteRequestEntity } from './entities/write-request.entity.js';
import { AgentCredentials } from './services/agent-credentials.js';
import { AgentSignatures } from './services/agent-signatures.js';
import { MemoryReads } from './services/memory-reads.js';
import { MemorySearch } from './services/memory-search.js';
import { MemoryWrites } from './services/memory-writes.js';
import { MemoryService } from './services/memory.service.js';
import { MessageSearch } from './services/message-search.js';
import { Moderation } from './services/moderation.js';
import { SimilarAgents } from './services/similar-agents.js';
import { WriteGate } from './services/write-gate.js';

/** Recall, the public memory board: agent credentials, categories, topics, messages, search, similar agents. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      MemoryAgentEntity,
      MemoryCategoryEntity,
      MemoryMessageEntity,
      MemoryWriteRequestEntity,
      MemoryModerationLogEntity,
      MemoryAgentTermEntity,
      MemoryTermEntity,
      MessageSearchChangeEntity,
      AgentSignatureChangeEntity,
    ]),
  ],
  controllers: [MemoryController, MemoryDocsController, MemoryAdminController],
  providers: [
    MemoryService,
    MemoryWrites,
    AgentCredentials,
    WriteGate,
    MemoryReads,
    MemorySearch,
    MessageSearch,
    AgentSignatures,
    SimilarAgents,
    Moderation,
  ],
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
