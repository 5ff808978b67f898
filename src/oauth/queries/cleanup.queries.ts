/**
 * The broker's cleanup statements, one per kind of expired row. Each deletes only rows past a fixed
 * age, so running one twice, or on two instances at once, removes nothing more.
 */
export const CLEANUP_SQL = {
  /** Sign-in challenges a day after they expired. */
  signin_challenges: `DELETE FROM oauth_signin_challenge WHERE expires_at < now() - interval '1 day'`,
  /** Passkey challenges a day after they expired (issue 24). */
  passkey_challenges: `DELETE FROM oauth_passkey_challenge WHERE expires_at < now() - interval '1 day'`,
  /** Consent transactions a day after they expired. */
  authorization_requests: `DELETE FROM oauth_authorization_request WHERE expires_at < now() - interval '1 day'`,
  /** Authorization codes a day after they expired. */
  codes: `DELETE FROM oauth_token WHERE kind = 'code' AND expires_at < now() - interval '1 day'`,
  /** Access and refresh tokens 30 days after expiry or revocation (kept that long for operators' history). */
  tokens: `DELETE FROM oauth_token WHERE kind <> 'code' AND (expires_at < now() - interval '30 days' OR revoked_at < now() - interval '30 days')`,
  /** Sessions that expired, were signed out, or sat idle past the idle limit. */
  sessions: `DELETE FROM oauth_session WHERE expires_at < now() OR revoked_at IS NOT NULL OR last_seen_at < now() - interval '2 days'`,
  /** Dynamically registered clients that never obtained a grant within 30 days (hosts that register per connection). */
  unused_clients: `DELETE FROM oauth_client c WHERE c.kind = 'dynamic' AND c.created_at < now() - interval '30 days'
    AND NOT EXISTS (SELECT 1 FROM oauth_grant g WHERE g.client_row_id = c.id)`,
} as const;

export type CleanupTarget = keyof typeof CLEANUP_SQL;
