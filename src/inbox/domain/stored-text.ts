/**
 * Text as PostgreSQL stores it. `text` and `jsonb` refuse U+0000 (and jsonb refuses a lone surrogate
 * written as `\ud800`), so mail that carries them — a NUL in a From header, a broken UTF-16 pair in
 * an encoded word — would fail at the INSERT on every retry (a poison message). Every string taken
 * from a message is passed through here before it is stored: U+0000 and lone surrogates become
 * U+FFFD, so the reader sees that something was there.
 */

// NUL, a high surrogate not followed by a low one, a low surrogate not preceded by a high one.
const PATTERN = '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const UNSTORABLE = new RegExp(PATTERN);
const UNSTORABLE_ALL = new RegExp(PATTERN, 'g');

export function storedText(value: string): string {
  return UNSTORABLE.test(value) ? value.replace(UNSTORABLE_ALL, '\uFFFD') : value;
}

/** storedText over every string (and object key) of a JSON-like value; other values as they are. */
export function storedValue<T>(value: T): T {
  if (typeof value === 'string') return storedText(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => storedValue(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storedText(k), storedValue(v)])) as T;
  }
  return value;
}
