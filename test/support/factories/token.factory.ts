// Grants (oauth_grant) and mca_ access tokens (oauth_token, stored as their SHA-256).
import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';
import { sha256 } from './db.js';

export interface GrantParties {
  ownerId: string;
  clientRowId: string;
  agentId: string;
  scopes: string[];
  /** The protected resource, e.g. `${publicBaseUrl}/broker/mcp`. */
  resource: string;
}

export async function insertGrant(db: Db, grant: GrantParties): Promise<{ id: string }> {
  const [row] = await db.sql<{ id: string }>(
    `INSERT INTO oauth_grant (owner_id, client_row_id, agent_id, scopes, resource) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [grant.ownerId, grant.clientRowId, grant.agentId, grant.scopes, grant.resource],
  );
  return row;
}

/** An access token under a grant; returns the bearer value and the row id. */
export async function insertAccessToken(
  db: Db,
  grant: GrantParties & { grantId: string },
  options: { expiresInSeconds?: number } = {},
): Promise<{ id: string; token: string }> {
  const token = `mca_${randomBytes(32).toString('base64url')}`;
  const [row] = await db.sql<{ id: string }>(
    `INSERT INTO oauth_token (token_hash, kind, family_id, grant_id, owner_id, client_row_id, agent_id, scopes, resource, expires_at)
     VALUES ($1, 'access', gen_random_uuid(), $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8)) RETURNING id`,
    [
      sha256(token),
      grant.grantId,
      grant.ownerId,
      grant.clientRowId,
      grant.agentId,
      grant.scopes,
      grant.resource,
      options.expiresInSeconds ?? 3600,
    ],
  );
  return { id: row.id, token };
}
