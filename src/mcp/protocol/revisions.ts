/** The modern (stateless, per-request `_meta`) protocol revisions this codebase knows. */
export const MODERN_REVISIONS = ['2026-07-28'] as const;

/** Every legacy (initialize handshake) revision this codebase can serve, newest first. */
export const LEGACY_REVISIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The revision a legacy request without an MCP-Protocol-Version header is assumed to speak. */
export const DEFAULT_LEGACY_REVISION = '2025-03-26';

const MODERN = new Set<string>(MODERN_REVISIONS);

/** Whether a revision string names a modern (2026-07-28 or later known) revision. */
export function isModernRevision(version: string): boolean {
  return MODERN.has(version);
}

/** The `_meta` keys of the modern per-request envelope. */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
