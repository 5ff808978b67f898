// The token endpoint's statements: a code or refresh token is read under row locks (its grant's,
// then its own), so the exchange (consume, checks, insert) and reuse detection run in one
// transaction and a parallel second use waits for the first and then sees it.

/**
 * Locks the grant a presented code or refresh token belongs to, first: every exchange and reuse
 * of one grant then runs one after the other, and two reuses of different tokens of one chain
 * cannot deadlock on each other's token rows. No row: no such token. $1 = SHA-256 of the value,
 * $2 = kind.
 */
export interface LockedGrantRow {
  id: string;
}

export const LOCK_GRANT_OF_TOKEN_SQL = `
SELECT g.id FROM oauth_grant g
 WHERE g.id = (SELECT t.grant_id FROM oauth_token t WHERE t.token_hash = $1 AND t.kind = $2)
   FOR UPDATE`;

/** Locks one grant (revocations take it first, like exchanges). $1 = grant id. */
export const LOCK_GRANT_SQL = `SELECT id FROM oauth_grant WHERE id = $1 FOR UPDATE`;

/** A code or refresh token row locked for its exchange, with the grant it belongs to. */
export interface LockedTokenRow {
  id: string;
  kind: 'code' | 'refresh';
  family_id: string;
  grant_id: string;
  owner_id: string;
  client_row_id: string;
  agent_id: string;
  scopes: string[];
  resource: string;
  redirect_uri: string | null;
  code_challenge: string | null;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  /** When the owner consented: the start of the refresh family's absolute lifetime. */
  grant_created_at: Date;
  grant_revoked_at: Date | null;
}

/**
 * $1 = SHA-256 of the presented value, $2 = kind ('code' or 'refresh'). Read after
 * LOCK_GRANT_OF_TOKEN_SQL, in a new statement, so it sees what an exchange that held the lock
 * before committed (`used_at`, `revoked_at`); the token row is locked as well.
 */
export const LOCK_TOKEN_SQL = `
SELECT t.id, t.kind, t.family_id, t.grant_id, t.owner_id, t.client_row_id, t.agent_id, t.scopes, t.resource,
       t.redirect_uri, t.code_challenge, t.expires_at, t.used_at, t.revoked_at,
       g.created_at AS grant_created_at, g.revoked_at AS grant_revoked_at
  FROM oauth_token t
  JOIN oauth_grant g ON g.id = t.grant_id
 WHERE t.token_hash = $1 AND t.kind = $2
   FOR UPDATE OF t`;

/** Marks a locked code or refresh token as exchanged. $1 = id. */
export const MARK_TOKEN_USED_SQL = `UPDATE oauth_token SET used_at = now() WHERE id = $1`;

/**
 * A replayed code or a reused refresh token: revokes every live token of the grant (all its
 * refresh and access tokens, including any a parallel winner has just committed). $1 = grant id,
 * $2 = reason.
 */
export const REVOKE_GRANT_CHAIN_SQL = `
UPDATE oauth_token SET revoked_at = now(), revoked_reason = $2
 WHERE grant_id = $1 AND revoked_at IS NULL`;
