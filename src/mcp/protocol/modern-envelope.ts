// The modern era's checks of one request (rows 14-25 of the wire ladder): the per-request `_meta`
// envelope, the MCP-Protocol-Version / Mcp-Method / Mcp-Name headers mirroring the body, the
// revision, and the method.
import type { IncomingHttpHeaders } from 'node:http';
import type { Handler, HttpAnswer, Params } from './exchange.js';
import { decodeMcpHeader, headerValue } from './headers.js';
import { errorMessage, isPlainObject, type RequestId } from './json-rpc.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION } from './revisions.js';
import { RpcCode, type RpcCodeValue } from './rpc-errors.js';
import type { ServerMethods } from './server-methods.js';

/** Methods of the legacy handshake that the modern revision removed (their 404 says so). */
const REMOVED_IN_MODERN = new Set(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);

function refuse(id: RequestId, code: RpcCodeValue, message: string, data?: unknown, status = 400): HttpAnswer {
  return { status, body: errorMessage(id, code, message, data) };
}

/** Whether a request carries the modern envelope (a `_meta` with a protocol version). */
export function isEnveloped(params: unknown): boolean {
  return isPlainObject(params) && isPlainObject(params._meta) && META_PROTOCOL_VERSION in params._meta;
}

/**
 * The handler of a modern request, or the refusal it gets. The checks run in the ladder's order;
 * the first that fails answers. The caller runs the handler at `meta[META_PROTOCOL_VERSION]`.
 */
export function resolveModern(
  server: ServerMethods,
  id: RequestId,
  method: string,
  params: Params,
  meta: Record<string, unknown>,
  headers: IncomingHttpHeaders,
): Handler | HttpAnswer {
  const version = meta[META_PROTOCOL_VERSION];
  if (typeof version !== 'string' || version === '') {
    return refuse(id, RpcCode.InvalidParams, `Invalid _meta: ${META_PROTOCOL_VERSION} must be a non-empty string.`, {
      envelope: { key: META_PROTOCOL_VERSION, problem: 'must be a non-empty string' },
    });
  }
  const capabilities = meta[META_CLIENT_CAPABILITIES];
  if (capabilities === undefined) {
    return refuse(id, RpcCode.InvalidParams, `Invalid _meta: ${META_CLIENT_CAPABILITIES} is required.`, {
      envelope: { missing: [META_CLIENT_CAPABILITIES] },
    });
  }
  if (!isPlainObject(capabilities)) {
    return refuse(id, RpcCode.InvalidParams, `Invalid _meta: ${META_CLIENT_CAPABILITIES} must be an object.`, {
      envelope: { key: META_CLIENT_CAPABILITIES, problem: 'must be an object' },
    });
  }
  const clientInfo = meta[META_CLIENT_INFO];
  if (clientInfo !== undefined && (!isPlainObject(clientInfo) || typeof clientInfo.name !== 'string')) {
    return refuse(id, RpcCode.InvalidParams, `Invalid _meta: ${META_CLIENT_INFO} must be an object with a name.`, {
      envelope: { key: META_CLIENT_INFO, problem: 'must be an object with a string name' },
    });
  }
  const logLevel = meta[META_LOG_LEVEL];
  if (logLevel !== undefined && typeof logLevel !== 'string') {
    return refuse(id, RpcCode.InvalidParams, `Invalid _meta: ${META_LOG_LEVEL} must be a string.`, {
      envelope: { key: META_LOG_LEVEL, problem: 'must be a string' },
    });
  }

  const headerVersion = headerValue(headers['mcp-protocol-version']);
  const headerMethod = headerValue(headers['mcp-method']);
  if (headerVersion !== undefined && headerVersion !== version) {
    return refuse(id, RpcCode.HeaderMismatch, 'The MCP-Protocol-Version header does not match the _meta protocol version.', {
      mismatch: { header: 'MCP-Protocol-Version', value: headerVersion, body: version },
    });
  }
  if (headerMethod !== undefined && headerMethod !== method) {
    return refuse(id, RpcCode.HeaderMismatch, 'The Mcp-Method header does not match the request method.', {
      mismatch: { header: 'Mcp-Method', value: headerMethod, body: method },
    });
  }
  if (!server.modern.has(version)) {
    return refuse(id, RpcCode.UnsupportedProtocolVersion, `Protocol version ${version} is not served here.`, {
      supported: [...server.modernRevisions],
      requested: version,
    });
  }
  if (headerVersion === undefined) {
    return refuse(id, RpcCode.HeaderMismatch, 'The MCP-Protocol-Version header is required on modern requests.', {
      mismatch: { header: 'MCP-Protocol-Version', value: null, body: version },
    });
  }
  if (headerMethod === undefined) {
    return refuse(id, RpcCode.HeaderMismatch, 'The Mcp-Method header is required on modern requests.', {
      mismatch: { header: 'Mcp-Method', value: null, body: method },
    });
  }
  const nameRefusal = mcpNameRefusal(id, method, params, headers);
  if (nameRefusal) return nameRefusal;
  const handler = server.modernMethods.get(method);
  if (handler) return handler;
  const message = REMOVED_IN_MODERN.has(method)
    ? `Method not found: ${method} does not exist in protocol version ${version}.`
    : `Method not found: ${method}`;
  return refuse(id, RpcCode.MethodNotFound, message, undefined, 404);
}

/** Mcp-Name must mirror the tool name (tools/call, prompts/get) or the URI (resources/read). */
function mcpNameRefusal(id: RequestId, method: string, params: Params, headers: IncomingHttpHeaders): HttpAnswer | undefined {
  if (method !== 'tools/call' && method !== 'resources/read' && method !== 'prompts/get') return undefined;
  const bodyName = method === 'resources/read' ? params.uri : params.name;
  if (typeof bodyName !== 'string') return undefined;
  const raw = headers['mcp-name'];
  const value = raw === undefined ? undefined : decodeMcpHeader(Array.isArray(raw) ? raw[0] : raw);
  if (value === undefined) {
    return refuse(id, RpcCode.HeaderMismatch, `The Mcp-Name header is required on ${method}.`, {
      mismatch: { header: 'Mcp-Name', value: null, body: bodyName },
    });
  }
  if (value === null) {
    return refuse(id, RpcCode.HeaderMismatch, 'The Mcp-Name header has an invalid =?base64?…?= value.', {
      mismatch: { header: 'Mcp-Name', value: raw, body: bodyName },
    });
  }
  if (value !== bodyName) {
    return refuse(id, RpcCode.HeaderMismatch, 'The Mcp-Name header does not match the request.', {
      mismatch: { header: 'Mcp-Name', value, body: bodyName },
    });
  }
  return undefined;
}
