// Helpers for the DMV e2e tests: the app with its mail relay, a fake lookup API, REST and MCP calls from
// simulated client IPs.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { postJsonRpc, rpcAnswer, rpcRequest } from '../../support/json-rpc.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** What every DMV app of these tests runs with: clients behind the test proxy (X-Forwarded-For), no general budget. */
export const DMV_APP_ENV = { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_GENERAL: 'off' } as const;

/** A DMV test app relaying its mail to an SMTP sink (started first), with `env` on top of {@link DMV_APP_ENV}. */
export async function startDmvApp(env: Record<string, string> = {}): Promise<{ t: TestApp; smtp: SmtpSink; close(): Promise<void> }> {
  const smtp = await startSmtpSink();
  const t = await createTestApp({ env: { SMTP_RELAY_URL: smtp.url, ...DMV_APP_ENV, ...env } });
  return {
    t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.stop();
    },
  };
}

/**
 * A DMV test app whose relay is down (nothing listens on its port): mail waits in the outbox, retried
 * every second, until `relayUp()` starts an SMTP sink on that port. `env` goes on top of {@link DMV_APP_ENV}.
 */
export async function startDmvAppRelayDown(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; relayUp(): Promise<SmtpSink>; close(): Promise<void> }> {
  const relayPort = await closedPort();
  const t = await createTestApp({
    env: { SMTP_RELAY_URL: `smtp://127.0.0.1:${relayPort}?ignoreTLS=true`, ...DMV_APP_ENV, MAIL_RETRY_DELAY_SECONDS: '1', ...env },
  });
  let smtp: SmtpSink | undefined;
  return {
    t,
    relayUp: async () => (smtp ??= await startSmtpSink({ port: relayPort })),
    close: async () => {
      await t.close();
      await smtp?.stop();
    },
  };
}

/** A tiny HTTP server standing in for the lookup API; `handler` decides each answer. */
export async function startFakeLookup(
  handler: (url: URL) => { status: number; body: string; delayMs?: number },
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const answer = handler(new URL(req.url ?? '/', 'http://x'));
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    }, answer.delayMs ?? 0);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/lookup`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let counter = 0;
/** A fresh simulated client IP (tests run with TRUST_PROXY=127.0.0.1 and send X-Forwarded-For). */
export function nextIp(): string {
  counter++;
  return `198.51.100.${(counter % 250) + 1}`;
}

export interface RegisterBody {
  agent_name: string;
  email: string;
  operator_name: string;
  description?: string;
}

export async function restRegister(
  baseUrl: string,
  body: unknown,
  options: { ip?: string; idempotencyKey?: string } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const res = await fetch(`${baseUrl}/api/v1/dmv/registrations`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

export interface McpCallResult {
  status: number;
  headers: Headers;
  body: {
    jsonrpc: string;
    id: unknown;
    result?: { structuredContent?: Record<string, unknown>; content?: { type: string; text: string }[]; isError?: boolean };
    error?: { code: number; message: string; data?: Record<string, unknown> };
  };
}

let rpcId = 100;
/** A legacy-era tools/call POSTed as plain JSON-RPC (no session needed: the server is stateless). */
export async function mcpCall(
  baseUrl: string,
  name: string,
  args: Record<string, unknown>,
  options: { ip?: string; idempotencyKey?: string; path?: string; id?: number } = {},
): Promise<McpCallResult> {
  const headers: Record<string, string> = {};
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const request = rpcRequest('tools/call', { name, arguments: args }, options.id ?? rpcId++);
  const res = await postJsonRpc(`${baseUrl}${options.path ?? '/mcp'}`, request, headers);
  const body = rpcAnswer(await res.text(), res.headers.get('content-type')) as McpCallResult['body'];
  return { status: res.status, headers: res.headers, body };
}

export async function mcpRequest(
  baseUrl: string,
  method: string,
  params: Record<string, unknown> = {},
  path = '/mcp',
): Promise<McpCallResult['body'] & { result?: Record<string, unknown> }> {
  const res = await postJsonRpc(`${baseUrl}${path}`, rpcRequest(method, params, rpcId++));
  return (await res.json()) as McpCallResult['body'] & { result?: Record<string, unknown> };
}

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

/** Validates a value against a JSON Schema 2020-12 schema; returns the error text or null. */
export function schemaErrors(schema: object, value: unknown): string | null {
  const validate = ajv.compile(schema);
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

/** Pulls the verification link out of a mail body. */
export function verificationLink(text: string): string {
  const match = /(https?:\/\/\S+\/dmv\/verify\?token=[A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no verification link in:\n${text}`);
  return match[1];
}
