import { domainToASCII } from 'node:url';

/**
 * Proposed `.agent` names: normalization and DNS-label validation.
 */

export const AGENT_TLD = 'agent';

export const MAX_LABEL_LENGTH = 63;

export type NormalizedAgentName = { ok: true; label: string; domain: string } | { ok: false; reason: string };

/** Names that are never accepted: infrastructure, abuse contacts, RFC 2606/6761 names, registry roles. */
export const DEFAULT_RESERVED_NAMES: ReadonlySet<string> = new Set([
  // Registry, registrar and policy bodies
  'dmv',
  'agent',
  'agents',
  'agentry',
  'registry',
  'registrar',
  'registrant',
  'icann',
  'iana',
  'ietf',
  'nic',
  'whois',
  'rdap',
  'tld',
  'gtld',
  // Infrastructure hostnames
  'www',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'mx',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'ftp',
  'api',
  'app',
  'cdn',
  'static',
  'status',
  'auth',
  'oauth',
  'login',
  'mcp',
  'autoconfig',
  'autodiscover',
  // Roles and abuse contacts (RFC 2142)
  'admin',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'support',
  'help',
  'info',
  'security',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
  'noreply',
  'no-reply',
  'official',
  // Special-use and example names (RFC 2606, RFC 6761)
  'localhost',
  'localdomain',
  'local',
  'example',
  'test',
  'invalid',
  'onion',
  'arpa',
  'null',
  'undefined',
]);

const AGENT_SUFFIX = `.${AGENT_TLD}`;
const PUNYCODE_PREFIX = 'xn--';

function invalidCharacters(label: string): string {
  const seen = new Set<string>();
  for (const ch of label) if (!/^[a-z0-9-]$/.test(ch)) seen.add(ch);
  return [...seen].join('');
}

/**
 * Normalizes and validates a proposed agent name.
 *
 * Normalization: trim, lower-case, drop a trailing `.agent` (or `.agent.`), turn runs of whitespace and
 * underscores into a single hyphen. Validation: a DNS label of 1-63 characters from a-z, 0-9 and hyphen,
 * no leading/trailing hyphen, `--` in positions 3-4 only for valid punycode (`xn--`), not reserved.
 */
export function normalizeAgentName(input: string, reserved: ReadonlySet<string> = DEFAULT_RESERVED_NAMES): NormalizedAgentName {
  if (typeof input !== 'string') return { ok: false, reason: 'name must be a string' };

  let label = input.trim().toLowerCase();
  if (label.endsWith(`${AGENT_SUFFIX}.`)) label = label.slice(0, -1);
  if (label.endsWith(AGENT_SUFFIX)) label = label.slice(0, -AGENT_SUFFIX.length);
  label = label.trim().replace(/[\s_]+/g, '-');

  if (label === '') return { ok: false, reason: 'name is empty' };
  if (label.length > MAX_LABEL_LENGTH) {
    return { ok: false, reason: `name is longer than ${MAX_LABEL_LENGTH} characters` };
  }
  const bad = invalidCharacters(label);
  if (bad !== '') {
    return { ok: false, reason: `name contains characters other than a-z, 0-9 and hyphen: '${bad}'` };
  }
  if (label.startsWith('-') || label.endsWith('-')) {
    return { ok: false, reason: 'name must not start or end with a hyphen' };
  }
  if (label.slice(2, 4) === '--' && !isValidPunycodeLabel(label)) {
    return { ok: false, reason: "'--' in positions 3-4 is only allowed in valid punycode (xn--)" };
  }
  if (reserved.has(label)) return { ok: false, reason: `name '${label}' is reserved` };

  return { ok: true, label, domain: `${label}${AGENT_SUFFIX}` };
}

/**
 * True when `label` is an IDNA A-label: `xn--` followed by RFC 3492 punycode that decodes to a string with
 * at least one non-ASCII character, and which IDNA (UTS #46, via WHATWG URL) re-encodes to the same label.
 */
export function isValidPunycodeLabel(label: string): boolean {
  if (!label.startsWith(PUNYCODE_PREFIX)) return false;
  const decoded = decodePunycode(label.slice(PUNYCODE_PREFIX.length));
  if (decoded === null || decoded === '' || ![...decoded].some((ch) => ch.codePointAt(0)! > 0x7f)) return false;
  return domainToASCII(decoded) === label;
}

// RFC 3492 parameters
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_CODE_POINT = 0x10ffff;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
    delta = Math.floor(delta / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}

function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26; // 0-9 → 26-35
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // a-z → 0-25
  if (code >= 0x41 && code <= 0x5a) return code - 0x41; // A-Z → 0-25
  return BASE; // invalid
}

/**
 * Decodes an RFC 3492 punycode string (without the `xn--` prefix). Returns null for malformed input,
 * overflow, or decoded code points that are not Unicode scalar values.
 */
export function decodePunycode(input: string): string | null {
  for (let i = 0; i < input.length; i++) if (input.charCodeAt(i) >= 0x80) return null;

  const output: number[] = [];
  const lastDelimiter = input.lastIndexOf('-');
  if (lastDelimiter > 0) {
    for (let i = 0; i < lastDelimiter; i++) output.push(input.charCodeAt(i));
  }

  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  let pos = lastDelimiter > 0 ? lastDelimiter + 1 : 0;

  while (pos < input.length) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) return null;
      const digit = digitValue(input.charCodeAt(pos++));
      if (digit >= BASE) return null;
      if (digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    if (Math.floor(i / length) > MAX_INT - n) return null;
    n += Math.floor(i / length);
    i %= length;
    if (n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i++;
  }

  return String.fromCodePoint(...output);
}
