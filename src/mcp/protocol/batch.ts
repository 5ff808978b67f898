// Legacy batch arrays (rows 9-11 of the wire ladder): the profile's size limit, no modern requests
// and no initialize inside a batch, then every element answered and the answers joined.
import { ACCEPTED, type CallState, type HttpAnswer, type Params, type RequestInfo } from './exchange.js';
import { headerValue } from './headers.js';
import { errorMessage, isPlainObject, shapeOf, type JsonRpcMessage, type RequestId } from './json-rpc.js';
import { unsupportedVersion } from './legacy-request.js';
import type { MethodRunner } from './method-runner.js';
import { isEnveloped } from './modern-envelope.js';
import { RpcCode } from './rpc-errors.js';
import type { ServerMethods } from './server-methods.js';

function refuse(message: string): HttpAnswer {
  return { status: 400, body: errorMessage(null, RpcCode.InvalidRequest, message) };
}

/** One element's answer text and headers; undefined for notifications and responses. */
type Part = { body: string; headers?: Record<string, string> } | undefined;

export async function answerBatch(
  server: ServerMethods,
  runner: MethodRunner,
  maxBatch: number,
  batch: unknown[],
  info: RequestInfo,
): Promise<HttpAnswer> {
  if (maxBatch === 0) return refuse('Invalid Request: this server does not accept batch arrays.');
  if (batch.length === 0) return refuse('Invalid Request: empty batch.');
  if (batch.length > maxBatch) return refuse(`Invalid Request: batches are limited to ${maxBatch} messages.`);
  let hasInitialize = false;
  for (const element of batch) {
    if (!isPlainObject(element)) continue;
    if (element.method === 'initialize') hasInitialize = true;
    if (isEnveloped(element.params)) {
      return refuse('Invalid Request: modern (2026-07-28) requests must be sent as single messages, not in a batch.');
    }
  }
  if (hasInitialize && batch.length > 1) return refuse('Invalid Request: initialize must be sent alone.');

  const headerVersion = headerValue(info.request.headers['mcp-protocol-version']);
  if (headerVersion !== undefined && !hasInitialize && !server.legacy.has(headerVersion)) {
    return unsupportedVersion(server, null, headerVersion);
  }
  const protocolVersion = headerVersion ?? server.defaultLegacy;
  const responses = await Promise.all(
    batch.map(async (element): Promise<Part> => {
      const msg = element as JsonRpcMessage;
      const shape = shapeOf(msg);
      if (shape.kind === 'invalid') return { body: errorMessage(shape.id, RpcCode.InvalidRequest, shape.reason) };
      if (shape.kind !== 'request') return undefined;
      const method = msg.method as string;
      const handler = server.legacyMethods.get(method);
      const id = msg.id as RequestId;
      if (!handler) return { body: errorMessage(id, RpcCode.MethodNotFound, `Method not found: ${method}`) };
      const state: CallState = { info, era: 'legacy', protocolVersion, headers: undefined };
      const answer = await runner.run(id, handler, (msg.params ?? {}) as Params, state);
      return { body: answer.body as string, headers: answer.headers };
    }),
  );
  const bodies: string[] = [];
  let headers: Record<string, string> | undefined;
  for (const r of responses) {
    if (!r) continue;
    bodies.push(r.body);
    if (r.headers) headers = { ...(headers ?? {}), ...r.headers };
  }
  if (bodies.length === 0) return ACCEPTED;
  return { status: 200, body: `[${bodies.join(',')}]`, parts: bodies, sse: true, headers };
}
