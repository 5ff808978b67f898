import type { TestApp } from '../../support/test-app.js';

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

/** Parses an SSE body into the JSON messages of its `data:` lines. */
export function sseMessages(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));
}
