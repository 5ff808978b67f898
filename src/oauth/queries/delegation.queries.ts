// The Master Agent Delegation agreement's statements: publishing the first version once, the
// current version, and owners' signatures (R13).

/** An agreement version as the pages and the API show it. */
export interface AgreementRow {
  version: string;
  text: string;
  sha256: string;
  published_at: Date;
}

export interface InsertedAgreementRow {
  version: string;
}

/**
 * Publishes a version unless it exists (the first version, at every start): a row only when this
 * call inserted it. $1 = version, $2 = text, $3 = SHA-256 of the text, $4 = published by.
 */
export const PUBLISH_AGREEMENT_ONCE_SQL = `
INSERT INTO oauth_delegation_agreement (version, text, sha256, published_by) VALUES ($1, $2, $3, $4)
ON CONFLICT DO NOTHING
RETURNING version`;

/** The current (newest) version. */
export const CURRENT_AGREEMENT_SQL = `
SELECT version, text, sha256, published_at FROM oauth_delegation_agreement
 ORDER BY published_at DESC, version DESC LIMIT 1`;

export interface AgreementVersionRow {
  version: string;
  sha256: string;
  published_at: Date;
}

/** Every version, newest first. */
export const AGREEMENT_VERSIONS_SQL = `SELECT version, sha256, published_at FROM oauth_delegation_agreement ORDER BY published_at DESC`;

export interface LatestSignatureRow {
  version: string;
  signed_at: Date;
}

/** The version an owner signed last. $1 = owner id. */
export const LATEST_SIGNATURE_SQL = `
SELECT version, signed_at FROM oauth_delegation_signature WHERE owner_id = $1 ORDER BY signed_at DESC LIMIT 1`;

export interface SignedRow {
  signed: boolean;
}

/** Whether an owner signed a version. $1 = owner id, $2 = version. */
export const SIGNED_VERSION_SQL = `
SELECT EXISTS (SELECT 1 FROM oauth_delegation_signature WHERE owner_id = $1 AND version = $2) AS signed`;

export interface InsertedSignatureRow {
  id: string;
}

/**
 * Records an owner's signature of a version unless they signed it already (one per owner and
 * version): a row only when this call recorded it. $1 = owner id, $2 = version, $3 = SHA-256 of
 * the text, $4 = keyed hash of the IP.
 */
export const SIGN_AGREEMENT_SQL = `
INSERT INTO oauth_delegation_signature (owner_id, version, text_sha256, ip_hash) VALUES ($1, $2, $3, $4)
ON CONFLICT DO NOTHING
RETURNING id`;
