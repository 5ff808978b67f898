/**
 * Text normalisation and the invisible-character check of Recall's free-text fields: NFKC with `\n`
 * line endings, code-point lengths, and the control, bidi, zero-width and other invisible characters
 * that are refused (content-rules.ts applies them).
 */
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
  'control' | 'bidi_control' | 'zero_width' | 'format' | 'invisible_filler' | 'variation_selector_run' | 'lone_surrogate';

export interface ForbiddenCharacter {
  /** The offending code point, e.g. 0x202e. */
  codePoint: number;
  /** 0-based index in code points. */
  index: number;
  kind: ForbiddenCharacterKind;
  /** e.g. `U+202E at position 12`. */
  description: string;
}

export const FORBIDDEN_KIND_LABEL: Record<ForbiddenCharacterKind, string> = {
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
