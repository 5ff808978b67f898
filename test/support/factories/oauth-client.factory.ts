// OAuth clients (oauth_client): pre-registered by default, public (no secret), one loopback redirect.
import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';

export interface OAuthClientFixture {
  clientId: string;
  kind: 'preregistered' | 'dynamic' | 'cimd';
  clientName: string;
  redirectUris: string[];
  grantTypes: string[];
  authMethod: 'none' | 'client_secret_basic' | 'client_secret_post';
  /** Backdates the row, e.g. "now() - interval '40 days'" for cleanup tests (SQL expression). */
  createdAt?: string;
}

export async function insertOAuthClient(db: Db, overrides: Partial<OAuthClientFixture> = {}): Promise<{ id: string; clientId: string }> {
  const c: OAuthClientFixture = {
    clientId: `mcc_${randomBytes(12).toString('base64url')}`,
    kind: 'preregistered',
    clientName: 'Test host',
    redirectUris: ['http://127.0.0.1/callback'],
    grantTypes: ['authorization_code', 'refresh_token'],
    authMethod: 'none',
    ...overrides,
  };
  const [row] = await db.sql<{ id: string }>(
    `INSERT INTO oauth_client (client_id, kind, client_name, redirect_uris, grant_types, token_endpoint_auth_method, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, ${c.createdAt ?? 'now()'}) RETURNING id`,
    [c.clientId, c.kind, c.clientName, JSON.stringify(c.redirectUris), JSON.stringify(c.grantTypes), c.authMethod],
  );
  return { id: row.id, clientId: c.clientId };
}
