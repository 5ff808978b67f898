import { randomUUID } from 'node:crypto';
import { newCredential } from '../../support/factories/memory.factory.js';
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
