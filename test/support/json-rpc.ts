// JSON-RPC over HTTP for the MCP tests, written once: the headers an MCP POST carries, a message
// builder, a tolerant reply reader (plain JSON or an SSE stream), and two ways to post: through
// Fastify's inject (no socket, routed as the server routes it) or with fetch over a real socket.
import type { TestApp } from './test-app.js';

/** What every MCP POST sends: a JSON body, and an Accept that allows both JSON and SSE answers. */
export const MCP_POST_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** A JSON-RPC request message (params left out when not given). */
export function rpcRequest(method: string, params?: Record<string, unknown>, id: number | string = 1) {
  return { jsonrpc: '2.0' as const, id, method, ...(params === undefined ? {} : { params }) };
}

/** Parses an SSE body into the JSON messages of its `data:` lines. */
export function sseMessages(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as unknown);
}

/** The JSON-RPC answer in a reply body: the JSON itself, or the last message of an SSE stream. */
export function rpcAnswer(text: string, contentType: string | null | undefined): unknown {
  return (contentType ?? '').includes('text/event-stream') ? sseMessages(text).at(-1) : JSON.parse(text);
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  json: any;
}

export interface Send {
  path: string;
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH' | 'OPTIONS' | 'HEAD';
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent verbatim instead of JSON.stringify(body). */
  raw?: string;
  remoteAddress?: string;
}

/** One request through Fastify's inject (no socket, routed as the server routes it), parsed leniently. */
export async function send(t: TestApp, s: Send): Promise<Reply> {
  const payload = s.raw ?? (s.body === undefined ? undefined : JSON.stringify(s.body));
  const res = await t.inject({
    method: s.method ?? 'POST',
    url: s.path,
    headers: s.headers,
    payload,
    remoteAddress: s.remoteAddress,
  });
  let json: unknown;
  try {
    json = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text: res.body, json };
}

/**
 * POSTs a JSON-RPC message (or batch, or a string sent verbatim) to `url` over a real socket, with
 * MCP_POST_HEADERS and `headers` on top. Returns fetch's Response untouched.
 */
export function postJsonRpc(url: string, message: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...headers },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
}
