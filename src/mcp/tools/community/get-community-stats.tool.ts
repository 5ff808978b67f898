import type { CommunityStatsResult } from '../../../directory/directory.types.js';
import { DirectoryService } from '../../../directory/services/directory.service.js';
import { defineTool } from '../../registry/define-tool.js';

export const COMMUNITY_STATS_VIEW_URI = 'ui://agentcommunity/community-stats.html';

export const getCommunityStatsTool = defineTool<DirectoryService, Record<string, never>, CommunityStatsResult>({
  name: 'get_community_stats',
  title: 'Get community stats',
  description:
    'Returns the number of active member organizations in the agent community (categorized or not). The number ' +
    'is approximate: it is cached for at most 20 minutes, and `note` says how fresh it is. Takes no input.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: {
      member_count: { type: 'integer', minimum: 0, description: 'Active member organizations (approximate).' },
      note: { type: 'string', description: 'That the number is approximate, and when it was counted.' },
    },
    required: ['member_count', 'note'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  _meta: {
    ui: { resourceUri: COMMUNITY_STATS_VIEW_URI },
    'openai/outputTemplate': COMMUNITY_STATS_VIEW_URI,
  },
  service: DirectoryService,
  testInput: {},
  memoizeResult: true,
  run: (directory) => directory.communityStats(),
});
