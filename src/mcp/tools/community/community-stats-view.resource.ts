import { DirectoryService } from '../../../directory/services/directory.service.js';
import { defineResource } from '../../registry/define-tool.js';
import { COMMUNITY_STATS_VIEW_URI } from './get-community-stats.tool.js';

/** The one MCP Apps view: presentational, no input, no callbacks; no `_meta.ui.csp` on purpose. */
export const communityStatsViewResource = defineResource<DirectoryService>({
  uri: COMMUNITY_STATS_VIEW_URI,
  name: 'community-stats',
  title: 'Community stats',
  description: 'Shows the member count returned by get_community_stats. Presentational only; it never calls the server.',
  mimeType: 'text/html;profile=mcp-app',
  service: DirectoryService,
  read: (directory) => directory.communityStatsView(),
});
