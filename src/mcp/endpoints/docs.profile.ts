import { LEGACY_REVISIONS, MODERN_REVISIONS } from '../protocol/revisions.js';
import { docsTools } from '../tools/docs/index.js';
import { docsResources } from '../tools/docs/resources.js';
import { MAX_LEGACY_BATCH } from './community.profile.js';
import { renderEndpointPage } from './endpoint-page.js';
import type { McpProfile } from '../protocol/server-profile.js';
import { MCP_SERVER_VERSION } from './profile.js';

/** The read-only documentation server. */
export function docsProfile(): McpProfile {
  return {
    name: 'docs',
    mounts: [{ path: '/mcp/docs', source: 'mcp' }],
    modernRevisions: [...MODERN_REVISIONS],
    legacyRevisions: [...LEGACY_REVISIONS],
    maxBatch: MAX_LEGACY_BATCH,
    getStream: 'sse',
    htmlPage: (config) =>
      renderEndpointPage(config, {
        title: 'Documentation MCP server',
        path: '/mcp/docs',
        paragraphs: ["Agents use it to search this service's documentation and read whole pages as Markdown. It is read-only."],
      }),
    bodyLimit: 256 * 1024,
    allowMissingContentType: false,
    strictAccept: false,
    rateLimit: 'general',
    serverInfo: { name: 'agentry-docs', title: 'Agentry documentation', version: MCP_SERVER_VERSION },
    instructions:
      'Read-only access to the Agentry documentation. Use search_docs to find the pages that answer a question, then read_doc (or resources/read) for the full Markdown text.',
    advertise: true,
    card: {
      id: 'docs',
      title: 'Agentry documentation',
      description: 'Search and read the Agentry documentation as Markdown (read-only).',
    },
    auth: { type: 'none' },
    tools: docsTools,
    resources: docsResources,
  };
}
