// The identity broker's signup results: the fixed next steps and the mapping of stored rows to their views.

import type { AcceptanceEntity } from '../entities/acceptance.entity.js';
import type { AcceptanceViewRow } from '../queries/acceptance.queries.js';
import type { ResolvedRp } from './relying-parties.js';
import type { AcceptanceView, ServiceView } from '../identity.types.js';

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

/** The same view from a named statement's row (identity_whoami's latest acceptances). */
export const toAcceptanceRowView = (a: AcceptanceViewRow): AcceptanceView => ({
  id: a.id,
  service_origin: a.service_origin,
  audience: a.audience,
  terms_url: a.terms_url,
  terms_version: a.terms_version,
  terms_sha256: a.terms_sha256,
  source: a.source,
  recorded_at: a.created_at.toISOString(),
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
