/**
 * The identity module's public types (STYLE R16): what its facade takes and returns, so that the
 * MCP tools and other modules never import the module's internals.
 */
import type { DiscoverySource } from './entities/acceptance.entity.js';
import type { AgentStatus } from './entities/agent.entity.js';
import type { RpPolicy, VerificationStatus } from './entities/rp-verification.entity.js';

export type { AgentStatus, DiscoverySource, RpPolicy, VerificationStatus };

/** identity_prove's discovery inputs (exactly one source). */
export interface ProveInput {
  service?: unknown;
  rp_discovery?: unknown;
  rp_discovery_url?: unknown;
  rp_attestation?: unknown;
  accepted_tos_text: string;
  force_new?: boolean;
}

export interface AgentView {
  id: string;
  owner_id: string;
  handle: string;
  name: string;
  harness: string | null;
  inbox_address: string;
  status: AgentStatus;
  status_reason: string | null;
  created_at: string;
}

export interface WhoamiView {
  agent: { id: string; name: string; handle: string; harness: string | null; inbox_address: string; status: string; created_at: string };
  human: { id: string; email: string; verified: true };
  client: { client_id: string; name: string };
  scopes: string[];
  recent_signups: SignupRecordView[];
  latest_acceptances: AcceptanceView[];
  links: Record<string, string>;
}

export interface RegisterView {
  agent_id: string;
  name: string;
  handle: string;
  harness: string | null;
  inbox_address: string;
  status: string;
  owner: { id: string; email: string };
  created: boolean;
}

export interface ServiceView {
  origin: string;
  audience: string;
  provider: { name: string; url: string | null };
  terms: { url: string; sha256: string; version: string };
  endpoints: { agent_signup: string };
  scopes: string[];
  attestation: {
    status: string;
    issuer: string | null;
    jti: string | null;
    level: string | null;
    expires_at: string | null;
    checked_at: string;
  };
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
  assertion: {
    jwt: string;
    jti: string;
    kid: string;
    typ: string;
    sha256: string;
    issued_at: string;
    expires_at: string;
    claims: AssertionClaims;
  };
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

export type RecordSignupInput = { signup_token: string } | { self_report: { service: string; account?: string; context_url?: string } };

export interface SignupRecordView {
  signup_id: string;
  signup_token_jti: string | null;
  assertion_jti: string | null;
  service_audience: string;
  service_origin: string;
  provider_name: string;
  provider_account: string | null;
  human_email_shared: false;
  agent_email_used: string;
  accepted_tos_hash: string;
  context_url: string | null;
  context_sha256: string | null;
  proof_source: 'rp_signed_receipt' | 'agent_self_reported';
  deduplicated: boolean;
  rp_verification_id: string | null;
  recorded_at: string;
  handoff: string;
}

export interface RpVerificationView {
  id: string;
  status: VerificationStatus;
  policy: RpPolicy;
  allowed: boolean;
  source: DiscoverySource;
  issuer: string | null;
  jti: string | null;
  level: string | null;
  expiry: string | null;
  checked_at: string;
  reason: string | null;
}

export interface AssertionClaims {
  iss: string;
  sub: string;
  aud: string;
  jti: string;
  iat: number;
  exp: number;
  agent_email: string;
  owner_verified: true;
  scope: string;
  tos: { version: string; sha256: string };
}

/** The discovery sources identity_signup and identity_record_signup refuse (discovery_source_not_allowed). */
interface RefusedDiscoverySources {
  rp_discovery?: unknown;
  rp_discovery_url?: unknown;
  rp_attestation?: unknown;
}

/** identity_signup: the broker fetches the service's discovery itself. */
export interface SignupInput extends RefusedDiscoverySources {
  service: string;
  accepted_tos_text: string;
  force_new?: boolean;
}

/** identity_register: optional new display name and harness. */
export interface RegisterInput {
  name?: string;
  harness?: string;
}

/** identity_record_signup: exactly one of signup_token or self_report. */
export interface RecordSignupRequest extends RefusedDiscoverySources {
  signup_token?: string;
  self_report?: { service: string; account?: string; context_url?: string };
}
