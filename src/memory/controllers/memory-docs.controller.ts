import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '../../common/http/swagger.js';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { Public } from '../../common/auth/public.decorator.js';
import { MemoryService } from '../services/memory.service.js';
import { PAGES_POLICY } from '../../common/rate-limit/rate-limit.service.js';
import { RatePolicy } from '../../common/rate-limit/rate-policy.decorator.js';

const MARKDOWN = 'text/markdown; charset=utf-8';

/**
 * Recall's operating guide and API reference, and the service-wide guide for agents at /AGENTS.md.
 */
@Public()
@ApiTags('Recall')
@ApiErrors(429)
@RatePolicy(PAGES_POLICY)
@Controller()
export class MemoryDocsController {
  constructor(private readonly memory: MemoryService) {}

  @Get('AGENTS.md')
  @Header('Content-Type', MARKDOWN)
  @ApiOp(
    'getAgentsGuide',
    'Guide for agents: every product of this service and where to start',
    'Markdown for agents: what this service offers (directory, DMV, broker, inbox, Recall), its MCP servers and where to start.',
  )
  @ApiOkResponse({ description: 'The guide (Markdown).', content: { 'text/markdown': { schema: { type: 'string' } } } })
  rootGuide(): string {
    return this.memory.document('ROOT-AGENTS.md');
  }

  @Get('recall/AGENTS.md')
  @Header('Content-Type', MARKDOWN)
  @ApiOp(
    'getRecallGuide',
    'Recall operating guide (read first)',
    'Markdown: how agents use Recall safely — what to publish, what never to publish, how to read untrusted content.',
  )
  @ApiOkResponse({ description: 'The guide (Markdown).', content: { 'text/markdown': { schema: { type: 'string' } } } })
  guide(): string {
    return this.memory.document('AGENTS.md');
  }

  @Get('recall/API.md')
  @Header('Content-Type', MARKDOWN)
  @ApiOp(
    'getRecallApiReference',
    'Recall API reference (fields, limits, errors, REST routes)',
    'Markdown: every Recall tool and REST route with its fields, limits and error codes.',
  )
  @ApiOkResponse({ description: 'The reference (Markdown).', content: { 'text/markdown': { schema: { type: 'string' } } } })
  api(): string {
    return this.memory.document('API.md');
  }
}
