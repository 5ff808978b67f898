// Helpers for the DMV e2e tests: a real SMTP server, REST and MCP calls from simulated client IPs.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text body (quoted-printable undone). */
  text: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next message whose recipients include `to` (waits up to `ms`). */
  waitFor(to: string, ms?: number): Promise<ReceivedMail>;
  /** When true, the server refuses every message (the relay failure case). */
  refuse: boolean;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(head)?.[1]?.trim().toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { subject, text: Buffer.from(text, 'latin1').toString('utf8') };
}

/** A real SMTP server on a free port that accepts any mail without authentication. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const sink = { refuse: false } as SmtpSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.refuse) {
          const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        };
        messages.push(mail);
        for (const w of [...waiters]) {
          if (mail.to.includes(w.to)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const bound = (server.server.address() as AddressInfo).port;
  return Object.assign(sink, {
    port: bound,
    url: `smtp://127.0.0.1:${bound}?ignoreTLS=true`,
    messages,
    waitFor(to: string, ms = 5000) {
      const existing = messages.find((m) => m.to.includes(to));
      if (existing) return Promise.resolve(existing);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${ms} ms`)), ms);
        waiters.push({
          to,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
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
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const id = options.id ?? rpcId++;
  const res = await fetch(`${baseUrl}${options.path ?? '/mcp'}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await res.text();
  let body: McpCallResult['body'];
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trim())
      .join('');
    body = JSON.parse(data) as McpCallResult['body'];
  } else {
    body = JSON.parse(text) as McpCallResult['body'];
  }
  return { status: res.status, headers: res.headers, body };
}

export async function mcpRequest(
  baseUrl: string,
  method: string,
  params: Record<string, unknown> = {},
  path = '/mcp',
): Promise<McpCallResult['body'] & { result?: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
  });
  return (await res.json()) as McpCallResult['body'] & { result?: Record<string, unknown> };
}

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;
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
