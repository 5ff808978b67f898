import type { AcceptanceEntity } from '../entities/acceptance.entity.js';
import type { AssertionClaims } from './assertion-minter.js';
import type { ResolvedRp, RpVerificationView } from './relying-parties.js';

export interface ServiceView {
  origin: string;
  audience: string;
  provider: { name: string; url: string | null };
  terms: { url: string; sha256: string; version: string };
  endpoints: { agent_signup: string };
  scopes: string[];
  attestation: { status: string; issuer: string | null; jti: string | null; level: string | null; expires_at: string | null; checked_at: string };
}

export interface AcceptanceView {
  id: string;
  service_origin: string;
  audience: string;
  terms_url: string;
  terms_version: string;
  terms_sha256: string;
  source: string;
  recorded_at: string;
}

export interface SignupRequest {
  url: string;
  headers: { Authorization: string; 'Content-Type': 'application/json' };
  body: Record<string, never>;
}

export interface LedgerEmailView {
  status: 'sent';
  to: string;
  forwarded_to: string;
  sent_at: string | null;
}

export interface SignupResult {
  service: ServiceView;
  rp_verification: RpVerificationView;
  rp_verification_warning?: string;
  assertion: { jwt: string; jti: string; kid: string; typ: string; expiry: string };
  acceptance: AcceptanceView;
  reuse: boolean;
  side_effects: Record<string, unknown>;
  agent_id: string;
  agent_email: string;
  audience: string;
  tos_ledger_email: LedgerEmailView;
  signup_request: SignupRequest;
  next_steps: readonly string[];
}

export interface ProveResult {
  assertion: { jwt: string; jti: string; kid: string; typ: string; sha256: string; issued_at: string; expires_at: string; claims: AssertionClaims };
  verification_instructions: Record<string, unknown>;
  scopes: string[];
  acceptance: AcceptanceView;
  reuse: boolean;
  rp_verification: RpVerificationView;
  rp_verification_warning?: string;
  side_effects: Record<string, unknown>;
  agent_id: string;
  agent_email: string;
  audience: string;
  tos_ledger_email: LedgerEmailView;
  signup_request: SignupRequest;
  next_steps: readonly string[];
}

/** The fixed follow-up list every successful signup returns. */
export const signupNextSteps: readonly string[] = Object.freeze([
  'POST signup_request.url with exactly signup_request.headers and the raw body {} — no extra fields, no JWT in the URL or body. The broker does not send it for you.',
  "Follow the service's answer yourself (for example an email confirmation code: inbox_wait_for_email, then inbox_read).",
  'If the service returns a signup_token, call identity_record_signup with it; otherwise you may record a self_report.',
  'Tell your human owner what you signed up to; the ledger email is already in their inbox.',
]);

export const toAcceptanceView = (a: AcceptanceEntity): AcceptanceView => ({
  id: a.id,
  service_origin: a.serviceOrigin,
  audience: a.audience,
  terms_url: a.termsUrl,
  terms_version: a.termsVersion,
  terms_sha256: a.termsSha256,
  source: a.source,
  recorded_at: a.createdAt.toISOString(),
});

export const toServiceView = (rp: ResolvedRp, a: AcceptanceEntity): ServiceView => ({
  origin: rp.origin,
  audience: rp.discovery.audience,
  provider: { name: rp.discovery.name, url: rp.discovery.provider_url },
  terms: { url: rp.discovery.terms.url, sha256: a.termsSha256, version: rp.discovery.terms.version },
  endpoints: { agent_signup: rp.discovery.endpoints.agent_signup },
  scopes: [...rp.discovery.scopes],
  attestation: {
    status: rp.verification.status,
    issuer: rp.verification.issuer,
    jti: rp.verification.jti,
    level: rp.verification.level,
    expires_at: rp.verification.expiry,
    checked_at: rp.verification.checked_at,
  },
});
