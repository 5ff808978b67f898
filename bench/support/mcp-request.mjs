// The JSON-RPC tools/call request bench:mcp and bench/mcp-cpu.mjs send, in either era of the protocol.
export const MODERN = '2026-07-28';

/** Headers and body of a tools/call of `tool` (no arguments) in the `modern` or `legacy` era. */
export function requestFor(era, tool) {
  const params = { name: tool, arguments: {} };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (era === 'modern') {
    params._meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
    };
    Object.assign(headers, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': tool });
  } else {
    headers['mcp-protocol-version'] = '2025-11-25';
  }
  return { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }) };
}
