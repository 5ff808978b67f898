/**
 * Why a URL `client_id` (a Client ID Metadata Document) is refused before anything is fetched, or
 * undefined when its shape is acceptable. Checked on the raw string as the client sent it: URL
 * parsing resolves `/a/../b` and `/a/%2e%2e/b` to `/b` (and `\` to `/`), so a check on the parsed
 * path never sees them, while the draft requires a client_id without dot segments that is compared
 * as a plain string.
 */
export function clientIdUrlProblem(raw: string): string | undefined {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(raw);
  if (!scheme) return 'must be an absolute https URL';
  if (raw.includes('#')) return 'must not contain a fragment';
  if (raw.includes('\\')) return 'must not contain a backslash';
  const afterAuthority = raw.slice(scheme[0].length);
  const slash = afterAuthority.search(/[/?]/);
  if (slash < 0 || afterAuthority[slash] !== '/') return 'needs a path';
  const path = afterAuthority.slice(slash).split('?')[0];
  if (path === '/') return 'needs a path';
  for (const segment of path.split('/')) {
    const plain = segment.replace(/%2e/gi, '.');
    if (plain === '.' || plain === '..') return 'must not contain dot segments';
  }
  return undefined;
}
