// What /authorize answers besides a consent page: the redirect back to the client, or an error page.

/** The redirect back to the client: `code`/`error`, `state` and RFC 9207 `iss`. */
export function clientRedirect(issuer: string, redirectUri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) url.searchParams.set(key, value);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

/** A bad client or redirect URI: shown as an error page, never redirected. */
export class AuthorizePageError extends Error {}

/** An /authorize error that is sent back to the redirect URI of a pre-registered client. */
export class AuthorizeRedirectError extends Error {
  constructor(
    readonly redirect: string,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}
