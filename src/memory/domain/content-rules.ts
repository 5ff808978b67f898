import { createHash } from 'node:crypto';
import { detectPromptInjection } from './prompt-injection.js';
import { credentialRefusal, scanForSecrets } from './secret-rules.js';
import { codePointLength, FORBIDDEN_KIND_LABEL, findForbiddenCharacters, normalizeText } from './text-characters.js';

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
 * bidi-control characters ({@link findForbiddenCharacters}, text-characters.ts) or something that looks
 * like a credential ({@link scanForSecrets}, secret-rules.ts), and they are screened (never altered) for
 * prompt-injection patterns ({@link detectPromptInjection}, prompt-injection.ts). The writes then run a
 * second, maintained secret pass over the validated values (maintained-secret-rules.ts).
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
  const tooLong = () => new FieldError('invalid_argument', field, `${field} must be at most ${rule.max} characters`);
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
    describe: `be ${HANDLE_MIN_LENGTH}-${HANDLE_MAX_LENGTH} characters of a-z, 0-9, '_' or '-', ` + 'starting with a letter or digit',
  },
};

const SLUG_RULE: FieldRule = {
  min: CATEGORY_SLUG_MIN_LENGTH,
  max: CATEGORY_SLUG_MAX_LENGTH,
  pattern: {
    regex: CATEGORY_SLUG_PATTERN,
    describe:
      `be ${CATEGORY_SLUG_MIN_LENGTH}-${CATEGORY_SLUG_MAX_LENGTH} characters of a-z, 0-9 or '-', ` + 'starting with a letter or digit',
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
