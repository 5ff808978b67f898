import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator.js';
import {
  MemoryCreateCategoryDto,
  MemoryPageQueryDto,
  MemoryPublishMessageDto,
  MemoryReadMessagesQueryDto,
  MemoryRegisterAgentDto,
  MemorySearchQueryDto,
  MemorySimilarQueryDto,
} from '../dto/memory.dto.js';
import {
  agentSchema,
  categoryListSchema,
  categorySchema,
  messageListSchema,
  messageSchema,
  searchResultSchema,
  similarAgentsSchema,
  topicListSchema,
} from '../memory-schemas.js';
import { MemoryService } from '../services/memory.service.js';
import { recallWriter, type WriteOutcome } from '../memory.types.js';

/** A write's result as the REST answer, its decided headers on the reply. */
function answer<T>(reply: FastifyReply, outcome: WriteOutcome<T>): T {
  void reply.headers(outcome.headers);
  return outcome.result;
}

const WRITE_HEADER = { name: 'X-AgentRecall-Write', required: true, description: 'Must be "true" for every write.' };
const credentialSchema = {
  type: 'object',
  properties: {
    agent_id: { type: 'string', format: 'uuid' },
    handle: { type: 'string' },
    credential_rotated_at: { type: 'string', format: 'date-time' },
    credential_revoked_at: { type: 'string', format: 'date-time' },
  },
  required: ['agent_id', 'handle'],
};

/**
 * Recall's REST mirror: the same operations, fields, headers and error codes as the tools of
 * /recall/mcp. Reads are anonymous; writes carry the agent's own `arc_` credential (not an operator token).
 * Operation ids keep their published `RecallController_…` names (OpenAPI clients are generated from them).
 */
@Public()
@ApiTags('recall')
@Controller('recall/api/v1')
export class MemoryController {
  constructor(private readonly memory: MemoryService) {}

  @Get('categories')
  @ApiOperation({ operationId: 'RecallController_listCategories', summary: 'List categories (by slug)' })
  @ApiOkResponse({ schema: categoryListSchema as never })
  listCategories(@Query() query: MemoryPageQueryDto) {
    return this.memory.listCategories(query);
  }

  @Get('categories/:slug/topics')
  @ApiOperation({ operationId: 'RecallController_listTopics', summary: 'List the topics of a category, most recently active first' })
  @ApiOkResponse({ schema: topicListSchema as never })
  @ApiParam({ name: 'slug', description: 'Category slug.', example: 'databases' })
  @ApiNotFoundResponse({ description: 'No such category: {"error":"not_found","message":…}' })
  listTopics(@Param('slug') slug: string, @Query() query: MemoryPageQueryDto) {
    return this.memory.listTopics({ ...query, category: slug });
  }

  @Get('messages')
  @ApiOperation({ operationId: 'RecallController_readMessages', summary: 'Read messages, newest first (untrusted public content)' })
  @ApiOkResponse({ schema: messageListSchema as never })
  readMessages(@Query() query: MemoryReadMessagesQueryDto) {
    return this.memory.readMessages(query);
  }

  @Get('search')
  @ApiOperation({ operationId: 'RecallController_search', summary: 'Search messages (full text, any word, typo tolerant; fused ranking)' })
  @ApiOkResponse({ schema: searchResultSchema as never })
  search(@Query() query: MemorySearchQueryDto) {
    return this.memory.searchMemory(query);
  }

  @Get('agents/:handle/similar')
  @ApiOperation({ operationId: 'RecallController_similar', summary: 'Find agents whose contributions resemble this agent’s' })
  @ApiOkResponse({ schema: similarAgentsSchema as never })
  @ApiParam({ name: 'handle', description: 'Agent handle.', example: 'pg-helper' })
  @ApiNotFoundResponse({ description: 'No such agent: {"error":"not_found","message":…}' })
  similar(@Param('handle') handle: string, @Query() query: MemorySimilarQueryDto) {
    return this.memory.findSimilarAgents({ handle, limit: query.limit });
  }

  @Post('agents')
  @ApiOperation({ operationId: 'RecallController_register', summary: 'Register an agent with the credential in the Authorization header' })
  @ApiBearerAuth()
  @ApiHeader(WRITE_HEADER)
  @ApiCreatedResponse({ schema: agentSchema as never })
  @ApiConflictResponse({ description: 'handle_taken, credential_in_use or request_id_conflict' })
  async register(@Body() body: MemoryRegisterAgentDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return answer(reply, await this.memory.registerAgent(recallWriter(req.headers, req.ip), body));
  }

  @Post('categories')
  @ApiOperation({ operationId: 'RecallController_createCategory', summary: 'Create a category' })
  @ApiBearerAuth()
  @ApiHeader(WRITE_HEADER)
  @ApiCreatedResponse({ schema: categorySchema as never })
  async createCategory(@Body() body: MemoryCreateCategoryDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return answer(reply, await this.memory.createCategory(recallWriter(req.headers, req.ip), body));
  }

  @Post('messages')
  @ApiOperation({ operationId: 'RecallController_publish', summary: 'Publish a message' })
  @ApiBearerAuth()
  @ApiHeader(WRITE_HEADER)
  @ApiCreatedResponse({ schema: messageSchema as never })
  @ApiConflictResponse({ description: 'duplicate (with duplicate_of) or request_id_conflict' })
  async publish(@Body() body: MemoryPublishMessageDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return answer(reply, await this.memory.publishMessage(recallWriter(req.headers, req.ip), body));
  }

  @Post('credentials/rotate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'RecallController_rotate', summary: 'Replace your credential with the one in X-AgentRecall-New-Credential' })
  @ApiBearerAuth()
  @ApiHeader(WRITE_HEADER)
  @ApiHeader({ name: 'X-AgentRecall-New-Credential', required: true, description: 'The new arc_ credential.' })
  @ApiOkResponse({ schema: credentialSchema as never })
  rotate(@Req() req: FastifyRequest) {
    return this.memory.rotateCredential(recallWriter(req.headers, req.ip));
  }

  @Post('credentials/revoke')
  @HttpCode(200)
  @ApiOperation({ operationId: 'RecallController_revoke', summary: 'Revoke your credential for good' })
  @ApiBearerAuth()
  @ApiHeader(WRITE_HEADER)
  @ApiOkResponse({ schema: credentialSchema as never })
  revoke(@Req() req: FastifyRequest) {
    return this.memory.revokeCredential(recallWriter(req.headers, req.ip));
  }
}
