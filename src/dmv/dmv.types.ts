/**
 * What the DMV's public facade takes and returns (REST bodies and MCP tool results alike), and
 * the fixed non-binding notice every result, page and email carries. The MCP tools may import
 * this file; everything else in the module stays behind DmvService.
 */

/** The published notice: identical in registration results, on certificate pages and in emails. */
export const NON_BINDING_MESSAGE =
  'This certificate records a free, non-binding pre-registration of a proposed .agent name. ' +
  'It confers no ownership of, or rights to, any domain name; if the proposed .agent top-level domain is ' +
  'approved, any allocation will be governed solely by ICANN-approved policies.';

export type DmvRegistrationSource = 'mcp' | 'chatgpt' | 'rest';
export const DMV_REGISTRATION_SOURCES: readonly DmvRegistrationSource[] = ['mcp', 'chatgpt', 'rest'];

/** What a caller supplies to pre-register a name, already checked by the REST DTO or the tool's schema. */
export interface RegisterAgentInput {
  agent_name: string;
  email: string;
  operator_name: string;
  description?: string | null;
}

/** Who asks for a registration: an anonymous caller known by its surface and address. */
export interface RegisterContext {
  source: DmvRegistrationSource;
  /** The client IP (rate-limit key; stored only as a keyed hash). */
  ip: string;
  /** The Idempotency-Key request header, when sent (the edge reads it; the service checks its form). */
  idempotencyKey?: string;
}

/** The published result of a registration (also what an Idempotency-Key replay returns). */
export interface RegistrationResult {
  certificate_id: string;
  agent_name: string;
  domain: string;
  registration_type: 'pre_registration';
  certificate_url: string;
  badge_url: string;
  /** The fixed non-binding text, identical to the one on the certificate page. */
  message: string;
  /** Whether a verification email left this service for the contact address. */
  email_sent: boolean;
  /** Why no email was sent, when email_sent is false. */
  email_note?: string;
  /** Present (true) when this name and address were already registered: the existing certificate. */
  already_recorded?: true;
}

export interface RegisterOutcome {
  result: RegistrationResult;
  /** True when a new registration row was created (REST answers 201). */
  created: boolean;
  /** True when the result was replayed from an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /** Response headers for the edge to set: RateLimit-* and Idempotency-Replayed. */
  headers: Record<string, string>;
}

/** POST …/resend-verification: the same answer whether or not the address matches. */
export interface ResendVerificationInput {
  certificate_id: string;
  email: string;
}

export interface ResendVerificationResult {
  certificate_id: string;
  accepted: true;
  message: string;
}

export type LookupStatus = 'issued' | 'not_found' | 'invalid_format';

/** GET /dmv/api/lookup: the public answer about one certificate ID. */
export interface LookupResult {
  certificate_id: string;
  status: LookupStatus;
  agent_name: string | null;
  domain: string | null;
  issued_at: string | null;
  certificate_url: string | null;
}

export type VerifyStatus = 'invalid_format' | 'not_found' | 'issued' | 'unavailable';

/** verify_certificate's answer. */
export interface VerifyResult {
  certificate_id: string;
  status: VerifyStatus;
  valid_format: boolean;
  issued: boolean;
  agent_name: string | null;
  certificate_url: string | null;
}

/** A registration as operators see it (with the contact address). */
export interface AdminRegistrationView {
  certificate_id: string;
  agent_name: string;
  domain: string;
  registration_type: string;
  operator_name: string;
  contact_email: string;
  description: string | null;
  source: DmvRegistrationSource;
  created_at: string;
  contact_verified_at: string | null;
  withdrawn_at: string | null;
  withdrawn_reason: string | null;
  withdrawn_by: string | null;
  certificate_url: string;
}

export interface AdminRegistrationList {
  registrations: AdminRegistrationView[];
  total: number;
  limit: number;
  offset: number;
}

/** GET /admin/dmv/registrations filters, already checked by the DTO. */
export interface AdminRegistrationQuery {
  name?: string;
  email?: string;
  source?: DmvRegistrationSource;
  since?: string;
  limit?: number;
  offset?: number;
}

export interface ReservedNamesView {
  names: string[];
}

// ---------------------------------------------------------------- view data of the human pages
// The facade answers the page routes with these; the pages controller renders them (src/dmv/views).

/** An issued certificate as its page shows it. */
export interface CertificatePageView {
  certificateId: string;
  agentName: string;
  domain: string;
  issuedAt: Date;
  contactVerified: boolean;
  badgeUrl: string;
  nonBindingMessage: string;
}

/** A redirect: the certificate's canonical address, or the lookup form's target. */
export interface MovedView {
  kind: 'moved';
  location: string;
  status: 301 | 302;
}

/** Where a certificate page request leads: the certificate, a redirect, or "not found" for that ID. */
export type CertificatePageResult =
  { kind: 'certificate'; certificate: CertificatePageView } | MovedView | { kind: 'not_found'; certificateId: string };

export type BadgeStatus = 'issued' | 'verified';

/** What the badge image shows. */
export interface BadgeInput {
  certificateId: string;
  domain: string;
  status: BadgeStatus;
}

/** The badge of an issued certificate, or a redirect to the canonical badge address. */
export type BadgeResult = { kind: 'badge'; badge: BadgeInput } | MovedView;

export type VerifyResultKind = 'verified' | 'already_used' | 'expired' | 'invalid';

/**
 * The verification link: the confirmation form (GET, for a usable token) or an outcome — of the POST,
 * or why the link cannot be used. An invalid link never names a domain.
 */
export type ContactVerificationView =
  { kind: 'confirm'; token: string; domain: string } | { kind: 'result'; result: VerifyResultKind; domain?: string };
