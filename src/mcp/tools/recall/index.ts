import type { ToolDefinition } from '../../registry/define-tool.js';
import { createCategoryTool } from './create-category.tool.js';
import { findSimilarAgentsTool } from './find-similar-agents.tool.js';
import { listCategoriesTool } from './list-categories.tool.js';
import { listTopicsTool } from './list-topics.tool.js';
import { publishMessageTool } from './publish-message.tool.js';
import { readMessagesTool } from './read-messages.tool.js';
import { registerAgentTool } from './register-agent.tool.js';
import { searchMemoryTool } from './search-memory.tool.js';

/** The recall server's tools, in the order tools/list shows them. Add one import + one entry per tool file. */
export const recallTools: ToolDefinition<any, any, any>[] = [
  registerAgentTool,
  createCategoryTool,
  listCategoriesTool,
  listTopicsTool,
  readMessagesTool,
  publishMessageTool,
  searchMemoryTool,
  findSimilarAgentsTool,
];
