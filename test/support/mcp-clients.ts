// The official MCP SDK clients as tests connect them, written once: @modelcontextprotocol/sdk 1.32
// (the legacy initialize handshake) and @modelcontextprotocol/client 2.4 (version negotiation, the
// modern era), over Streamable HTTP, optionally with extra headers or an OAuth provider; and the
// OAuth login both generations go through (the first connect is refused, the test human consents,
// the code is exchanged, the next connect succeeds).
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Transport1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import type { TestOAuthProvider } from './oauth-login.js';

export type { Client1, Client2, Transport1, Transport2 };

export interface ClientOptions {
  /** clientInfo.name the server sees. */
  name?: string;
  /** Headers sent with every request (a Recall credential, the write header). */
  headers?: Record<string, string>;
  authProvider?: TestOAuthProvider;
}

export interface Connected<C, T> {
  client: C;
  transport: T;
}

type Client2Options = NonNullable<ConstructorParameters<typeof Client2>[1]>;

export function sdk1Transport(url: string | URL, options: ClientOptions = {}): Transport1 {
  return new Transport1(new URL(url), {
    ...(options.headers ? { requestInit: { headers: options.headers } } : {}),
    ...(options.authProvider ? { authProvider: options.authProvider as never } : {}),
  });
}

export function sdk2Transport(url: string | URL, options: ClientOptions = {}): Transport2 {
  return new Transport2(new URL(url), {
    ...(options.headers ? { requestInit: { headers: options.headers } } : {}),
    ...(options.authProvider ? { authProvider: options.authProvider as never } : {}),
  });
}

/** An SDK 1.32 client connected to `url` (the legacy handshake). */
export async function connectSdk1(url: string | URL, options: ClientOptions = {}): Promise<Connected<Client1, Transport1>> {
  const client = new Client1({ name: options.name ?? 'agentry-e2e', version: '1.0.0' });
  const transport = sdk1Transport(url, options);
  await client.connect(transport);
  return { client, transport };
}

/** A client 2.4 connected to `url`; a failed connect closes the client before it throws. */
export async function connectSdk2(
  url: string | URL,
  options: ClientOptions & Client2Options = {},
): Promise<Connected<Client2, Transport2>> {
  const { name, headers, authProvider, ...clientOptions } = options;
  const client = new Client2({ name: name ?? 'agentry-e2e', version: '1.0.0' }, clientOptions);
  const transport = sdk2Transport(url, { headers, authProvider });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { client, transport };
}

/**
 * The OAuth login of an SDK 1.32 host: the first connect is refused with UnauthorizedError (the
 * provider's human signs in and consents meanwhile), the code is exchanged, and a fresh client
 * connects with the token. `url` is the gated endpoint, e.g. `${t.url}/broker/mcp`.
 */
export async function loginSdk1(url: string | URL, provider: TestOAuthProvider, name?: string): Promise<Connected<Client1, Transport1>> {
  const first = sdk1Transport(url, { authProvider: provider });
  await expect(new Client1({ name: name ?? 'agentry-e2e', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  await first.finishAuth(provider.code);
  return connectSdk1(url, { name, authProvider: provider });
}

/** The same login for a client 2.4 host (it checks the iss of the redirect, so it gets all of it). */
export async function loginSdk2(url: string | URL, provider: TestOAuthProvider, name?: string): Promise<Connected<Client2, Transport2>> {
  const first = sdk2Transport(url, { authProvider: provider });
  await expect(new Client2({ name: name ?? 'agentry-e2e', version: '1.0.0' }).connect(first)).rejects.toThrow();
  await first.finishAuth(provider.lastRedirect!.searchParams as never);
  return connectSdk2(url, { name, authProvider: provider });
}
