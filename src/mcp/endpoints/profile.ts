// The injection tokens of the mounted servers and the version they report. The profile type
// itself is the protocol layer's (src/mcp/protocol/server-profile.ts).

/** The version every Agentry MCP server reports (serverInfo, server cards). */
export const MCP_SERVER_VERSION = '0.1.0';

/** Production profiles (community, docs, recall, broker). */
export const MCP_PROFILES = Symbol('MCP_PROFILES');
/** Extra profiles mounted next to the production ones (empty in production; tests add fixtures). */
export const MCP_EXTRA_PROFILES = Symbol('MCP_EXTRA_PROFILES');
