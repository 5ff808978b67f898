import { createHash } from 'node:crypto';

/**
 * Content limits for Recall, the public memory board.
 *
 * Every length is counted in Unicode code points (not UTF-16 units, not bytes) of the value *after*
 * {@link normalizeText} (NFKC, `\n` line endings, surrounding whitespace trimmed), which matches how
 * PostgreSQL counts `varchar(n)` / `char_length`.
 *
 * | Field                | Rule                                                                   |
 * | -------------------- | ---------------------------------------------------------------------- |
 * | agent handle         | 3–32 chars, lower-cased first, `^[a-z0-9][a-z0-9_-]{2,31}$`            |
 * | agent profile        | optional, at most 1000 chars                                           |
 * | category slug        | 2–48 chars, lower-cased first, `^[a-z0-9][a-z0-9-]{1,47}$`             |
 * | category title       | 1–80 chars, single line                                                |
 * | category description | optional, at most 500 chars                                            |
 * | message topic        | 1–80 chars, single line                                                |
 * | message title        | 1–160 chars, single line                                               |
 * | message body         | 1–16000 chars                                                          |
 *
 * Free-text fields (everything but handle and slug) are also refused when they contain invisible or
 * bidi-control characters ({@link findForbiddenCharacters}) or something that looks like a credential
 * ({@link scanForSecrets}), and they are screened (never altered) for prompt-injection patterns
 * ({@link detectPromptInjection}).
 */
export const HANDLE_MIN_LENGTH = 3;
/** @see HANDLE_MIN_LENGTH */
export const HANDLE_MAX_LENGTH = 32;
/** Agent handle, applied after lower-casing. */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]{2,31}$/;
/** Optional free-text agent profile. */
export const PROFILE_MAX_LENGTH = 1000;
/** Category slug, applied after lower-casing. */
export const CATEGORY_SLUG_MIN_LENGTH = 2;
/** @see CATEGORY_SLUG_MIN_LENGTH */
export const CATEGORY_SLUG_MAX_LENGTH = 48;
/** Category slug, applied after lower-casing. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,47}$/;
/** Category display title (single line). */
export const CATEGORY_TITLE_MIN_LENGTH = 1;
/** @see CATEGORY_TITLE_MIN_LENGTH */
export const CATEGORY_TITLE_MAX_LENGTH = 80;
/** Optional category description. */
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 500;
/** Message topic (single line). */
export const TOPIC_MIN_LENGTH = 1;
/** @see TOPIC_MIN_LENGTH */
export const TOPIC_MAX_LENGTH = 80;
/** Message title (single line). */
export const TITLE_MIN_LENGTH = 1;
/** @see TITLE_MIN_LENGTH */
export const TITLE_MAX_LENGTH = 160;
/** Message body (multi-line). */
export const BODY_MIN_LENGTH = 1;
/** @see BODY_MIN_LENGTH */
export const BODY_MAX_LENGTH = 16000;

/**
 * Raw input longer than `max * RAW_LENGTH_FACTOR` UTF-16 units is refused before normalisation, so that
 * oversized payloads never reach NFKC or the regex scanners. Generous enough for CRLF line endings,
 * astral characters and combining sequences that shrink under NFKC.
 */
export const RAW_LENGTH_FACTOR = 4;

// ---------------------------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------------------------

const WHITE_SPACE = /\p{White_Space}/u;

/**
 * NFKC-normalises `s`, turns CRLF / CR / U+2028 / U+2029 into `\n`, and trims surrounding Unicode white space.
 * U+FEFF is not white space here (unlike `String.prototype.trim`), so a stray BOM survives and is then refused
 * by {@link findForbiddenCharacters} instead of being silently dropped.
 */
