/**
 * How a client presented itself at the token or revocation endpoint, read at the edge from the
 * HTTP Basic authorization header (client_secret_basic) or the body (client_id, client_secret for
 * client_secret_post). A malformed or contradictory presentation is kept as `problem` and refused
 * (invalid_client) when the client is authenticated, after the request's own checks.
 */
export interface ClientCredentials {
  clientId?: string;
  secret?: string;
  /** Whether the credentials came in an `Authorization: Basic` header. */
  viaBasic: boolean;
  /** Why the Basic credentials cannot be used (the invalid_client description). */
  problem?: string;
}

/**
 * The credentials of a request: Basic (base64 of id:secret, each part URL-decoded after base64 so
 * both encodings work) or the body's client_id / client_secret.
 */
export function readClientCredentials(authorization: string | undefined, body: Record<string, unknown>): ClientCredentials {
  const bodyId = typeof body.client_id === 'string' ? body.client_id : undefined;
  if (!authorization || !/^Basic\s+/i.test(authorization)) {
    return { clientId: bodyId, secret: typeof body.client_secret === 'string' ? body.client_secret : undefined, viaBasic: false };
  }
  const decoded = Buffer.from(authorization.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { viaBasic: true, problem: 'Malformed Basic credentials.' };
  let basicId: string;
  try {
    basicId = decodeURIComponent(decoded.slice(0, colon));
  } catch {
    return { viaBasic: true, problem: 'Malformed Basic credentials.' };
  }
  if (bodyId !== undefined && bodyId !== basicId) return { viaBasic: true, problem: 'client_id does not match the credentials.' };
  try {
    return { clientId: basicId, secret: decodeURIComponent(decoded.slice(colon + 1)), viaBasic: true };
  } catch {
    return { viaBasic: true, problem: 'Malformed Basic credentials.' };
  }
}
