import { randomBytes as cryptoRandomBytes } from 'node:crypto';

/**
 * DMV certificate IDs.
 *
 * Canonical form: `DMV-XXXX-XXXX-XXXX-C`
 *  - twelve Crockford base32 data symbols encoding a 60-bit value, most significant symbol first;
 *  - one Crockford check symbol: `value mod 37` indexed into {@link CROCKFORD_CHECK_ALPHABET}.
 *
 * A syntactically valid ID (right pattern, right check symbol) says nothing about whether the
 * certificate was ever issued: that is a database question.
 */

/** Crockford base32 alphabet: 0-9 and A-Z without I, L, O and U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Crockford check-symbol alphabet: the 32 data symbols followed by `*~$=U` (37 symbols). */
export const CROCKFORD_CHECK_ALPHABET = `${CROCKFORD_ALPHABET}*~$=U`;

export const CERTIFICATE_ID_PREFIX = 'DMV';

/** Number of data symbols in an ID. */
export const CERTIFICATE_ID_DATA_SYMBOLS = 12;

/** Number of bits carried by the data symbols (12 × 5). */
export const CERTIFICATE_ID_BITS = 60;

/** Largest value an ID can encode: 2^60 − 1. */
export const CERTIFICATE_ID_MAX_VALUE = (1n << BigInt(CERTIFICATE_ID_BITS)) - 1n;

export type ParsedCertificateId = { ok: true; canonical: string; value: bigint } | { ok: false; reason: string };

/** Decoding table for data symbols, case-insensitive, with Crockford's I/L → 1 and O → 0 aliases. */
const DATA_DECODE: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (let i = 0; i < CROCKFORD_ALPHABET.length; i++) {
    map.set(CROCKFORD_ALPHABET[i], i);
    map.set(CROCKFORD_ALPHABET[i].toLowerCase(), i);
  }
  for (const alias of ['I', 'i', 'L', 'l']) map.set(alias, 1);
  for (const alias of ['O', 'o']) map.set(alias, 0);
  return map;
})();

/** Decoding table for the check symbol: the data table plus `*~$=` and `U`/`u`. */
const CHECK_DECODE: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>(DATA_DECODE);
  for (let i = CROCKFORD_ALPHABET.length; i < CROCKFORD_CHECK_ALPHABET.length; i++) {
    map.set(CROCKFORD_CHECK_ALPHABET[i], i);
    map.set(CROCKFORD_CHECK_ALPHABET[i].toLowerCase(), i);
  }
  return map;
})();

function checkSymbolFor(value: bigint): string {
  return CROCKFORD_CHECK_ALPHABET[Number(value % 37n)];
}

/** Encodes a 60-bit value as a canonical certificate ID. Throws RangeError outside [0, 2^60 − 1]. */
export function encodeCertificateId(value: bigint): string {
  if (typeof value !== 'bigint' || value < 0n || value > CERTIFICATE_ID_MAX_VALUE) {
    throw new RangeError(`certificate ID value must be an integer in [0, 2^${CERTIFICATE_ID_BITS} - 1]`);
  }
  let data = '';
  let rest = value;
  for (let i = 0; i < CERTIFICATE_ID_DATA_SYMBOLS; i++) {
    data = CROCKFORD_ALPHABET[Number(rest & 31n)] + data;
    rest >>= 5n;
  }
  const groups = [data.slice(0, 4), data.slice(4, 8), data.slice(8, 12)];
  return [CERTIFICATE_ID_PREFIX, ...groups, checkSymbolFor(value)].join('-');
}

/** Generates a random certificate ID (60 bits from a CSPRNG). `randomBytes` is injectable for tests. */
export function generateCertificateId(randomBytes: (n: number) => Buffer = cryptoRandomBytes): string {
  const bytes = randomBytes(8);
  if (bytes.length < 8) throw new Error('randomBytes returned fewer than 8 bytes');
  const value = bytes.readBigUInt64BE(0) & CERTIFICATE_ID_MAX_VALUE;
  return encodeCertificateId(value);
}

function describeChar(ch: string): string {
  // Make invisible characters visible in the error message.
  return /^[\p{L}\p{N}\p{S}\p{P}]$/u.test(ch) ? `'${ch}'` : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Parses a user-supplied certificate ID.
 *
 * Tolerant: surrounding whitespace, any case, hyphens anywhere (or none), optional `DMV` prefix, and
 * Crockford aliases (I/L → 1, O → 0). Strict: exactly 12 data symbols plus a check symbol that matches.
 * Positions in error messages are 1-based character positions in the trimmed input.
 */
export function parseCertificateId(input: string): ParsedCertificateId {
  if (typeof input !== 'string') return { ok: false, reason: 'certificate ID must be a string' };
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, reason: 'certificate ID is empty' };

  // Collect the non-hyphen characters together with their positions in the trimmed input.
  const symbols: { ch: string; position: number }[] = [];
  let position = 0;
  for (const ch of trimmed) {
    position++;
    if (ch !== '-') symbols.push({ ch, position });
  }

  const expected = CERTIFICATE_ID_DATA_SYMBOLS + 1;
  // A bare ID is exactly 13 symbols; anything else starting with "DMV" is taken as prefixed.
  const hasPrefix =
    symbols.length !== expected &&
    symbols.length >= CERTIFICATE_ID_PREFIX.length &&
    symbols
      .slice(0, CERTIFICATE_ID_PREFIX.length)
      .map((s) => s.ch)
      .join('')
      .toUpperCase() === CERTIFICATE_ID_PREFIX;
  const body = hasPrefix ? symbols.slice(CERTIFICATE_ID_PREFIX.length) : symbols;

  if (body.length !== expected) {
    return {
      ok: false,
      reason:
        `certificate ID has the wrong length: expected ${CERTIFICATE_ID_DATA_SYMBOLS} symbols and a check symbol ` +
        `(DMV-XXXX-XXXX-XXXX-C), got ${body.length} symbol${body.length === 1 ? '' : 's'}` +
        (hasPrefix ? ' after the DMV prefix' : ''),
    };
  }

  let value = 0n;
  for (let i = 0; i < CERTIFICATE_ID_DATA_SYMBOLS; i++) {
    const { ch, position: pos } = body[i];
    const digit = DATA_DECODE.get(ch);
    if (digit === undefined) {
      return { ok: false, reason: `invalid character ${describeChar(ch)} at position ${pos}` };
    }
    value = (value << 5n) | BigInt(digit);
  }

  const check = body[CERTIFICATE_ID_DATA_SYMBOLS];
  const checkIndex = CHECK_DECODE.get(check.ch);
  if (checkIndex === undefined) {
    return { ok: false, reason: `invalid check symbol ${describeChar(check.ch)} at position ${check.position}` };
  }
  if (BigInt(checkIndex) !== value % 37n) {
    return { ok: false, reason: 'check symbol mismatch: the certificate ID was probably mistyped' };
  }

  return { ok: true, canonical: encodeCertificateId(value), value };
}
