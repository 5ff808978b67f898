import type { ToolDefinition } from '../../registry/define-tool.js';
import { registerAgentTool } from './register-agent.tool.js';
import { verifyCertificateTool } from './verify-certificate.tool.js';
import { getCommunityStatsTool } from './get-community-stats.tool.js';
import { lookupMemberTool } from './lookup-member.tool.js';

/** The community server's tools, in the order tools/list shows them. Add one import + one entry per tool file. */
export const communityTools: ToolDefinition<any, any, any>[] = [
  lookupMemberTool,
  getCommunityStatsTool,
  registerAgentTool,
  verifyCertificateTool,
];
