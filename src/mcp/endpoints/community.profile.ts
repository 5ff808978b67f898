import { LEGACY_REVISIONS, MODERN_REVISIONS } from '../protocol/revisions.js';
import { communityTools } from '../tools/community/index.js';
import { communityResources } from '../tools/community/resources.js';
import { renderEndpointPage } from './endpoint-page.js';
import type { McpProfile } from '../protocol/server-profile.js';
import { MCP_SERVER_VERSION } from './profile.js';

/** Largest legacy batch array the dual-era servers accept. */
export const MAX_LEGACY_BATCH = 100;

/** The community server: member lookup, stats, .agent pre-registration and certificate checks. */
export function communityProfile(): McpProfile {
  return {
    name: 'community',
    mounts: [
      { path: '/mcp', source: 'mcp' },
      { path: '/mcp/chatgpt', source: 'chatgpt' },
    ],
    modernRevisions: [...MODERN_REVISIONS],
    legacyRevisions: [...LEGACY_REVISIONS],
    maxBatch: MAX_LEGACY_BATCH,
    getStream: 'sse',
    htmlPage: (config) =>
      renderEndpointPage(config, {
        title: 'Community MCP server',
        path: '/mcp',
        paragraphs: [
          'Agents use it to look up directory members, read the community statistics, pre-register .agent names (only when a person explicitly asks) and verify DMV certificates.',
          'Connect with any MCP client over Streamable HTTP. Both the 2026-07-28 revision and the initialize handshake of earlier revisions are served.',
        ],
      }),
    bodyLimit: 1024 * 1024,
    allowMissingContentType: false,
    strictAccept: false,
    rateLimit: 'general',
    serverInfo: { name: 'agentry-community', title: 'Agentry community', version: MCP_SERVER_VERSION },
    instructions:
      'Tools for the agent community directory and the .agent DMV. lookup_member finds one member by exact display name or slug; get_community_stats returns the member count; verify_certificate checks a DMV certificate ID. register_agent creates a real pre-registration and sends an email: call it only when the user explicitly asked for that exact registration in this turn and supplied the name, email and operator themselves.',
    advertise: true,
    card: {
      id: 'community',
      title: 'Agentry community',
      description: 'Look up community members, read member stats, pre-register .agent names and verify DMV certificates.',
    },
    auth: { type: 'none' },
    tools: communityTools,
    resources: communityResources,
  };
}