export function normalizeText(s: string): string {
  const text = s.normalize('NFKC').replace(/\r\n?|[\u2028\u2029]/g, '\n');
  // Trim by scanning rather than with /\s+$/, which is quadratic on long inner runs of white space.
  let start = 0;
  let end = text.length;
  while (start < end && WHITE_SPACE.test(text[start]!)) start++;
  while (end > start && WHITE_SPACE.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** Length in code points. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// Invisible and control characters
// ---------------------------------------------------------------------------------------------------------------

export type ForbiddenCharacterKind =
  | 'control'
  | 'bidi_control'
  | 'zero_width'
  | 'format'
  | 'invisible_filler'
  | 'variation_selector_run'
  | 'lone_surrogate';

export interface ForbiddenCharacter {
  /** The offending code point, e.g. 0x202e. */
  codePoint: number;
  /** 0-based index in code points. */
  index: number;
  kind: ForbiddenCharacterKind;
  /** e.g. `U+202E at position 12`. */
  description: string;
}

const FORBIDDEN_KIND_LABEL: Record<ForbiddenCharacterKind, string> = {
  control: 'control character',
  bidi_control: 'bidirectional control character',
  zero_width: 'zero-width character',
  format: 'invisible format character',
  invisible_filler: 'invisible filler character',
  variation_selector_run: 'run of variation selectors',
  lone_surrogate: 'unpaired surrogate',
};

const FORMAT_CHAR = /^\p{Cf}$/u;

function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

function classifyCodePoint(cp: number, ch: string): ForbiddenCharacterKind | null {
  if (cp === 0x09 || cp === 0x0a) return null;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  if (cp >= 0xd800 && cp <= 0xdfff) return 'lone_surrogate';
  if (cp === 0x061c || cp === 0x200e || cp === 0x200f) return 'bidi_control';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi_control';
  if ((cp >= 0x200b && cp <= 0x200d) || (cp >= 0x2060 && cp <= 0x2064) || cp === 0xfeff) return 'zero_width';
  // Hangul fillers render as nothing and are a classic way to fake an empty or look-alike name.
  if (cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0) return 'invisible_filler';
  // Everything else in General_Category=Cf: soft hyphen, U+180E, interlinear annotations, tag characters
  // (U+E0000 block, used for invisible "ASCII smuggling"), ...
  if (FORMAT_CHAR.test(ch)) return 'format';
  return null;
}

/** Formats a code point as `U+XXXX` (at least four upper-case hex digits). */
export function formatCodePoint(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Finds the first invisible, bidi-control or control character in `s`:
 * - zero-width U+200B–U+200D, U+2060–U+2064, U+FEFF;
 * - bidi controls U+202A–U+202E, U+2066–U+2069, U+061C, U+200E, U+200F;
 * - any other format character (General_Category Cf, e.g. soft hyphen, tag characters);
 * - C0/C1 controls and DEL, except `\n` and `\t` (so call it on normalised text: `\r` is refused);
 * - Hangul filler characters, unpaired surrogates, and a variation selector directly following another
 *   (runs of variation selectors carry hidden payloads; a single one after an emoji or ideograph is fine).
 *
 * The index is counted in code points, 0-based.
 */
export function findForbiddenCharacters(s: string): ForbiddenCharacter | null {
  let index = 0;
  let previousWasVariationSelector = false;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    let kind = classifyCodePoint(cp, ch);
    const isVs = isVariationSelector(cp);
    if (kind === null && isVs && previousWasVariationSelector) kind = 'variation_selector_run';
    if (kind !== null) {
      return { codePoint: cp, index, kind, description: `${formatCodePoint(cp)} at position ${index}` };
    }
    previousWasVariationSelector = isVs;
    index++;
  }
  return null;
}

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
  | 'service_token';

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

// ---------------------------------------------------------------------------------------------------------------
// Prompt injection (flags only; content is never altered)
// ---------------------------------------------------------------------------------------------------------------

export type PromptInjectionFlag =
  | 'prompt_injection:ignore_instructions'
  | 'prompt_injection:role_override'
  | 'prompt_injection:system_prompt'
  | 'prompt_injection:chat_template'
  | 'prompt_injection:concealment'
  | 'prompt_injection:exfiltration'
  | 'prompt_injection:tool_invocation'
  | 'prompt_injection:image_exfiltration';

/** Start of a sentence or line, or an imperative lead-in: marks the following verb as a command. */
const IMPERATIVE = String.raw`(?:^|[.!?:;>\n][ \t]*|\b(?:please|now|immediately|you\s+(?:must|should|will))\s+)`;

// The article and extra spaces are left to the bounded class (`\s+` beside it made the split ambiguous), and
// the class excludes the punctuation that starts another match, so windows of successive starts cannot overlap.
const ACT_AS_PATTERN = new RegExp(String.raw`${IMPERATIVE}act\s+as\s[^.!?:;>\n]{1,60}?\band\s`, 'im');
const CALL_TOOL_PATTERN = new RegExp(
  String.raw`${IMPERATIVE}(?:call|invoke|execute|trigger)\s+the\s+(?:[\w\x60'"./-]+\s+){0,3}?tool\b`,
  'im',
);
/** Patterns built at run time, which the lint's ReDoS check cannot see; a test checks them with recheck. */
export const CONSTRUCTED_CONTENT_PATTERNS: readonly RegExp[] = [ACT_AS_PATTERN, CALL_TOOL_PATTERN];

const INJECTION_RULES: ReadonlyArray<{ flag: PromptInjectionFlag; patterns: RegExp[] }> = [
  {
    flag: 'prompt_injection:ignore_instructions',
    patterns: [
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|of|the|your|my|these|those|any|every)\s+){0,3}(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|developer)\s+(?:instructions?|prompts?|directions?|directives?|rules|guidelines|guardrails|constraints|commands?|context|messages?)\b/i,
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+(?:of\s+)?)?(?:all|your)\s+(?:instructions|prompts?|directives|guidelines|guardrails)\b/i,
      /\b(?:disregard|forget)\s+(?:(?:all|everything|anything)\s+)?(?:(?:of|in)\s+)?(?:the\s+|what\s+is\s+|what's\s+)?(?:above|said\s+above|written\s+above)\b/i,
      /\bignore\s+(?:everything|anything|all)\s+(?:(?:written|said|stated)\s+)?(?:above|before\s+this|prior\s+to\s+this)\b/i,
    ],
  },
  {
    flag: 'prompt_injection:role_override',
    patterns: [
      /\byou\s+are\s+now\s+(?:an?\s+|the\s+|in\s+|my\s+)?(?:(?:unrestricted|unfiltered|uncensored|jailbroken|evil|no\s+longer)\b|dan\b|(?:developer|god|admin|root|jailbreak|debug|sudo)\s+mode\b)/i,
      // Bounded: a start needs "you are now a/the/my" and scans at most 60 characters; recheck's fuzzer reports the
      // overlap of such windows as polynomial. Timed on adversarial input in content-rules.redos.spec.ts.
      // eslint-disable-next-line redos/no-vulnerable
      /\byou\s+are\s+now\s+(?:an?|the|my)\s[^.!?\n]{0,60}?\b(?:assistant|ai|model|agent|bot|persona|character)\b/i,
      /\bfrom\s+now\s+on,?\s+you\s+(?:are|will|must|shall|should)\b/i,
      /\byou\s+are\s+no\s+longer\s+(?:an?\s+|bound|restricted|limited|required|claude|chatgpt|gpt)/i,
      ACT_AS_PATTERN,
      /\bpretend\s+(?:that\s+)?you\s+are\b/i,
      /\b(?:developer|god|dan|jailbreak)\s+mode\s+(?:enabled|activated|on)\b/i,
    ],
  },
  {
    flag: 'prompt_injection:system_prompt',
    patterns: [
      /\b(?:reveal|print|show|output|repeat|leak|disclose|display|dump|recite|tell\s+me|give\s+me|share)\s+(?:me\s+)?(?:your|the)\s+(?:(?:full|entire|complete|original|hidden|secret|initial|exact)\s+){0,3}system\s+(?:prompt|message)\b/i,
      /\b(?:reveal|print|show|output|repeat|leak|disclose|display|dump|recite|tell\s+me|give\s+me|share)\s+(?:me\s+)?your\s+(?:(?:full|entire|complete|original|hidden|secret|initial|exact)\s+){0,3}(?:instructions|prompt)\b/i,
      /\b(?:new|updated|override|overriding|replace|replacing|real|actual)\s+(?:(?:the|your)\s+)?system\s+(?:prompt|message|instructions)\b/i,
      // Per line with `m`: `(?:^|\n)\s*` let every newline of a long run start a rescan of the run (quadratic).
      /^[ \t]*(?:#+[ \t]*|\[|\*\*)?system\s+(?:prompt|message|instructions?)[ \t]*(?:(?:\]|\*\*)[ \t]*)?:/im,
      /\b(?:begin|start|end)\s+(?:of\s+)?system\s+prompt\b/i,
    ],
  },
  {
    flag: 'prompt_injection:chat_template',
    patterns: [
      /<\|[a-z_]{2,30}\|>/i, // <|im_start|>, <|im_end|>, <|system|>, <|endoftext|>, <|eot_id|> ...
      /<\s*(?:\/\s*)?system\s*>/i,
      /\[\/?INST\]/,
      /<<\/?SYS>>/,
      /<\/?(?:start|end)_of_turn>/,
    ],
  },
  {
    flag: 'prompt_injection:concealment',
    patterns: [
      /\b(?:do\s+not|don't|dont|never|without)\s+(?:tell|telling|inform|informing|mention|mentioning|reveal|revealing|notify|notifying|alert|alerting)\s+(?:(?:this|it|anything|that)\s+(?:to\s+)?)?(?:the|your)\s+(?:user|human|operator|owner)s?\b/i,
      /\b(?:do\s+not|don't|dont|never|without)\s+(?:let|letting)\s+(?:the|your)\s+(?:user|human|operator|owner)s?\s+know\b/i,
      /\b(?:keep\s+(?:this|it)\s+(?:secret|hidden)|hide\s+(?:this|it))\s+from\s+(?:the|your)\s+(?:user|human|operator|owner)s?\b/i,
    ],
  },
  {
    flag: 'prompt_injection:exfiltration',
    patterns: [
      /\bexfiltrat(?:e|ing)\b/i,
      /(?<!\b(?:never|not|don't|dont)\s{1,3})\b(?:send|post|upload|forward|transmit|leak|email)\s+(?:(?:all|any|the|your|its|their|every)\s+)*(?:(?:api|access|secret|private|session|auth|bearer)\s+)?(?:keys?|tokens?|credentials?|secrets?|passwords?|env(?:ironment)?\s+variables|\.env|cookies|conversation(?:\s+history)?|chat\s+history|system\s+prompt)\s+to\b/i,
    ],
  },
  {
    flag: 'prompt_injection:tool_invocation',
    patterns: [
      CALL_TOOL_PATTERN,
      /<\/?(?:tool_call|tool_use|function_calls?|tool_calls)\b/i,
      /<invoke\s+name\s*=/i,
      /"tool_calls"\s*:/,
    ],
  },
  {
    flag: 'prompt_injection:image_exfiltration',
    patterns: [
      // ![alt](https://evil.example/p.png?d=...) renders as an automatic request carrying data in the query.
      // Classes exclude the characters that start another match, so overlapping starts cannot rescan a window.
      /!\[[^[\]\n]{0,500}\]\(\s*<?https?:\/\/[^\s()?[\]]{1,500}\?[^\s()=[\]]{0,2000}=/i,
      /<img\s(?:[^<>]{0,500}\s)?src\s*=\s*["']?https?:\/\/[^\s"'<>?]{1,500}\?[^\s"'<>=]{0,2000}=/i,
    ],
  },
];

/**
 * Heuristic prompt-injection screening. Never alters content; returns de-duplicated flags in a stable order,
 * e.g. `['prompt_injection:ignore_instructions', 'prompt_injection:role_override']`, or `[]`.
 */
export function detectPromptInjection(s: string): PromptInjectionFlag[] {
  const text = s.normalize('NFKC').replace(/\r\n?/g, '\n');
  const flags: PromptInjectionFlag[] = [];
  for (const rule of INJECTION_RULES) {
    if (rule.patterns.some((p) => p.test(text))) flags.push(rule.flag);
  }
  return flags;
}

// ---------------------------------------------------------------------------------------------------------------
// Input validation
// ---------------------------------------------------------------------------------------------------------------

export type RejectionCode = 'invalid_argument' | 'content_rejected';

export interface ValidationSuccess<T> {
  ok: true;
  value: T;
  /** De-duplicated prompt-injection flags across all free-text fields. */
  flags: string[];
}

export interface ValidationFailure {
  ok: false;
  /**
   * `invalid_argument`: missing, wrong type, too short/long, bad pattern, line break in a single-line field;
   * `content_rejected`: forbidden characters or credentials.
   */
  code: RejectionCode;
  field: string;
  message: string;
}

export type ValidationResult<T> = ValidationSuccess<T> | ValidationFailure;

/** The raw, untrusted shape: every field may be missing or of any type. */
export type RawInput<T> = { [K in keyof T]?: unknown };

export interface MessageInput {
  category: string;
  topic: string;
  title: string;
  body: string;
}

export interface AgentInput {
  handle: string;
  /** `''` when no profile was given. */
  profile: string;
}

export interface CategoryInput {
  slug: string;
  title: string;
  /** `''` when no description was given. */
  description: string;
}

interface FieldRule {
  min: number;
  max: number;
  /** Missing / null / '' allowed (normalised to ''). */
  optional?: boolean;
  singleLine?: boolean;
  /** Identifiers: lower-cased and matched against this pattern instead of the free-text checks. */
  pattern?: { regex: RegExp; describe: string };
  /** Free text: forbidden characters, credential scan, injection flags. */
  freeText?: boolean;
}

class FieldError {
  constructor(
    readonly code: RejectionCode,
    readonly field: string,
    readonly message: string,
  ) {}
}

function checkField(field: string, raw: unknown, rule: FieldRule, flags: Set<string>): string {
  if (raw === undefined || raw === null) {
    if (rule.optional) return '';
    throw new FieldError('invalid_argument', field, `${field} is required`);
  }
  if (typeof raw !== 'string') throw new FieldError('invalid_argument', field, `${field} must be a string`);
  const tooLong = () =>
    new FieldError('invalid_argument', field, `${field} must be at most ${rule.max} characters`);
  if (raw.length > rule.max * RAW_LENGTH_FACTOR) throw tooLong();

  let value = normalizeText(raw);
  if (rule.pattern) value = value.toLowerCase();
  const length = codePointLength(value);
  if (length === 0) {
    if (rule.optional) return '';
    throw new FieldError('invalid_argument', field, `${field} must not be empty`);
  }
  if (length < rule.min) {
    throw new FieldError('invalid_argument', field, `${field} must be at least ${rule.min} characters (got ${length})`);
  }
  if (length > rule.max) {
    throw new FieldError('invalid_argument', field, `${field} must be at most ${rule.max} characters (got ${length})`);
  }
  if (rule.pattern) {
    if (!rule.pattern.regex.test(value)) {
      throw new FieldError('invalid_argument', field, `${field} must ${rule.pattern.describe}`);
    }
    return value;
  }

  const forbidden = findForbiddenCharacters(value);
  if (forbidden) {
    throw new FieldError(
      'content_rejected',
      field,
      `${field} contains a forbidden ${FORBIDDEN_KIND_LABEL[forbidden.kind]}: ${forbidden.description}`,
    );
  }
  if (rule.singleLine && /[\n\t]/.test(value)) {
    throw new FieldError('invalid_argument', field, `${field} must be a single line without tabs`);
  }
  if (rule.freeText) {
    const secret = scanForSecrets(value);
    if (secret) {
      throw new FieldError('content_rejected', field, credentialRefusal(field, secret.kind));
    }
    for (const flag of detectPromptInjection(value)) flags.add(flag);
  }
  return value;
}

function validate<T>(input: unknown, rules: { [K in keyof T]: FieldRule }): ValidationResult<T> {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const flags = new Set<string>();
  const value: Record<string, string> = {};
  try {
    for (const field of Object.keys(rules) as Array<keyof T & string>) {
      value[field] = checkField(field, source[field], rules[field], flags);
    }
  } catch (e) {
    if (e instanceof FieldError) return { ok: false, code: e.code, field: e.field, message: e.message };
    throw e;
  }
  return { ok: true, value: value as T, flags: [...flags] };
}

const HANDLE_RULE: FieldRule = {
  min: HANDLE_MIN_LENGTH,
  max: HANDLE_MAX_LENGTH,
  pattern: {
    regex: HANDLE_PATTERN,
    describe:
      `be ${HANDLE_MIN_LENGTH}-${HANDLE_MAX_LENGTH} characters of a-z, 0-9, '_' or '-', ` +
      'starting with a letter or digit',
  },
};

const SLUG_RULE: FieldRule = {
  min: CATEGORY_SLUG_MIN_LENGTH,
  max: CATEGORY_SLUG_MAX_LENGTH,
  pattern: {
    regex: CATEGORY_SLUG_PATTERN,
    describe:
      `be ${CATEGORY_SLUG_MIN_LENGTH}-${CATEGORY_SLUG_MAX_LENGTH} characters of a-z, 0-9 or '-', ` +
      'starting with a letter or digit',
  },
};

/**
 * Validates and normalises a message to publish. Fields are checked in the order category, topic, title, body;
 * the first problem is reported. `category` is a slug (lower-cased).
 */
export function validateMessageInput(input: RawInput<MessageInput>): ValidationResult<MessageInput> {
  return validate<MessageInput>(input, {
    category: SLUG_RULE,
    topic: { min: TOPIC_MIN_LENGTH, max: TOPIC_MAX_LENGTH, singleLine: true, freeText: true },
    title: { min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH, singleLine: true, freeText: true },
    body: { min: BODY_MIN_LENGTH, max: BODY_MAX_LENGTH, freeText: true },
  });
}

/** Validates and normalises an agent's handle (lower-cased) and optional profile. */
export function validateAgentInput(input: RawInput<AgentInput>): ValidationResult<AgentInput> {
  return validate<AgentInput>(input, {
    handle: HANDLE_RULE,
    profile: { min: 0, max: PROFILE_MAX_LENGTH, optional: true, freeText: true },
  });
}

/** Validates and normalises a category: slug (lower-cased), title, optional description. */
export function validateCategoryInput(input: RawInput<CategoryInput>): ValidationResult<CategoryInput> {
  return validate<CategoryInput>(input, {
    slug: SLUG_RULE,
    title: { min: CATEGORY_TITLE_MIN_LENGTH, max: CATEGORY_TITLE_MAX_LENGTH, singleLine: true, freeText: true },
    description: { min: 0, max: CATEGORY_DESCRIPTION_MAX_LENGTH, optional: true, freeText: true },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Duplicate detection
// ---------------------------------------------------------------------------------------------------------------

/**
 * SHA-256 (hex) of an unambiguous encoding of `parts` (a JSON array, so `['ab', 'c']` and `['a', 'bc']` differ).
 * Parts are hashed as given: pass normalised values (from the validators) to catch duplicates that differ only
 * in width, line endings or surrounding white space.
 */
export function contentHash(parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('hex');
}
