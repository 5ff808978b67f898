// Relying-party attestations the broker verified (R13).

/**
 * Stores a verified attestation unless this issuer's jti is stored already (the first copy stays).
 * $1 = issuer, $2 = jti, $3 = subject (the RP origin), $4 = level, $5 = the RP's public keys (JWKS,
 * JSON text), $6 = the JWS, $7 = issued at, $8 = expires at.
 */
export const STORE_ATTESTATION_SQL = `
INSERT INTO identity_rp_attestation (issuer, jti, subject, level, rp_jwks, jws, issued_at, expires_at)
VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
ON CONFLICT DO NOTHING`;
