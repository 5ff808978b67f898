// The legacy era's checks of one request (rows 12-13 and 26-28 of the wire ladder): initialize
// first, then the method and the MCP-Protocol-Version header against the legacy revisions served.
import type { Handler, HttpAnswer } from './exchange.js';
import { errorMessage, type RequestId } from './json-rpc.js';
import { isModernRevision, META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from './revisions.js';
import { RpcCode } from './rpc-errors.js';
import type { ServerMethods } from './server-methods.js';

const MISSING_ENVELOPE = { envelope: { missing: [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES] } };

/** The 400 for an MCP-Protocol-Version header naming no legacy revision served here. */
export function unsupportedVersion(server: ServerMethods, id: RequestId | null, headerVersion: string): HttpAnswer {
  return {
    status: 400,
    body: errorMessage(id, RpcCode.ServerError, `Bad Request: unsupported MCP-Protocol-Version ${headerVersion}.`, {
      supported: [...server.legacyRevisions],
      requested: headerVersion,
    }),
  };
}

function methodNotFound(id: RequestId, method: string): HttpAnswer {
  return { status: 200, body: errorMessage(id, RpcCode.MethodNotFound, `Method not found: ${method}`) };
}

/**
 * The handler of a legacy request, or the refusal it gets. `enveloped`: the request carries a
 * modern `_meta` the server does not serve (a modern client probing a legacy-only server).
 */
export function resolveLegacy(
  server: ServerMethods,
  id: RequestId,
  method: string,
  enveloped: boolean,
  headerVersion: string | undefined,
): Handler | HttpAnswer {
  if (method === 'initialize') {
    if (!enveloped && headerVersion !== undefined && isModernRevision(headerVersion) && server.servesModern) {
      return {
        status: 400,
        body: errorMessage(id, RpcCode.HeaderMismatch, `initialize does not exist in ${headerVersion}; use server/discover.`, {
          mismatch: { header: 'MCP-Protocol-Version', value: headerVersion, body: 'initialize' },
        }),
      };
    }
    return server.initialize;
  }
  const handler = server.legacyMethods.get(method);
  // A modern client probing a legacy-only server: answer legacy-style so it falls back to initialize.
  if (enveloped && !handler) return methodNotFound(id, method);
  if (headerVersion !== undefined && !server.legacy.has(headerVersion)) {
    if (isModernRevision(headerVersion) && server.servesModern) {
      return {
        status: 400,
        body: errorMessage(
          id,
          RpcCode.InvalidParams,
          `MCP-Protocol-Version ${headerVersion} needs the per-request _meta envelope.`,
          MISSING_ENVELOPE,
        ),
      };
    }
    return unsupportedVersion(server, id, headerVersion);
  }
  return handler ?? methodNotFound(id, method);
}
