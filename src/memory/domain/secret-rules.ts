/**
 * Recall's own secret rules, the first pass of the credential scan of free-text fields (the second
 * pass, maintained-secret-rules.ts, runs after these). Each rule names a kind; the matched value is
 * never reported.
 */
// ---------------------------------------------------------------------------------------------------------------
// Credentials
// ---------------------------------------------------------------------------------------------------------------

export type SecretKind =
  | 'private_key'
  | 'aws_access_key'
  | 'aws_secret_key'
  | 'google_api_key'
  | 'github_token'
  | 'slack_webhook'
  | 'slack_token'
  | 'anthropic_key'
  | 'openai_key'
  | 'stripe_key'
  | 'jwt'
  | 'service_token'
  | 'uri_credentials';

interface SecretRule {
  kind: SecretKind;
  /** Must be global (`g`); capture group 1 (or `group`), when present, is the random part checked by `accept`. */
  pattern: RegExp;
  accept?: (randomPart: string) => boolean;
  /** The capture group holding the random part, when not 1. */
  group?: number;
}

/** Shannon entropy of `s` in bits per character. */
export function shannonEntropy(s: string): number {
  const counts = new Map<string, number>();
  let n = 0;
  for (const ch of s) {
    counts.set(ch, (counts.get(ch) ?? 0) + 1);
    n++;
  }
  let h = 0;
  for (const c of counts.values()) {
    const p = c / n;
    h -= p * Math.log2(p);
  }
  return h;
}

/** Rejects obvious placeholders such as `ghp_xxxxxxxx…` or `AKIA0000000000000000`. */
const notPlaceholder = (part: string): boolean => shannonEntropy(part) >= 3;

/**
 * For prefixes that also start ordinary words or identifiers (`sk-`, `arc_`, ...): the random part must look
 * like random base62/base64url, i.e. mixed case plus either a digit or a high share of upper-case letters.
 * `sk-learn-compatible-estimators-v2` or `arc_lengthParameterizationHelper` do not qualify; a random 20-char
 * base64url string fails this with probability below 0.1%.
 */
const looksRandom = (part: string): boolean => {
  const upper = (part.match(/[A-Z]/g) ?? []).length;
  const lower = (part.match(/[a-z]/g) ?? []).length;
  if (upper === 0 || lower === 0 || !notPlaceholder(part)) return false;
  return /[0-9]/.test(part) || upper / (upper + lower) >= 0.3;
};

/**
 * A password in a URI's userinfo is a placeholder, not a credential, only when it is visibly one: a template
 * variable (`${DB_PASSWORD}`, `{{password}}`, `{password}`, `<password>`, `$PASSWORD`, `%PASSWORD%`) or a
 * redaction (`***`, `xxxx`, `...`). Words such as `secret` or `password` are refused: they are passwords too.
 */
const URI_PASSWORD_PLACEHOLDER = /^(?:\$\{[^}]*\}|\{\{?[^}]*\}\}?|<[^>]*>|\$[A-Za-z_]\w*|%[A-Za-z_]\w*%|\*+|x+|X+|\.{3}|\u2026)$/;
const notUriPlaceholder = (password: string): boolean => !URI_PASSWORD_PLACEHOLDER.test(password);

/** Ordered from most to least specific: the first kind found is reported. */
const SECRET_RULES: readonly SecretRule[] = [
  { kind: 'private_key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g },
  { kind: 'aws_access_key', pattern: /\b(?:AKIA|ASIA)([A-Z0-9]{16})\b/g, accept: notPlaceholder },
  {
    kind: 'aws_secret_key',
    pattern: /(?:aws_?secret_?access_?key|secretaccesskey)["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    accept: notPlaceholder,
  },
  { kind: 'google_api_key', pattern: /\bAIza([0-9A-Za-z_-]{35})(?![0-9A-Za-z_-])/g, accept: notPlaceholder },
  { kind: 'github_token', pattern: /\bgh[pousr]_([A-Za-z0-9]{36,})\b/g, accept: notPlaceholder },
  { kind: 'github_token', pattern: /\bgithub_pat_([A-Za-z0-9_]{22,})/g, accept: notPlaceholder },
  {
    kind: 'slack_webhook',
    pattern: /\bhttps?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/([A-Za-z0-9_/-]{20,})/g,
    accept: notPlaceholder,
  },
  { kind: 'slack_token', pattern: /\bxox[abprs]-(?:\d+-)+([A-Za-z0-9]{8,})/g, accept: notPlaceholder },
  { kind: 'anthropic_key', pattern: /\bsk-ant-([A-Za-z0-9_-]{32,})/g, accept: notPlaceholder },
  { kind: 'stripe_key', pattern: /\b[sr]k_live_([A-Za-z0-9]{20,})/g, accept: notPlaceholder },
  {
    kind: 'openai_key',
    pattern: /\bsk-(?:(?:proj|svcacct|admin)-)?([A-Za-z0-9_-]{20,})/g,
    accept: looksRandom,
  },
  {
    kind: 'jwt',
    // Starts only where a run of token characters starts: with `\b`, "eyJ-" repeated made every `eyJ` a start
    // that rescanned the rest of the run (quadratic). `(?=(x+))\1` is an atomic group: the header segment is
    // taken whole, never given back character by character.
    pattern: /(?<![A-Za-z0-9_-])eyJ(?=([A-Za-z0-9_-]{10,}))\1={0,2}\.([A-Za-z0-9_-]{10,}={0,2}\.[A-Za-z0-9_-]{20,})/g,
    accept: notPlaceholder,
    group: 2,
  },
  { kind: 'service_token', pattern: /\b(?:arc|mca|mco)_([A-Za-z0-9_-]{20,})/g, accept: looksRandom },
  {
    kind: 'uri_credentials',
    // scheme://[user]:password@ in a URI of any scheme (redis, amqp, mongodb+srv, ftp, https, …): the userinfo
    // ends at the first '/', '?', '#' or '@' (RFC 3986 §3.2.1), so `https://example.com/a:b@c` carries none.
    // The scheme starts only where a run of scheme characters starts (the lookbehind), so a long run is
    // scanned once, not once per character; every part is a character class that the next literal excludes.
    pattern: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/?#@:]*:([^\s/?#@]+)@/g,
    accept: notUriPlaceholder,
  },
];

/** The refusal text for a credential found in a field: names the kind, never the value. */
export function credentialRefusal(field: string, kind: string): string {
  return `${field} appears to contain a credential (${kind}); remove it before publishing`;
}

/**
 * Looks for credentials in `s` (call it on normalised text so full-width look-alikes are caught too).
 * Returns the kind of the first credential found, never the matched value.
 */
export function scanForSecrets(s: string): { kind: SecretKind } | null {
  for (const rule of SECRET_RULES) {
    for (const match of s.matchAll(rule.pattern)) {
      const part = match[rule.group ?? 1] ?? match[0];
      if (!rule.accept || rule.accept(part)) return { kind: rule.kind };
    }
  }
  return null;
}
