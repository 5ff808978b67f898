import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator.js';
import { MemoryService } from '../services/memory.service.js';
import { PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';

const MARKDOWN = 'text/markdown; charset=utf-8';

/**
 * Recall's operating guide and API reference, and the service-wide guide for agents at /AGENTS.md.
 * Operation ids keep their published `RecallDocsController_…` names.
 */
@Public()
@ApiTags('recall')
@RatePolicy(PAGES_POLICY)
@Controller()
export class MemoryDocsController {
  constructor(private readonly memory: MemoryService) {}

  @Get('AGENTS.md')
  @Header('Content-Type', MARKDOWN)
  @ApiProduces('text/markdown')
  @ApiOperation({
    operationId: 'RecallDocsController_rootGuide',
    summary: 'Guide for agents: every product of this service and where to start',
  })
  rootGuide(): string {
    return this.memory.document('ROOT-AGENTS.md');
  }

  @Get('recall/AGENTS.md')
  @Header('Content-Type', MARKDOWN)
  @ApiProduces('text/markdown')
  @ApiOperation({ operationId: 'RecallDocsController_guide', summary: 'Recall operating guide (read first)' })
  guide(): string {
    return this.memory.document('AGENTS.md');
  }

  @Get('recall/API.md')
  @Header('Content-Type', MARKDOWN)
  @ApiProduces('text/markdown')
  @ApiOperation({ operationId: 'RecallDocsController_api', summary: 'Recall API reference (fields, limits, errors, REST routes)' })
  api(): string {
    return this.memory.document('API.md');
  }
}
