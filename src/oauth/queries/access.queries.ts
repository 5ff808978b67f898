/**
 * The row the bearer gate reads for an access token: one hash-index lookup joined to its owner,
 * client, grant and agent (each a primary-key probe), with the agreement check — the whole gate in
 * one round trip.
 */
export interface AccessTokenRow {
  id: string;
  grant_id: string;
  owner_id: string;
  agent_id: string;
  scopes: string[];
  resource: string;
  expires_at: Date;
  revoked_at: Date | null;
  owner_email: string;
  owner_status: string;
  client_id: string;
  client_name: string;
  client_revoked_at: Date | null;
  grant_revoked_at: Date | null;
  grant_last_used_at: Date | null;
  agreement_current: boolean;
  /** The agent columns; null when the agent row is gone (the tools answer agent_revoked). */
  agent_row_id: string | null;
  agent_owner_id: string | null;
  agent_handle: string | null;
  agent_name: string | null;
  agent_harness: string | null;
  agent_status: 'active' | 'revoked' | 'suspended' | null;
  agent_status_reason: string | null;
  agent_created_at: Date | null;
  /** The oauth_gate change generation this row was read under (src/oauth/services/gate-cache.ts). */
  gate_generation: string | null;
}

/**
 * $1 = SHA-256 of the presented token. The agreement check compares the owner's signatures with
 * the newest published version in the same statement, so a new version takes effect on the very
 * next request on every instance; the agent is read here too, so the tools need not read it again.
 * The gate's change generation comes in the same snapshot, so a cached copy of the row is exactly as
 * fresh as the generation it carries.
 */
export const ACCESS_TOKEN_SQL = `
SELECT t.id, t.grant_id, t.owner_id, t.agent_id, t.scopes, t.resource, t.expires_at, t.revoked_at,
       o.email AS owner_email, o.status AS owner_status,
       c.client_id, c.client_name, c.revoked_at AS client_revoked_at,
       g.revoked_at AS grant_revoked_at, g.last_used_at AS grant_last_used_at,
       EXISTS (
         SELECT 1 FROM oauth_delegation_signature s
          WHERE s.owner_id = t.owner_id
            AND s.version = (SELECT a.version FROM oauth_delegation_agreement a ORDER BY a.published_at DESC, a.version DESC LIMIT 1)
       ) AS agreement_current,
       ag.id AS agent_row_id, ag.owner_id AS agent_owner_id, ag.handle AS agent_handle, ag.name AS agent_name,
       ag.harness AS agent_harness, ag.status AS agent_status, ag.status_reason AS agent_status_reason,
       ag.created_at AS agent_created_at,
       (SELECT cg.generation FROM change_generation cg WHERE cg.topic = 'oauth_gate') AS gate_generation
  FROM oauth_token t
  JOIN oauth_owner o ON o.id = t.owner_id
  JOIN oauth_client c ON c.id = t.client_row_id
  JOIN oauth_grant g ON g.id = t.grant_id
  LEFT JOIN identity_agent ag ON ag.id = t.agent_id
 WHERE t.token_hash = $1 AND t.kind = 'access'`;

/** Marks a grant used, at most once a minute (the account page shows "last used"). */
export const TOUCH_GRANT_SQL = `
UPDATE oauth_grant SET last_used_at = now()
 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`;

export interface OwnerEligibleRow {
  status: string;
  agreement_current: boolean;
}

/** Whether an owner may get new tokens: active and signed the current agreement. $1 = owner id. */
export const OWNER_ELIGIBLE_SQL = `
SELECT o.status,
       EXISTS (
         SELECT 1 FROM oauth_delegation_signature s
          WHERE s.owner_id = o.id
            AND s.version = (SELECT a.version FROM oauth_delegation_agreement a ORDER BY a.published_at DESC, a.version DESC LIMIT 1)
       ) AS agreement_current
  FROM oauth_owner o WHERE o.id = $1`;

/** Revokes everything issued from one code (a replayed code or a reused refresh token). $1 = family id, $2 = reason. */
export const REVOKE_FAMILY_SQL = `UPDATE oauth_token SET revoked_at = now(), revoked_reason = $2 WHERE family_id = $1 AND revoked_at IS NULL`;

/** Revokes every live token issued under a grant. $1 = grant id. */
export const REVOKE_GRANT_TOKENS_SQL = `UPDATE oauth_token SET revoked_at = now(), revoked_reason = 'grant_revoked' WHERE grant_id = $1 AND revoked_at IS NULL`;
