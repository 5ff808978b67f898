/** Where the broker's protected-resource metadata lives, for a service base URL. */
export function resourceMetadataUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl}/.well-known/oauth-protected-resource/broker/mcp`;
}

/**
 * A `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3, RFC 9728 §5.1). Without a token there is
 * no `error` parameter; scopes name everything the operation needs (hosts re-authorize with them).
 */
export function bearerChallenge(
  metadataUrl: string,
  kind: 'missing' | 'invalid_token' | 'insufficient_scope',
  scopes: readonly string[],
  description?: string,
): string {
  const params: string[] = [];
  if (kind !== 'missing') params.push(`error="${kind}"`);
  if (description) params.push(`error_description="${description.replace(/["\\]/g, '')}"`);
  params.push(`resource_metadata="${metadataUrl}"`);
  if (scopes.length > 0) params.push(`scope="${scopes.join(' ')}"`);
  return `Bearer ${params.join(', ')}`;
}
