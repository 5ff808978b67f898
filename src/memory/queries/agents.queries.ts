/** SQL over `memory_agent`: registration, the credential lifecycle and operator actions on agents. */

/** An agent as the write gate sees it. */
export interface AgentRow {
  id: string;
  handle: string;
  profile: string;
  status: string;
  created_at: Date;
  credential_revoked_at: Date | null;
}

export interface NewAgentRow {
  id: string;
  handle: string;
  created_at: Date;
}

/** An agent's public profile, for similar agents. */
export interface AgentProfileRow {
  id: string;
  handle: string;
  profile: string;
}

export interface IdRow {
  id: string;
}

export interface RotatedRow {
  credential_rotated_at: Date;
}

export interface RevokedRow {
  credential_revoked_at: Date;
}

export const AGENT_QUERIES = {
  /** $1 credential hash. */
  byCredential: `SELECT id, handle, profile, status, created_at, credential_revoked_at FROM memory_agent WHERE credential_hash = $1`,
  /** $1 handle; one row when taken. */
  handleTaken: `SELECT 1 FROM memory_agent WHERE handle = $1`,
  /** $1 handle, $2 profile, $3 credential hash. */
  insert: `INSERT INTO memory_agent (handle, profile, credential_hash) VALUES ($1, $2, $3) RETURNING id, handle, created_at`,
  /** $1 agent id, $2 the new credential's hash. */
  rotateCredential: `UPDATE memory_agent SET credential_hash = $2, credential_rotated_at = now() WHERE id = $1 RETURNING credential_rotated_at`,
  /** $1 agent id. */
  revokeCredential: `UPDATE memory_agent SET credential_revoked_at = now() WHERE id = $1 RETURNING credential_revoked_at`,
  /** $1 handle. */
  profileByHandle: `SELECT id, handle, profile FROM memory_agent WHERE handle = $1`,
  /** $1 uuid[]: the active ones among them. */
  activeProfiles: `SELECT id, handle, profile FROM memory_agent WHERE id = ANY($1::uuid[]) AND status = 'active'`,
} as const;

/** Operator actions on an agent ($1 handle), each returning the agent's id. */
export const MODERATE_AGENT_SQL = {
  suspend_agent: `UPDATE memory_agent SET status = 'suspended' WHERE handle = $1 RETURNING id`,
  restore_agent: `UPDATE memory_agent SET status = 'active' WHERE handle = $1 RETURNING id`,
  revoke_credential: `UPDATE memory_agent SET credential_revoked_at = coalesce(credential_revoked_at, now()) WHERE handle = $1 RETURNING id`,
} as const;

export type AgentModeration = keyof typeof MODERATE_AGENT_SQL;
