// Signup proofs (R13): each kind is recorded at most once, and a concurrent identical call loses
// the insert rather than failing.

export interface InsertedProofRow {
  id: string;
}

/**
 * Records an RP-signed receipt (tier 1) unless its issuer's jti is recorded already: a row only
 * when this call recorded it. $1 = agent id, $2 = owner id, $3 = service origin (also the receipt's
 * issuer), $4 = audience, $5 = provider name, $6 = account, $7 = receipt jti, $8 = SHA-256 of the
 * receipt, $9 = assertion jti, $10 = attestation jti, $11 = acceptance id, $12 = RP verification id,
 * $13 = the agent's email, $14 = SHA-256 of the accepted terms.
 */
export const INSERT_RECEIPT_PROOF_SQL = `
INSERT INTO identity_signup_proof (agent_id, owner_id, service_origin, service_audience, provider_name, account, proof_source, tier,
                                   signup_token_issuer, signup_token_jti, signup_token_sha256, assertion_jti, attestation_jti,
                                   acceptance_id, rp_verification_id, agent_email_used, accepted_tos_hash)
VALUES ($1, $2, $3, $4, $5, $6, 'rp_signed_receipt', 1, $3, $7, $8, $9, $10, $11, $12, $13, $14)
ON CONFLICT DO NOTHING
RETURNING id`;

/**
 * Records an agent's self-report (tier 3) unless one for this agent and service exists: a row only
 * when this call recorded it. $1 = agent id, $2 = owner id, $3 = service origin, $4 = audience,
 * $5 = provider name, $6 = account or null, $7 = acceptance id, $8 = context URL or null,
 * $9 = its SHA-256 or null, $10 = the agent's email, $11 = SHA-256 of the accepted terms.
 */
export const INSERT_SELF_REPORT_PROOF_SQL = `
INSERT INTO identity_signup_proof (agent_id, owner_id, service_origin, service_audience, provider_name, account, proof_source, tier,
                                   acceptance_id, context_url, context_sha256, agent_email_used, accepted_tos_hash)
VALUES ($1, $2, $3, $4, $5, $6, 'agent_self_reported', 3, $7, $8, $9, $10, $11)
ON CONFLICT DO NOTHING
RETURNING id`;
