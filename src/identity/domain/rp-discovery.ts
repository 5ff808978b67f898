import { trimTrailing } from '../../common/text/trim.js';

/** A relying party's published signup terms: GET <origin>/.well-known/agent-signup. */
export interface RpDiscovery {
  issuer: string;
  name: string;
  provider_url: string | null;
  /**
   * What the document declares as `audience` (absent: its issuer). Assertions are only ever minted for
   * the origin the document speaks for; {@link audienceProblem} refuses any other declaration.
   */
  audience: string;
  terms: { url: string; version: string; text: string };
  endpoints: { agent_signup: string };
  scopes: string[];
  trusted_brokers?: string[];
  attestation?: string;
}

export const DISCOVERY_PATH = '/.well-known/agent-signup';

const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * Checks a discovery document's shape and that it speaks for `origin` (its issuer and signup
 * endpoint on that origin). Returns the problem as text, or the typed document.
 */
export function parseDiscovery(json: unknown, origin: string | undefined): RpDiscovery | string {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return 'the discovery document is not a JSON object';
  const d = json as Record<string, unknown>;
  if (!str(d.issuer, 300)) return 'issuer is missing';
  let issuerOrigin: string;
  try {
    issuerOrigin = new URL(d.issuer).origin;
  } catch {
    return 'issuer is not a URL';
  }
  if (issuerOrigin !== trimTrailing(d.issuer, '/')) return 'issuer must be the service origin (scheme, host and port, no path)';
  if (origin !== undefined && issuerOrigin !== origin) {
    return `issuer ${issuerOrigin} is not the origin the document was fetched from (${origin})`;
  }
  if (!str(d.name, 200)) return 'name is missing';
  if (d.provider_url !== undefined && d.provider_url !== null && !str(d.provider_url, 2000)) return 'provider_url must be a URL';
  if (d.audience !== undefined && d.audience !== null && !str(d.audience, 500)) return 'audience must be a string (your origin)';
  const terms = d.terms as Record<string, unknown> | undefined;
  if (!terms || typeof terms !== 'object') return 'terms is missing';
  if (!str(terms.url, 2000) || !str(terms.version, 100) || !str(terms.text, 60_000)) return 'terms needs url, version and text';
  const endpoints = d.endpoints as Record<string, unknown> | undefined;
  if (!endpoints || !str(endpoints.agent_signup, 2000)) return 'endpoints.agent_signup is missing';
  let signupUrl: URL;
  try {
    signupUrl = new URL(endpoints.agent_signup);
  } catch {
    return 'endpoints.agent_signup is not an absolute URL';
  }
  if (signupUrl.origin !== issuerOrigin) return 'endpoints.agent_signup must be on the service origin';
  const scopes = d.scopes ?? [];
  if (!Array.isArray(scopes) || scopes.length > 30 || !scopes.every((s) => str(s, 100))) return 'scopes must be a list of strings';
  if (d.trusted_brokers !== undefined && (!Array.isArray(d.trusted_brokers) || !d.trusted_brokers.every((s) => str(s, 300)))) {
    return 'trusted_brokers must be a list of broker issuers';
  }
  if (d.attestation !== undefined && d.attestation !== null && !str(d.attestation, 20_000)) return 'attestation must be a compact JWS';
  return {
    issuer: issuerOrigin,
    name: d.name,
    provider_url: (d.provider_url as string | undefined) ?? null,
    audience: typeof d.audience === 'string' ? d.audience : issuerOrigin,
    terms: { url: terms.url, version: terms.version, text: terms.text },
    endpoints: { agent_signup: signupUrl.toString() },
    scopes: scopes as string[],
    ...(d.trusted_brokers ? { trusted_brokers: (d.trusted_brokers as string[]).map((b) => trimTrailing(b, '/')) } : {}),
    ...(typeof d.attestation === 'string' ? { attestation: d.attestation } : {}),
  };
}

/**
 * The assertion audience is the relying party's origin, the one the discovery document was fetched
 * from (or, for an agent-supplied document, its issuer). A document that declares anything else —
 * another service's origin (an assertion it could replay there), a path, a query — is refused.
 * Returns the problem as text, or null when the declared audience is the origin itself.
 */
export function audienceProblem(declared: string, origin: string): string | null {
  let url: URL | undefined;
  try {
    url = new URL(declared);
  } catch {
    url = undefined;
  }
  const bare = url !== undefined && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
  if (url?.origin === origin && bare) return null;
  const shown = declared.slice(0, 200);
  if (url && url.origin !== origin) {
    return `The service at ${origin} declares audience ${shown}, another origin; an assertion is only minted for the origin the discovery document comes from.`;
  }
  return `The service at ${origin} declares audience ${shown}; the audience must be exactly its origin (${origin}).`;
}

/** Terms compare byte for byte after CRLF and CR become LF. */
export function normalizeTerms(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
