// Broker test support: a whole principal (owner, agent, client, grant, mca_ token) built from the
// row factories, for tests of what stands behind the OAuth gate, and JSON-RPC calls to /broker/mcp.
// (The OAuth flows themselves are tested end to end with the SDK clients and oauth4webapi; see
// test/support/oauth-login.ts.)
import { insertAccessToken, insertAgent, insertGrant, insertOAuthClient, insertOwner } from './factories/index.js';
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

/**
 * An owner (who signed the current agreement), an agent, a client, a grant and an access token.
 * Pass `ownerEmail` to add an agent to an existing owner.
 */
export async function createBrokerPrincipal(
  t: TestApp,
  options: { scopes?: string[]; ownerEmail?: string; agentName?: string; signAgreement?: boolean; expiresInSeconds?: number } = {},
): Promise<BrokerTestPrincipal> {
  const owner = await insertOwner(t, { email: options.ownerEmail, signAgreement: options.signAgreement });
  const agent = await insertAgent(t, owner.id, { name: options.agentName });
  const client = await insertOAuthClient(t);
  const parties = {
    ownerId: owner.id,
    clientRowId: client.id,
    agentId: agent.id,
    scopes: options.scopes ?? ALL_BROKER_SCOPES,
    resource: `${t.config.publicBaseUrl}/broker/mcp`,
  };
  const grant = await insertGrant(t, parties);
  const token = await insertAccessToken(t, { ...parties, grantId: grant.id }, { expiresInSeconds: options.expiresInSeconds });
  return {
    token: token.token,
    tokenId: token.id,
    ownerId: owner.id,
    ownerEmail: owner.email,
    agentId: agent.id,
    agentHandle: agent.handle,
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
