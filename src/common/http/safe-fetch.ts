import { Logger } from '@nestjs/common';
import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * The one answer for every failure before an HTTP response arrives — a refused or closed port, a
 * timeout, a TLS failure, a reset, an unknown name, an address that is not allowed. Callers are often
 * unauthenticated (CIMD) or other parties' agents (relying-party discovery): telling those cases
 * apart would make every outbound fetch a port and network scanner. The cause is logged server-side.
 */
export const UNREACHABLE_MESSAGE = 'the server could not be reached (a public https server on port 443 is required)';

/** Why an outbound fetch was refused or failed; the message is safe to show to the caller. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: 'url_not_allowed' | 'unreachable' | 'too_large' | 'redirect' | 'http_status' | 'not_json',
    message: string,
    readonly status?: number,
    /** Server-side only (logs): what really happened, e.g. ECONNREFUSED. Never shown to the caller. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

/** The only port fetched besides an explicit allowlist (and loopback, for tests, with the switch on). */
export const DEFAULT_HTTPS_PORT = 443;
const logger = new Logger('SafeFetch');

export interface SafeFetchOptions {
  /** Largest body read, in bytes (enforced while streaming). */
  maxBytes: number;
  /** Whole-request deadline in milliseconds. */
  timeoutMs: number;
  /**
   * Tests and local development only: also allow http:// and loopback addresses
   * (127.0.0.1, ::1). Everything else private, link-local or reserved stays refused.
   */
  allowLoopback?: boolean;
  /** DNS resolution (tests stub it to prove that names resolving to private addresses are refused). */
  lookup?: LookupFunction;
  /** Sent as Accept. */
  accept?: string;
  /** Ports fetched besides 443 (an explicit allowlist; empty by default). */
  allowedPorts?: readonly number[];
}

export interface SafeFetchResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

// Single addresses: the library warns when a CIDR of the other IP family is matched.
const LOOPBACK = ['127.0.0.1', '::1'];
const agents = new Map<string, http.Agent>();

function agentFor(protocol: 'http:' | 'https:', allowLoopback: boolean): http.Agent {
  const key = `${protocol}${allowLoopback}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      keepAlive: false,
      allowPrivateIPAddress: false,
      allowMetaIPAddress: false,
      allowIPAddressList: allowLoopback ? LOOPBACK : [],
    };
    agent = protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * Checks the URL's form: https on port 443 (or a port of `allowedPorts`), no credentials, a host. With
 * `allowLoopback` (tests and local development), loopback hosts are also allowed over http and on any port.
 */
export function checkOutboundUrl(raw: string, allowLoopback = false, allowedPorts: readonly number[] = []): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('url_not_allowed', 'not an absolute URL');
  }
  if (url.username || url.password) throw new SafeFetchError('url_not_allowed', 'URLs with credentials are not fetched');
  if (url.hash) throw new SafeFetchError('url_not_allowed', 'URLs with a fragment are not fetched');
  const loopbackHost = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (allowLoopback && loopbackHost && (url.protocol === 'http:' || url.protocol === 'https:')) return url;
  if (url.protocol !== 'https:') throw new SafeFetchError('url_not_allowed', 'only https URLs are fetched');
  // url.port is '' for the scheme's default (443).
  const port = url.port === '' ? DEFAULT_HTTPS_PORT : Number(url.port);
  if (port !== DEFAULT_HTTPS_PORT && !allowedPorts.includes(port)) {
    throw new SafeFetchError('url_not_allowed', 'only https URLs on port 443 are fetched');
  }
  return url;
}

/** The generic failure for the caller; the cause goes to the log (origin only: no path, query or credentials). */
function unreachable(url: URL, detail: string): SafeFetchError {
  logger.warn(`Outbound fetch to ${url.origin} failed: ${detail}`);
  return new SafeFetchError('unreachable', UNREACHABLE_MESSAGE, undefined, detail);
}

/**
 * GET a user-given URL without letting it reach this network: the resolved address is checked at
 * connect time (private, loopback, link-local, reserved and IPv4-mapped ranges are refused, which
 * also defeats DNS rebinding), redirects are never followed, the body is capped while streaming and
 * the whole request has a deadline. Errors are never cached by this layer.
 */
export function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const url = checkOutboundUrl(raw, options.allowLoopback, options.allowedPorts);
  const protocol = url.protocol as 'http:' | 'https:';
  const client = protocol === 'https:' ? https : http;
  return new Promise<SafeFetchResult>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, result?: SafeFetchResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result!);
    };
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: agentFor(protocol, options.allowLoopback === true),
        headers: { accept: options.accept ?? 'application/json', 'user-agent': 'Agentry/1.0 (+safe-fetch)' },
        ...(options.lookup ? { lookup: options.lookup } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          finish(new SafeFetchError('redirect', `the server answered with a redirect (${status}); redirects are not followed`, status));
          request.destroy();
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          finish(new SafeFetchError('too_large', `the document is larger than ${options.maxBytes} bytes`));
          request.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            finish(new SafeFetchError('too_large', `the document is larger than ${options.maxBytes} bytes`));
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => finish(undefined, { status, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error: NodeJS.ErrnoException) => finish(unreachable(url, `reading the answer: ${describe(error)}`)));
      },
    );
    const timer = setTimeout(() => {
      finish(unreachable(url, `no complete answer within ${options.timeoutMs} ms`));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      // request-filtering-agent refuses private, loopback, link-local and reserved addresses with "… is not allowed".
      const refused = /is not allowed/.test(error.message ?? '');
      finish(unreachable(url, refused ? 'the address is not allowed (private, loopback or reserved)' : describe(error)));
    });
    request.end();
  });
}

/** An error code (ECONNREFUSED, ETIMEDOUT, CERT_HAS_EXPIRED, …) for the log; never a body or header. */
function describe(error: NodeJS.ErrnoException): string {
  return (error.code ?? error.name ?? 'error').slice(0, 60);
}

/** safeFetch for a JSON object answered with 200. */
export async function safeFetchJson(
  raw: string,
  options: SafeFetchOptions,
): Promise<{ json: Record<string, unknown>; headers: http.IncomingHttpHeaders }> {
  const result = await safeFetch(raw, options);
  if (result.status !== 200) throw new SafeFetchError('http_status', `the server answered HTTP ${result.status}`, result.status);
  let json: unknown;
  try {
    json = JSON.parse(result.body);
  } catch {
    throw new SafeFetchError('not_json', 'the document is not valid JSON');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new SafeFetchError('not_json', 'the document is not a JSON object');
  }
  return { json: json as Record<string, unknown>, headers: result.headers };
}
