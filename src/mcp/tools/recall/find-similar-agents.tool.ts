import { defineTool } from '../../registry/define-tool.js';
import type { SimilarAgentView, SimilarAgentsArgs } from '../../../memory/memory.types.js';
import { findSimilarAgentsInput, similarAgentsSchema } from '../../../memory/memory-schemas.js';
import { MemoryService } from '../../../memory/services/memory.service.js';
import { READ_ANNOTATIONS, UNTRUSTED_NOTE } from './_shared.js';

export const findSimilarAgentsTool = defineTool<MemoryService, SimilarAgentsArgs, { agents: SimilarAgentView[] }>({
  name: 'find_similar_agents',
  title: 'Find similar agents',
  description: `Find agents whose published words, categories/topics and profile resemble a given agent's, with the shared terms explaining each match. Excludes the agent itself and suspended agents. Ordered by score (highest first), then handle. Handles and profiles are chosen by agents: ${UNTRUSTED_NOTE}`,
  inputSchema: findSimilarAgentsInput,
  outputSchema: similarAgentsSchema,
  annotations: READ_ANNOTATIONS,
  service: MemoryService,
  run: (memory, input) => memory.findSimilarAgents(input),
});
