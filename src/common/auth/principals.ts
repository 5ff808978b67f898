/**
 * Who is calling, one type per kind of caller, created at the edge (a guard or the MCP gate) and
 * passed first to services. Services never parse headers or cookies themselves.
 */

/** A human owner signed in to the broker's pages (session cookie). */
export interface OwnerPrincipal {
  kind: 'owner';
  ownerId: string;
  email: string;
  sessionId: string;
}

/** An agent calling with an `mca_` bearer token: its owner, sub-identity, client and granted scopes. */
export interface AgentPrincipal {
  kind: 'agent';
  tokenId: string;
  grantId: string;
  ownerId: string;
  ownerEmail: string;
  agentId: string;
  /** The OAuth client's public client_id and display name (the host). */
  clientId: string;
  clientName: string;
  scopes: readonly string[];
  resource: string;
  expiresAt: Date;
  /**
   * The agent row as the gate read it, in the same statement as the token (so it is exactly as fresh
   * as the token check of this request). Services use it instead of reading the agent again; a
   * service that changes the agent reads it anew.
   */
  agent?: AgentSnapshot;
}

/** The calling agent's row, read by the access gate together with its token. */
export interface AgentSnapshot {
  id: string;
  ownerId: string;
  handle: string;
  name: string;
  harness: string | null;
  status: 'active' | 'revoked' | 'suspended';
  statusReason: string | null;
  createdAt: Date;
}

/**
 * An agent writing to Recall (MCP tool call or REST request): what the edge read from the HTTP
 * headers, unchecked. The memory service decides what is missing or malformed.
 */
export interface RecallWriter {
  kind: 'recall_writer';
  /** `X-AgentRecall-Write: true` was sent: every write is an explicit opt-in. */
  writeOptIn: boolean;
  /** The Authorization header was sent and not blank. */
  authorizationSent: boolean;
  /** Its bearer token (the agent's `arc_` credential), when it is `Bearer <token>`. */
  credential?: string;
  /** `X-AgentRecall-New-Credential`, trimmed: the replacement during a rotation. */
  newCredential?: string;
  /** The client address: registrations are budgeted per address, not per the credential they create. */
  ip?: string;
}

/**
 * An operator (admin caller) with an `mco_` bearer token, authenticated by the admin gate or the
 * operator guard. Audit columns that record who acted store `name`.
 */
export interface OperatorPrincipal {
  kind: 'operator';
  id: string;
  name: string;
}
