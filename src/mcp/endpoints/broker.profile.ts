import { LEGACY_REVISIONS, MODERN_REVISIONS } from '../protocol/revisions.js';
import { RpcCode } from '../protocol/json-rpc.js';
import type { GateOutcome, McpGate, McpProfile } from './profile.js';
import { MCP_SERVER_VERSION } from './profile.js';

export const BROKER_PATH = '/broker/mcp';

/**
 * Until the OAuth issue lands, the broker's gate refuses every request with the bearer challenge
 * it will use then: 401, JSON-RPC -32001, WWW-Authenticate with the protected-resource metadata.
 */
export const brokerGate: McpGate = (_request, { config }): GateOutcome => ({
  allow: false,
  status: 401,
  code: RpcCode.Unauthorized,
  message: 'Unauthorized: this server needs an OAuth bearer access token.',
  headers: {
    'WWW-Authenticate': `Bearer resource_metadata="${config.publicBaseUrl}/.well-known/oauth-protected-resource${BROKER_PATH}"`,
  },
});

/** The identity broker (reserved): OAuth-gated, not advertised until the OAuth issue is built. */
export function brokerProfile(): McpProfile {
  return {
    name: 'broker',
    mounts: [{ path: BROKER_PATH, source: 'mcp' }],
    modernRevisions: [...MODERN_REVISIONS],
    legacyRevisions: [...LEGACY_REVISIONS],
    gate: brokerGate,
    maxBatch: 0,
    getStream: '405',
    bodyLimit: 256 * 1024,
    allowMissingContentType: true,
    strictAccept: false,
    rateLimit: 'general',
    serverInfo: { name: 'agentry-broker', title: 'Agentry identity broker', version: MCP_SERVER_VERSION },
    advertise: false,
    auth: { type: 'oauth2' },
    tools: [],
    resources: [],
  };
}
