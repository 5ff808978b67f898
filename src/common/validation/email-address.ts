/**
 * The one email-address rule of the service (issue 14: three rules used to disagree, one accepted
 * `a@..`). Deliberately stricter than RFC 5321, as a sign-up form would be: a dot-atom local part of
 * at most 64 characters and a DNS host name of letter-digit-hyphen labels ending in a letter TLD, at
 * most 254 characters in all. No quoted local parts, no IP literals, no comments. Linear time: every
 * repetition is separated by a character the repeated class cannot contain.
 */
const EMAIL_ADDRESS =
  /^(?=.{3,254}$)(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** The same rule as a JSON Schema `pattern` (MCP tool input schemas apply it at the edge). */
export const EMAIL_ADDRESS_PATTERN = EMAIL_ADDRESS.source;

/** Longest address any module stores (RFC 5321 path limit). */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

/** True when `value` is an address this service accepts. */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_ADDRESS_MAX_LENGTH && EMAIL_ADDRESS.test(value);
}

/** The address as stored and compared: surrounding whitespace trimmed, the domain lower-cased. */
export function normalizeEmailAddress(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/** Providers that ignore dots in the local part (so `a.b@` and `ab@` reach one mailbox). */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, for per-recipient caps: lower-cased, the `+tag` sub-address cut,
 * and dots dropped where the provider ignores them. Never used as a delivery address.
 */
export function mailboxKey(value: string): string {
  const lower = value.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}

/** The recipient's domain, lower-cased, for per-domain caps. */
export function emailDomain(value: string): string {
  const at = value.lastIndexOf('@');
  return at < 0
    ? ''
    : value
        .slice(at + 1)
        .trim()
        .toLowerCase();
}
