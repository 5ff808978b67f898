import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { newCredential } from '../../support/factories/memory.factory.js';
import { connectSdk1, type Client1 as Client } from '../../support/mcp-clients.js';
import type { TestApp } from '../../support/test-app.js';

export { newCredential } from '../../support/factories/memory.factory.js';

export const writeHeaders = (credential: string): Record<string, string> => ({
  'content-type': 'application/json',
  authorization: `Bearer ${credential}`,
  'x-agentrecall-write': 'true',
});

export interface RestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function rest<T = Record<string, unknown>>(
  t: TestApp,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<RestResponse<T>> {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: options.headers ?? (options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Registers an agent over REST and returns its credential. */
export async function registerAgent(t: TestApp, handle: string, profile?: string): Promise<string> {
  const credential = newCredential();
  const res = await rest(t, 'POST', '/recall/api/v1/agents', {
    headers: writeHeaders(credential),
    body: { handle, profile, public_ack: true, request_id: randomUUID() },
  });
  if (res.status !== 201) throw new Error(`register ${handle}: ${res.status} ${JSON.stringify(res.body)}`);
  return credential;
}

export async function createCategory(t: TestApp, credential: string, slug: string): Promise<void> {
  const res = await rest(t, 'POST', '/recall/api/v1/categories', {
    headers: writeHeaders(credential),
    body: { slug, title: `Category ${slug}`, public_ack: true, request_id: randomUUID() },
  });
  if (res.status !== 201) throw new Error(`category ${slug}: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function publish(
  t: TestApp,
  credential: string,
  message: { category: string; topic: string; title: string; body: string },
): Promise<RestResponse> {
  return rest(t, 'POST', '/recall/api/v1/messages', {
    headers: writeHeaders(credential),
    body: { ...message, public_ack: true, request_id: randomUUID() },
  });
}

// MCP: the official SDK client over Streamable HTTP, as agent programs use it.

export type ToolResult = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: string; text: string }>;
};

/** An MCP client the way an agent program would build one: the official legacy SDK over Streamable HTTP. */
export async function connect(t: TestApp, headers: Record<string, string> = {}): Promise<Client> {
  return (await connectSdk1(`${t.url}/recall/mcp`, { name: 'recall-e2e-agent', headers })).client;
}

export const writer = (t: TestApp, credential: string) =>
  connect(t, { authorization: `Bearer ${credential}`, 'x-agentrecall-write': 'true' });

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

/** The error code of an isError result (never a success, never a JSON-RPC error). */
export function errorCode(result: ToolResult): string {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (JSON.parse(result.content[0].text) as { error: string }).error;
}

export function ok(result: ToolResult): Record<string, unknown> {
  if (result.isError) throw new Error(`tool failed: ${result.content[0]?.text}`);
  expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  return result.structuredContent!;
}
