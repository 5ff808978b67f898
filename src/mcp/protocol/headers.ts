const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** One header value as a string (the first when repeated), trimmed; undefined when absent. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value[0] : value).trim();
}

/**
 * Decodes an MCP header value: trims it and, when it uses the `=?base64?…?=` sentinel, decodes
 * the UTF-8 payload (then trims again). Returns null for an invalid sentinel payload.
 */
export function decodeMcpHeader(raw: string): string | null {
  const value = raw.trim();
  if (!value.startsWith('=?base64?')) return value;
  const match = SENTINEL.exec(value);
  if (!match || match[1].length % 4 !== 0) return null;
  try {
    return utf8.decode(Buffer.from(match[1], 'base64')).trim();
  } catch {
    return null;
  }
}

export type ResponseFormat = 'json' | 'sse' | 'none';

/** Picks the response format from Accept: JSON whenever the client accepts it, else SSE. */
export function responseFormat(accept: string | undefined): ResponseFormat {
  if (accept === undefined || accept === '') return 'json';
  if (accept.includes('application/json') || accept.includes('*/*') || accept.includes('application/*')) return 'json';
  if (accept.includes('text/event-stream')) return 'sse';
  return 'none';
}

/** Whether a Content-Type names JSON (`application/json`, any parameters). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const semi = contentType.indexOf(';');
  const type = (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
  return type === 'application/json';
}
