// The broker's assertion signing keys (R13).

/** A key as the JWKS check reads it: the sealed private half and the published public half. */
export interface PublishedKeyRow {
  kid: string;
  public_jwk: Record<string, unknown>;
  /** Sealed (`enc:v1:…`). */
  private_jwk: string;
}

/** The keys the JWKS may publish: the active one and retired ones within their window, newest first. */
export const PUBLISHABLE_KEYS_SQL = `
SELECT k.kid, k.public_jwk, k.private_jwk FROM identity_signing_key k
 WHERE k.status = 'active' OR k.publish_until > now()
 ORDER BY k.created_at DESC`;
