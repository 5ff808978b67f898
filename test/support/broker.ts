// Broker test support: owners, agents and mca_ tokens written straight into the database, for
// tests of what stands behind the OAuth gate. (The OAuth flows themselves are tested end to end
// with the SDK clients and oauth4webapi; see test/support/oauth-login.ts.)
import { createHash, randomBytes } from 'node:crypto';
import { MCP_POST_HEADERS, rpcRequest, send } from './json-rpc.js';
import type { TestApp } from './test-app.js';

export const ALL_BROKER_SCOPES = ['identity:read', 'identity:write', 'tos:accept', 'inbox:read', 'inbox:send'];

export interface BrokerTestPrincipal {
  token: string;
  tokenId: string;
  ownerId: string;
  ownerEmail: string;
  agentId: string;
  agentHandle: string;
  clientRowId: string;
  grantId: string;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * An owner (who signed the current agreement), an agent, a client, a grant and an access token.
 * Pass `ownerEmail` to add an agent to an existing owner.
 */
export async function createBrokerPrincipal(
  t: TestApp,
  options: { scopes?: string[]; ownerEmail?: string; agentName?: string; signAgreement?: boolean; expiresInSeconds?: number } = {},
): Promise<BrokerTestPrincipal> {
  const email = (options.ownerEmail ?? `owner-${randomBytes(4).toString('hex')}@example.org`).toLowerCase();
  const [owner] = await t.sql<{ id: string }>(
    `INSERT INTO oauth_owner (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET email = excluded.email RETURNING id`,
    [email],
  );
  if (options.signAgreement !== false) {
    await t.sql(
      `INSERT INTO oauth_delegation_signature (owner_id, version, text_sha256, ip_hash)
       SELECT $1, version, sha256, $2 FROM oauth_delegation_agreement ORDER BY published_at DESC, version DESC LIMIT 1
       ON CONFLICT DO NOTHING`,
      [owner.id, sha256('127.0.0.1')],
    );
  }
  const handle = `${(options.agentName ?? 'test-agent').toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`;
  const [agent] = await t.sql<{ id: string }>(
    `INSERT INTO identity_agent (owner_id, handle, name, harness) VALUES ($1, $2, $3, 'test harness') RETURNING id`,
    [owner.id, handle, options.agentName ?? 'Test agent'],
  );
  const clientId = `mcc_${randomBytes(12).toString('base64url')}`;
  const [client] = await t.sql<{ id: string }>(
    `INSERT INTO oauth_client (client_id, kind, client_name, redirect_uris, grant_types, token_endpoint_auth_method)
     VALUES ($1, 'preregistered', 'Test host', '["http://127.0.0.1/callback"]', '["authorization_code","refresh_token"]', 'none') RETURNING id`,
    [clientId],
  );
  const scopes = options.scopes ?? ALL_BROKER_SCOPES;
  const resource = `${t.config.publicBaseUrl}/broker/mcp`;
  const [grant] = await t.sql<{ id: string }>(
    `INSERT INTO oauth_grant (owner_id, client_row_id, agent_id, scopes, resource) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [owner.id, client.id, agent.id, scopes, resource],
  );
  const token = `mca_${randomBytes(32).toString('base64url')}`;
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO oauth_token (token_hash, kind, family_id, grant_id, owner_id, client_row_id, agent_id, scopes, resource, expires_at)
     VALUES ($1, 'access', gen_random_uuid(), $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8)) RETURNING id`,
    [sha256(token), grant.id, owner.id, client.id, agent.id, scopes, resource, options.expiresInSeconds ?? 3600],
  );
  return {
    token,
    tokenId: row.id,
    ownerId: owner.id,
    ownerEmail: email,
    agentId: agent.id,
    agentHandle: handle,
    clientRowId: client.id,
    grantId: grant.id,
  };
}

/** JSON-RPC POST to /broker/mcp with a bearer token (legacy era, no initialize needed: stateless). */
export async function brokerCall(
  t: TestApp,
  token: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const reply = await send(t, {
    path: '/broker/mcp',
    headers: { ...MCP_POST_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: rpcRequest(method, params),
  });
  return { status: reply.status, body: reply.json ?? null, headers: reply.headers };
}

/** Calls a broker tool and parses the result (or the error envelope of an isError result). */
export async function brokerTool(t: TestApp, token: string, name: string, args: Record<string, unknown> = {}) {
  const answer = await brokerCall(t, token, 'tools/call', { name, arguments: args });
  const result = answer.body?.result;
  const text = result?.content?.[0]?.text;
  return { ...answer, result, isError: result?.isError === true, data: text ? JSON.parse(text) : undefined };
}
