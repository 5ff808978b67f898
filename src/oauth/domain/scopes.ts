/** The broker's OAuth scopes, in the order pages list them, with plain-word descriptions. */
export const SCOPES = {
  'identity:read': "See this agent's identity, its owner (you) and the services it signed up to",
  'identity:write': "Create or resume this agent's identity",
  'tos:accept': "Accept services' terms on your behalf and get signed proof of the agent's identity for signups",
  'inbox:read': "Read the agent's mailbox and wait for new mail",
  'inbox:send': "Send email from the agent's own mailbox",
  offline_access: 'Stay connected without asking you again (refresh tokens, 30 days)',
} as const;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

/** What a client gets when it asks for no scope (the conformance suite and some hosts send none). */
export const DEFAULT_SCOPES: Scope[] = ['identity:read', 'identity:write', 'tos:accept', 'inbox:read', 'inbox:send'];

/** The minimal set the protected-resource metadata advertises (never offline_access, SEP-2207). */
export const RESOURCE_SCOPES: Scope[] = ['identity:read'];

export function isScope(value: string): value is Scope {
  return Object.prototype.hasOwnProperty.call(SCOPES, value);
}

/** Parses a space-separated scope string; unknown scopes are returned separately. */
export function parseScopes(value: string | undefined | null): { scopes: Scope[]; unknown: string[] } {
  const scopes: Scope[] = [];
  const unknown: string[] = [];
  for (const part of (value ?? '').split(' ')) {
    if (!part) continue;
    if (isScope(part)) {
      if (!scopes.includes(part)) scopes.push(part);
    } else unknown.push(part);
  }
  return { scopes: ALL_SCOPES.filter((s) => scopes.includes(s)), unknown };
}

/** Scopes in the canonical order, joined for responses. */
export function formatScopes(scopes: readonly string[]): string {
  return ALL_SCOPES.filter((s) => scopes.includes(s)).join(' ');
}
